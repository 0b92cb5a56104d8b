import { useTranslation } from "react-i18next";
import { AreaChart } from "~/components/charts/area-chart";
import { formatDate, formatMoney, formatMoneyCompact } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import type { LoanWithDetail } from "./loan-types";

/** Points a long loan's chart keeps (a 30-year mortgage: about one every six months). */
const mostPoints = 60;

/** What is owed over time: after each payment recorded, then as the payments ahead would leave it. */
export default function LoanBalanceChart({ loan }: { loan: LoanWithDetail }) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const points = [
    { date: loan.start_date, owed: Number(decimalToExactUnits(loan.principal_amount, loan.currency)) },
    ...(loan.payments ?? []).map((payment) => ({
      date: payment.date,
      owed: Number(decimalToExactUnits(payment.balance_after, loan.currency)),
    })),
    ...(loan.schedule ?? []).map((row) => ({
      date: row.date,
      owed: Number(decimalToExactUnits(row.remaining_balance, loan.currency)),
    })),
  ];
  const step = Math.ceil(points.length / mostPoints);
  const data = points.filter((_, index) => index % step === 0 || index === points.length - 1);
  const money = (cents: number) => formatMoney(cents, loan.currency, language);
  return (
    <AreaChart
      data={data}
      index="date"
      indexLabel={t("detail.columns.date")}
      indexFormatter={(date) => formatDate(date, language, { style: "monthYear" })}
      series={[{ key: "owed", label: t("detail.balanceSeries"), color: "accent" }]}
      valueFormatter={money}
      axisFormatter={(cents) => formatMoneyCompact(cents, loan.currency, language)}
      hasLegend={false}
      height={220}
      summary={t("detail.chartSummary", {
        from: money(data[0]?.owed ?? 0),
        to: formatDate(data.at(-1)?.date ?? loan.start_date, language, { style: "monthYear" }),
      })}
    />
  );
}
