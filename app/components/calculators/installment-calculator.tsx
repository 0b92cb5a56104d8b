import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/ui/date-field";
import { Label } from "~/components/ui/label";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { paymentDate, schedule } from "../../../worker/planning/money-schedules";
import {
  CalculationResult,
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
 * What a purchase costs in installments ("em 10x"), before anything is saved: with a rate a month
 * the Price table, without it equal parts with the leftover cents on the first. The same arithmetic
 * as the API's calculator (worker/planning/money-schedules.ts), run as the person types.
 */
export function InstallmentCalculator({ currency }: { currency: string }) {
  const { t } = useTranslation("calculators");
  const language = useLanguage();
  const messages = useCalculatorMessages();
  const [amount, setAmount] = useState("");
  const [count, setCount] = useState("10");
  const [rate, setRate] = useState("");
  const [firstDate, setFirstDate] = useState("");
  const cents = typedCents(amount, language, currency);
  const months = typedWhole(count, 1, 360);
  const percent = typedPercent(rate, language);
  const isPastRange = endsPastRange(firstDate, months);
  const rows =
    cents?.ok && months !== null && percent.ok && !isPastRange
      ? schedule(BigInt(cents.units), percent.rate, months)
      : null;
  const money = (value: bigint) => formatMoney(Number(value), currency, language);
  return (
    <div className="grid gap-6">
      <section className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs sm:grid-cols-2 lg:grid-cols-4">
        <NumberField
          id="installment-amount"
          label={t("installments.amount", { currency })}
          value={amount}
          onChange={setAmount}
          error={messages.amount(cents, currency)}
        />
        <NumberField
          id="installment-count"
          label={t("installments.count")}
          value={count}
          onChange={setCount}
          inputMode="numeric"
          suffix="x"
          error={messages.whole(count, months, "errors.installmentCount") ?? messages.pastRange(isPastRange)}
        />
        <NumberField
          id="installment-rate"
          label={t("installments.rate")}
          value={rate}
          onChange={setRate}
          suffix="%"
          hint={t("installments.rateHint")}
          error={messages.percent(percent)}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor="installment-first">{t("installments.firstDate")}</Label>
          <DateField id="installment-first" value={firstDate} onValueChange={setFirstDate} />
        </div>
      </section>
      {rows ? (
        <CalculationResult
          headline={paymentsHeadline(rows, money, t)}
          figures={[
            { label: t("totals.interest"), cents: sum(rows.map((row) => row.interestCents)), currency },
            { label: t("totals.paid"), cents: sum(rows.map((row) => row.paymentCents)), currency },
          ]}
        >
          <ScheduleTable
            rows={rows}
            currency={currency}
            dateOf={firstDate ? (index) => paymentDate(firstDate, index) : undefined}
          />
        </CalculationResult>
      ) : (
        <p className="text-sm text-muted-foreground">{t("installments.empty")}</p>
      )}
    </div>
  );
}
