import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ScheduleTable } from "~/components/calculators/schedule-table";
import { Icon } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { AutoPayFailure } from "./loan-row";
import type { LoanWithDetail } from "./loan-types";

/** The chart's code (recharts) comes only with a loan's details, not with the page. */
const LoanBalanceChart = lazy(() => import("./loan-balance-chart"));

/**
 * A loan in full: what is owed, the next payment (and whether it pays itself), the rate as quoted,
 * what paying it off today takes, the balance over time, the payments ahead (a year a page) and the payments recorded.
 */
export function LoanDetail({ loan }: { loan: LoanWithDetail }) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const cents = (amount: string) => decimalToExactUnits(amount, loan.currency);
  const money = (amount: string) => formatMoney(cents(amount), loan.currency, language);
  const figures = [
    { label: t("detail.figures.balance"), value: money(loan.current_balance) },
    { label: t("detail.figures.payment"), value: loan.payment_amount ? money(loan.payment_amount) : "—" },
    {
      label: t("detail.figures.rate"),
      value: t("detail.rate", {
        // For people to read (the loan keeps the exact text): 1.5, not 1.500000.
        rate: new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(Number(loan.interest_rate)),
        period: t(`detail.periods.${loan.interest_rate_period}`),
        conversion: t(`detail.conversions.${loan.rate_conversion}`),
      }),
    },
    { label: t("detail.figures.payoff"), value: loan.payoff_today ? money(loan.payoff_today.amount) : "—" },
    { label: t("detail.figures.interestPaid"), value: money(loan.interest_paid) },
    { label: t("detail.figures.interestAhead"), value: money(loan.interest_remaining) },
  ];
  const schedule = (loan.schedule ?? []).map((row) => ({
    number: row.number,
    paymentCents: cents(row.payment),
    interestCents: cents(row.interest),
    principalCents: cents(row.principal),
    remainingCents: cents(row.remaining_balance),
  }));
  const payments = loan.payments ?? [];
  // The table dates each row by its number (numbers go on after the payments already made).
  const datesByNumber = new Map((loan.schedule ?? []).map((row) => [row.number, row.date]));
  return (
    <section
      aria-labelledby="loan-detail-heading"
      className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs sm:p-6"
      data-testid="loan-detail"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="loan-detail-heading" className="text-lg font-semibold text-foreground">
            {t("detail.title", { name: loan.name })}
          </h2>
          {loan.maturity_date ? (
            <p className="text-sm text-muted-foreground">
              {t("detail.meta", {
                system: t(`detail.systems.${loan.amortization_system}`),
                payments: loan.remaining_payments,
                maturity: formatDate(loan.maturity_date, language, { style: "long" }),
              })}
            </p>
          ) : null}
          {loan.status === "active" && loan.auto_pay && loan.next_payment_date ? (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <Icon name="calendar-clock" className="mt-0.5 size-4 shrink-0" />
              {t("autoPay.next", {
                account: loan.payment_account.name ?? "—",
                date: formatDate(loan.next_payment_date, language, { style: "long" }),
              })}
            </p>
          ) : null}
          {loan.status === "active" && loan.auto_pay && loan.failure ? (
            <AutoPayFailure reason={loan.failure.key} />
          ) : null}
          {loan.refinanced_to_id ? <p className="text-sm text-muted-foreground">{t("detail.refinancedTo")}</p> : null}
          {loan.refinanced_from_id ? (
            <p className="text-sm text-muted-foreground">{t("detail.refinancedFrom")}</p>
          ) : null}
        </div>
        <Link
          to="?"
          preventScrollReset
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Icon name="x" className="size-4" />
          {t("detail.close")}
        </Link>
      </header>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="font-semibold text-foreground tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {schedule.length || payments.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-foreground">{t("detail.chart")}</h3>
          <Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
            <LoanBalanceChart loan={loan} />
          </Suspense>
        </div>
      ) : null}
      {schedule.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-foreground">{t("detail.schedule")}</h3>
          <ScheduleTable
            rows={schedule}
            currency={loan.currency}
            dateOf={(index) => datesByNumber.get(index + 1) ?? loan.start_date}
          />
        </div>
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-foreground">{t("detail.payments")}</h3>
        {payments.length ? (
          <div className="overflow-x-auto rounded-xl border">
            <table className="w-full min-w-[34rem] text-sm tabular-nums" data-testid="loan-payments">
              <thead className="bg-muted/50 text-left text-xs font-semibold text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("detail.columns.date")}
                  </th>
                  {(["amount", "fee", "interest", "principal", "balance"] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-right">
                      {t(`detail.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {payments.map((payment) => (
                  <tr key={payment.uuid}>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(payment.date, language)}</td>
                    <td className="px-3 py-2 text-right font-medium">{money(payment.amount)}</td>
                    <td className="px-3 py-2 text-right text-muted-foreground">{money(payment.fee)}</td>
                    <td className="px-3 py-2 text-right text-muted-foreground">{money(payment.interest)}</td>
                    <td className="px-3 py-2 text-right">{money(payment.principal)}</td>
                    <td className="px-3 py-2 text-right">{money(payment.balance_after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("detail.noPayments")}</p>
        )}
      </div>
    </section>
  );
}
