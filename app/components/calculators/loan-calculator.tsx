import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/ui/date-field";
import { Label } from "~/components/ui/label";
import { formatMoney, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import {
  type AmortizationSystem,
  loanPeriods,
  type PaymentFrequency,
  paymentDate,
  schedule,
} from "../../../worker/planning/money-schedules";
import {
  CalculationResult,
  ChoiceField,
  endsPastRange,
  NumberField,
  paymentsHeadline,
  typedCents,
  typedPercent,
  typedWhole,
  useCalculatorMessages,
} from "./calculator-parts";
import { ScheduleTable } from "./schedule-table";

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

/**
 * A loan's payments before it is saved: the rate as the lender quotes it (a year or a month,
 * nominal or effective), monthly, bi-weekly or weekly payments, Price or SAC, and the whole
 * amortization table, dated from the first payment.
 */
export function LoanCalculator({ currency, today }: { currency: string; today: string }) {
  const { t } = useTranslation("calculators");
  const language = useLanguage();
  const messages = useCalculatorMessages();
  const [amount, setAmount] = useState("");
  const [rate, setRate] = useState("");
  const [ratePeriod, setRatePeriod] = useState<"year" | "month">("year");
  const [conversion, setConversion] = useState<"nominal" | "effective">("nominal");
  const [term, setTerm] = useState("12");
  const [frequency, setFrequency] = useState<PaymentFrequency>("monthly");
  const [system, setSystem] = useState<AmortizationSystem>("price");
  const [firstDate, setFirstDate] = useState(today);
  const cents = typedCents(amount, language, currency);
  const months = typedWhole(term, 1, 600);
  const percent = typedPercent(rate, language);
  const terms =
    months !== null && percent.ok
      ? loanPeriods({ rate: percent.rate, ratePeriod, conversion, termMonths: months, frequency })
      : null;
  const isPastRange = endsPastRange(firstDate, terms?.periods ?? null, frequency);
  const rows =
    cents?.ok && terms && !isPastRange ? schedule(BigInt(cents.units), terms.rate, terms.periods, system) : null;
  const money = (value: bigint) => formatMoney(Number(value), currency, language);
  return (
    <div className="grid gap-6">
      <section className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs sm:grid-cols-2 lg:grid-cols-4">
        <NumberField
          id="loan-amount"
          label={t("loans.amount", { currency })}
          value={amount}
          onChange={setAmount}
          error={messages.amount(cents, currency)}
        />
        <NumberField
          id="loan-rate"
          label={t("loans.rate")}
          value={rate}
          onChange={setRate}
          suffix="%"
          error={messages.percent(percent)}
        />
        <ChoiceField
          id="loan-rate-period"
          label={t("loans.ratePeriod.label")}
          value={ratePeriod}
          options={[
            { value: "year" as const, label: t("loans.ratePeriod.year") },
            { value: "month" as const, label: t("loans.ratePeriod.month") },
          ]}
          onChange={(value) => setRatePeriod(value)}
        />
        <ChoiceField
          id="loan-conversion"
          label={t("loans.conversion.label")}
          value={conversion}
          options={[
            { value: "nominal" as const, label: t("loans.conversion.nominal") },
            { value: "effective" as const, label: t("loans.conversion.effective") },
          ]}
          onChange={(value) => setConversion(value)}
        />
        <NumberField
          id="loan-term"
          label={t("loans.term")}
          value={term}
          onChange={setTerm}
          inputMode="numeric"
          suffix={t("loans.months")}
          error={messages.whole(term, months, "errors.loanTerm") ?? messages.pastRange(isPastRange)}
        />
        <ChoiceField
          id="loan-frequency"
          label={t("loans.frequency.label")}
          value={frequency}
          options={[
            { value: "monthly" as const, label: t("loans.frequency.monthly") },
            { value: "biweekly" as const, label: t("loans.frequency.biweekly") },
            { value: "weekly" as const, label: t("loans.frequency.weekly") },
          ]}
          onChange={(value) => setFrequency(value)}
        />
        <ChoiceField
          id="loan-system"
          label={t("loans.system.label")}
          value={system}
          options={[
            { value: "price" as const, label: t("loans.system.price") },
            { value: "sac" as const, label: t("loans.system.sac") },
          ]}
          onChange={(value) => setSystem(value)}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor="loan-first">{t("loans.firstDate")}</Label>
          <DateField id="loan-first" value={firstDate} onValueChange={setFirstDate} />
        </div>
        <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4">{t("loans.conversion.hint")}</p>
      </section>
      {rows && terms ? (
        <CalculationResult
          headline={
            system === "sac" && rows.length > 1
              ? t("loans.headlineSac", {
                  count: rows.length,
                  first: money(rows[0]!.paymentCents),
                  last: money(rows.at(-1)!.paymentCents),
                })
              : paymentsHeadline(rows, money, t)
          }
          figures={[
            { label: t("totals.interest"), cents: sum(rows.map((row) => row.interestCents)), currency },
            { label: t("totals.paid"), cents: sum(rows.map((row) => row.paymentCents)), currency },
          ]}
        >
          <p className="text-sm text-muted-foreground">
            {t("loans.periodRate", {
              rate: formatPercent(Number(terms.rate.numerator) / Number(terms.rate.denominator), language, {
                fractionDigits: 4,
              }),
            })}
          </p>
          <ScheduleTable
            rows={rows}
            currency={currency}
            dateOf={firstDate ? (index) => paymentDate(firstDate, index, frequency) : undefined}
          />
        </CalculationResult>
      ) : (
        <p className="text-sm text-muted-foreground">{t("loans.empty")}</p>
      )}
    </div>
  );
}
