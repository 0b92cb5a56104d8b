import { useTranslation } from "react-i18next";
import { AreaChart } from "~/components/charts/area-chart";
import { BarChart } from "~/components/charts/bar-chart";
import { useMoney } from "./money";
import { ReportCard, ReportEmpty, ReportTable, UnconvertedNote } from "./report-card";
import type { BalanceTrend, IncomeVsExpenses, Report, SpendingTrends } from "./report-state";
import { GroupBySelect } from "./range-picker";

/** Spending per month, week or day, each beside the same place in the period before. */
export function SpendingTrendsCard({
  report,
  maxDailyReached,
}: {
  report: Report<SpendingTrends>;
  maxDailyReached: boolean;
}) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-trends"
      icon="chart-column"
      title={t("trends.title")}
      description={t("trends.description")}
      report={report}
      isFreeReport
      action={
        report.state === "ready" ? <GroupBySelect value={report.data.group_by} isDayOff={maxDailyReached} /> : null
      }
      className="lg:col-span-2"
    >
      {(data) => <SpendingTrendsBody data={data} />}
    </ReportCard>
  );
}

function SpendingTrendsBody({ data }: { data: SpendingTrends }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (money.isZero(data.total) && money.isZero(data.previous_total))
    return <ReportEmpty>{t("trends.empty")}</ReportEmpty>;
  const label = (start: string) => money.date(start, { style: data.group_by === "month" ? "monthYear" : "dayMonth" });
  const current = t("trends.current");
  const previous = t("trends.previous");
  return (
    <>
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <Figure label={t("trends.total")} value={money.text(data.total)} />
        <Figure label={t("trends.previousTotal")} value={money.text(data.previous_total)} />
        <Figure label={t("trends.change")} value={money.percent(data.change_percentage, true)} />
      </dl>
      <BarChart
        data={data.periods.map((period) => ({
          start: period.start,
          current: period.amount_cents,
          previous: period.previous_amount_cents,
        }))}
        index="start"
        indexLabel={t(`groupBy.${data.group_by}`)}
        series={[
          { key: "previous", label: previous, color: "primary-light" },
          { key: "current", label: current, color: "accent" },
        ]}
        summary={t("trends.summary", { total: money.text(data.total), previous: money.text(data.previous_total) })}
        valueFormatter={money.units}
        axisFormatter={money.compact}
        indexFormatter={label}
        hasDataTable={false}
        height={240}
      />
      <ReportTable
        caption={t("trends.title")}
        head={[t(`groupBy.${data.group_by}`), current, previous, t("trends.transactions")]}
        rows={data.periods.map((period) => ({
          key: period.start,
          cells: [
            period.start === period.end
              ? money.date(period.start)
              : `${money.date(period.start)} – ${money.date(period.end)}`,
            money.text(period.amount),
            money.text(period.previous_amount),
            String(period.transactions),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}

export function Figure({ label, value, tone }: { label: string; value: string; tone?: "good" | "bad" }) {
  const toneClass = tone === "good" ? "text-success" : tone === "bad" ? "text-destructive" : "text-foreground";
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={`text-lg font-semibold tracking-tight tabular ${toneClass}`}>{value}</dd>
    </div>
  );
}

/** Income and expenses per month, with the net and the share of income kept. */
export function IncomeExpensesCard({ report }: { report: Report<IncomeVsExpenses> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-income"
      icon="arrow-left-right"
      title={t("income.title")}
      description={t("income.description")}
      report={report}
      isFreeReport
    >
      {(data) => <IncomeExpensesBody data={data} />}
    </ReportCard>
  );
}

function IncomeExpensesBody({ data }: { data: IncomeVsExpenses }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (money.isZero(data.totals.income) && money.isZero(data.totals.expenses))
    return <ReportEmpty>{t("income.empty")}</ReportEmpty>;
  const isSaving = !data.totals.net.startsWith("-");
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
        <Figure label={t("income.income")} value={money.text(data.totals.income)} />
        <Figure label={t("income.expenses")} value={money.text(data.totals.expenses)} />
        <Figure label={t("income.net")} value={money.text(data.totals.net)} tone={isSaving ? "good" : "bad"} />
        <Figure label={t("income.savingsRate")} value={money.percent(data.totals.savings_rate)} />
      </dl>
      <BarChart
        data={data.months.map((month) => ({
          month: month.month,
          income: month.income_cents,
          expenses: month.expenses_cents,
        }))}
        index="month"
        indexLabel={t("groupBy.month")}
        series={[
          { key: "income", label: t("income.income"), color: "success" },
          { key: "expenses", label: t("income.expenses"), color: "destructive" },
        ]}
        summary={t("income.summary", {
          income: money.text(data.totals.income),
          expenses: money.text(data.totals.expenses),
        })}
        valueFormatter={money.units}
        axisFormatter={money.compact}
        indexFormatter={(month) => money.date(month, { style: "month" })}
        hasDataTable={false}
        height={220}
      />
      <ReportTable
        caption={t("income.title")}
        head={[t("groupBy.month"), t("income.income"), t("income.expenses"), t("income.net"), t("income.savingsRate")]}
        rows={data.months.map((month) => ({
          key: month.month,
          cells: [
            money.date(month.month, { style: "monthYearLong" }),
            money.text(month.income),
            money.text(month.expenses),
            money.text(month.net),
            money.percent(month.savings_rate),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}

/** The accounts' total balance at the end of every day of the range. */
export function BalanceTrendCard({ report }: { report: Report<BalanceTrend> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-balance"
      icon="trending-up"
      title={t("balance.title")}
      description={t("balance.description")}
      report={report}
      isFreeReport
      className="lg:col-span-2"
    >
      {(data) => <BalanceTrendBody data={data} />}
    </ReportCard>
  );
}

/** Up to a month, every day; longer, each month's last day and the range's last. */
function tablePoints(points: BalanceTrend["points"]) {
  if (points.length <= 31) return points;
  return points.filter((point, index) => {
    const next = points[index + 1];
    return !next || next.date.slice(0, 7) !== point.date.slice(0, 7);
  });
}

/**
 * The chart's points: the recorded total up to today, and the projected total from today's point on
 * (so the dashed line continues the solid one).
 */
function balanceChartData(points: BalanceTrend["points"]) {
  return points.map((point, index) => {
    const next = points[index + 1];
    const isLastRecorded = !point.projected && next?.projected === true;
    return {
      date: point.date,
      ...(point.projected ? {} : { total: point.total_cents }),
      ...(point.projected || isLastRecorded ? { projected: point.total_cents } : {}),
    };
  });
}

function BalanceTrendBody({ data }: { data: BalanceTrend }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (!data.accounts.length || !data.points.length) return <ReportEmpty>{t("balance.empty")}</ReportEmpty>;
  const first = data.points[0]!;
  const last = data.points.at(-1)!;
  const hasProjection = data.projected_from !== null;
  const hasRecorded = !first.projected;
  const series = [
    ...(hasRecorded ? [{ key: "total", label: t("balance.total"), color: "accent" as const }] : []),
    ...(hasProjection
      ? [{ key: "projected", label: t("balance.projected"), color: "accent" as const, isDashed: true }]
      : []),
  ];
  return (
    <>
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <Figure
          label={t(first.projected ? "balance.firstProjected" : "balance.first")}
          value={money.text(first.total)}
        />
        <Figure label={t(last.projected ? "balance.lastProjected" : "balance.last")} value={money.text(last.total)} />
      </dl>
      <AreaChart
        data={balanceChartData(data.points)}
        index="date"
        indexLabel={t("balance.date")}
        series={series}
        summary={
          hasProjection
            ? t("balance.summaryProjected", { total: money.text(last.total), today: money.date(data.today) })
            : t("balance.summary", { total: money.text(last.total) })
        }
        valueFormatter={money.units}
        axisFormatter={money.compact}
        indexFormatter={(date) => money.date(date, { style: "dayMonth" })}
        hasDataTable={false}
        hasLegend={hasProjection}
        yAxisWidth={84}
        height={220}
      />
      <ReportTable
        caption={t("balance.title")}
        head={[t("balance.date"), t("balance.total")]}
        rows={tablePoints(data.points).map((point) => ({
          key: point.date,
          cells: [
            point.projected ? t("balance.projectedDate", { date: money.date(point.date) }) : money.date(point.date),
            money.text(point.total),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}
