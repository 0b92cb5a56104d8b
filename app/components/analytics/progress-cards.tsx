import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { useMoney } from "./money";
import { ReportCard, ReportEmpty, ReportTable, UnconvertedNote } from "./report-card";
import type { BudgetAnalysis, GoalsProgress, Report } from "./report-state";

const budgetTones = {
  ok: { bar: "bg-success", badge: "success" },
  warning: { bar: "bg-warning", badge: "warning" },
  exceeded: { bar: "bg-destructive", badge: "destructive" },
} as const;

const goalTones = { reached: "success", on_track: "success", behind: "warning", no_date: "neutral" } as const;

/** A bar for a share of something (capped at full); the words say the figures. */
export function ProgressBar({
  label,
  percent,
  valueText,
  className,
  color,
}: {
  label: string;
  percent: number;
  valueText: string;
  className?: string;
  color?: string;
}) {
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={valueText}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className={cn("h-full rounded-full", className)} style={{ width: `${shown}%`, backgroundColor: color }} />
    </div>
  );
}

/** Each budget over the months the range touches: what it offered, what went, and how close to its limit. */
export function BudgetAnalysisCard({ report }: { report: Report<BudgetAnalysis> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-budgets"
      icon="piggy-bank"
      title={t("budgets.title")}
      description={t("budgets.description")}
      report={report}
    >
      {(data) => <BudgetsBody data={data} />}
    </ReportCard>
  );
}

function BudgetsBody({ data }: { data: BudgetAnalysis }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (!data.budgets.length) return <ReportEmpty>{t("budgets.empty")}</ReportEmpty>;
  const nameOf = (budget: BudgetAnalysis["budgets"][number]) => budget.tag?.name ?? t("budgets.allSpending");
  return (
    <>
      <ul className="grid gap-4" data-testid="budget-analysis">
        {data.budgets.map((budget) => {
          const tone = budgetTones[budget.period.status];
          const isOver = budget.period.remaining.startsWith("-");
          const spentText = t("budgets.spentOf", {
            spent: money.textIn(budget.period.spent, budget.currency),
            available: money.textIn(budget.period.available, budget.currency),
          });
          return (
            <li key={budget.uuid} className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <span className="font-medium text-foreground">{nameOf(budget)}</span>
                <Badge variant={tone.badge}>{t(`budgets.status.${budget.period.status}`)}</Badge>
              </div>
              <ProgressBar
                label={nameOf(budget)}
                percent={budget.period.percent_used}
                valueText={spentText}
                className={tone.bar}
              />
              <div className="flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground tabular">
                <span>{spentText}</span>
                <span className={isOver ? "font-medium text-destructive" : undefined}>
                  {isOver
                    ? t("budgets.over", { amount: money.textIn(budget.period.remaining.slice(1), budget.currency) })
                    : t("budgets.left", { amount: money.textIn(budget.period.remaining, budget.currency) })}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <ReportTable
        caption={t("budgets.title")}
        head={[
          t("budgets.budget"),
          t("budgets.budgeted"),
          t("budgets.carried"),
          t("budgets.spent"),
          t("budgets.remaining"),
          t("budgets.used"),
        ]}
        rows={data.budgets.map((budget) => ({
          key: budget.uuid,
          cells: [
            nameOf(budget),
            money.textIn(budget.period.budgeted, budget.currency),
            money.textIn(budget.period.carried, budget.currency),
            money.textIn(budget.period.spent, budget.currency),
            money.textIn(budget.period.remaining, budget.currency),
            money.percent(budget.period.percent_used),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}

/** Each goal: how far along, what it needs a month, and when the recent pace would reach it. */
export function GoalsProgressCard({ report }: { report: Report<GoalsProgress> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-goals"
      icon="target"
      title={t("goals.title")}
      description={t("goals.description")}
      report={report}
    >
      {(data) => <GoalsBody data={data} />}
    </ReportCard>
  );
}

function GoalsBody({ data }: { data: GoalsProgress }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (!data.goals.length) return <ReportEmpty>{t("goals.empty")}</ReportEmpty>;
  const projected = (date: string | null) => (date ? money.date(date) : t("goals.noProjection"));
  return (
    <>
      <ul className="grid gap-4" data-testid="goals-progress">
        {data.goals.map((goal) => {
          const progressText = t("goals.progress", {
            current: money.textIn(goal.current_amount, goal.currency),
            target: money.textIn(goal.target_amount, goal.currency),
          });
          return (
            <li key={goal.uuid} className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <span className="font-medium text-foreground">{goal.name}</span>
                <Badge variant={goalTones[goal.status as keyof typeof goalTones] ?? "neutral"}>
                  {t(`goals.status.${goal.status}`)}
                </Badge>
              </div>
              <ProgressBar label={goal.name} percent={goal.percent} valueText={progressText} color={goal.color} />
              <div className="flex flex-wrap justify-between gap-x-4 text-xs text-muted-foreground tabular">
                <span>{progressText}</span>
                <span>{money.percent(goal.percent)}</span>
              </div>
              <p className="text-xs text-muted-foreground">
                {[
                  goal.monthly_needed
                    ? t("goals.monthlyNeeded", { amount: money.textIn(goal.monthly_needed, goal.currency) })
                    : null,
                  goal.status === "reached" ? null : t("goals.projected", { date: projected(goal.projected_date) }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          );
        })}
      </ul>
      <ReportTable
        caption={t("goals.title")}
        head={[t("goals.goal"), t("goals.current"), t("goals.target"), t("goals.needed"), t("goals.projectedDate")]}
        rows={data.goals.map((goal) => ({
          key: goal.uuid,
          cells: [
            goal.name,
            money.textIn(goal.current_amount, goal.currency),
            money.textIn(goal.target_amount, goal.currency),
            goal.monthly_needed ? money.textIn(goal.monthly_needed, goal.currency) : "—",
            projected(goal.projected_date),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}
