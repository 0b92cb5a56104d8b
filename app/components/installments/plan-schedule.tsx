import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { LinkPayment } from "./link-payment";
import type { InstallmentPlanWithSchedule, InstallmentsPageData } from "./plan-types";

/** The columns of amounts, aligned right so their digits line up. */
const amountColumns = new Set(["amount", "interest"]);

const stateVariants = {
  settled_before: "success",
  paid: "success",
  charged: "info",
  scheduled: "neutral",
  due: "warning",
  overdue: "destructive",
  upcoming: "neutral",
  dropped: "outline",
} as const;

/**
 * A plan's installments: each one's date, amount, interest and where it stands — on a card, the
 * statement it is on (a link to it) — under the plan's totals.
 */
export function PlanSchedule({
  plan,
  workspaceId,
  linkable,
  onLink,
  isBusy,
}: {
  plan: InstallmentPlanWithSchedule;
  workspaceId: string;
  /** Expenses that may have paid the next installment (an account plan's), offered to link. */
  linkable: InstallmentsPageData["linkable"];
  onLink(transactionId: string): void;
  isBusy: boolean;
}) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  const money = (amount: string) => formatAmountText(amount, plan.currency, language);
  const isCard = plan.payment_method === "card";
  const figures = [
    { label: t("schedule.figures.total"), value: money(plan.total_with_interest) },
    { label: t("schedule.figures.interest"), value: money(plan.total_interest) },
    { label: t("schedule.figures.paid"), value: money(plan.paid_amount) },
    { label: t("schedule.figures.remaining"), value: money(plan.remaining_amount) },
  ];
  const columns = ["number", "date", "amount", "interest", "state", ...(isCard ? ["statement"] : [])];
  return (
    <section
      aria-labelledby="plan-schedule-heading"
      className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs sm:p-6"
      data-testid="plan-schedule"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="plan-schedule-heading" className="text-lg font-semibold text-foreground">
          {t("schedule.title", { name: plan.description })}
        </h2>
        <Link
          to="?"
          preventScrollReset
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Icon name="x" className="size-4" />
          {t("schedule.close")}
        </Link>
      </header>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="font-semibold text-foreground tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {plan.next_installment ? (
        <LinkPayment
          currency={plan.currency}
          number={plan.next_installment.number}
          candidates={linkable}
          onLink={onLink}
          isBusy={isBusy}
        />
      ) : null}
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full min-w-[34rem] text-sm tabular-nums">
          <caption className="sr-only">{t("schedule.caption")}</caption>
          <thead className="bg-muted/50 text-left text-xs font-semibold text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={cn("px-3 py-2", amountColumns.has(column) && "text-right")}>
                  {t(`schedule.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {(plan.schedule ?? []).map((row) => (
              <tr key={row.number} data-testid="installment-row">
                <td className="px-3 py-2 text-muted-foreground">
                  {row.number}/{plan.installments_count}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(row.date, language)}</td>
                <td className="px-3 py-2 text-right font-medium">{money(row.payment)}</td>
                <td className="px-3 py-2 text-right text-muted-foreground">{money(row.interest)}</td>
                <td className="px-3 py-2">
                  <Badge variant={stateVariants[row.state]}>{t(`schedule.states.${row.state}`)}</Badge>
                </td>
                {isCard ? (
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.statement && row.state !== "dropped" && row.state !== "settled_before" ? (
                      <Link
                        to={`/workspaces/${workspaceId}/cards?card=${plan.origin.uuid}&statement=${row.statement.closing_date}`}
                        className="text-accent-text underline-offset-4 hover:underline"
                      >
                        {t("schedule.statementOf", {
                          month: formatDate(row.statement.closing_date, language, { style: "monthYear" }),
                          due: formatDate(row.statement.due_date, language),
                        })}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
