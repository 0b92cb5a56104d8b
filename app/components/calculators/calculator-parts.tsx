import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { nativeSelectClassName } from "~/components/ui/input";
import { formatMoney } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { parseTypedAmount, parseTypedRate } from "~/lib/typed-amount";
import { useLanguage } from "~/lib/use-language";
import { useTypedMessage } from "~/lib/use-typed-message";
import { dateRangeYears, isWithinDateRange } from "../../../worker/ledger/date-range";
import {
  type PaymentFrequency,
  paymentDate,
  percentRate,
  type Rate,
  type ScheduleRow,
  zeroRate,
} from "../../../worker/planning/money-schedules";

/** An amount typed in the page's language, in cents, or why not (null while empty). */
export function typedCents(typed: string, language: Language, currency: string) {
  return typed.trim() ? parseTypedAmount(typed, language, { currency }) : null;
}

/** A percentage typed in the page's language ("1,99" on a Portuguese page) as an exact rate; empty is 0. */
export function typedPercent(typed: string, language: Language): { ok: true; rate: Rate } | { ok: false } {
  if (!typed.trim() || /^0+([.,]0*)?$/.test(typed.trim())) return { ok: true, rate: zeroRate };
  const parsed = parseTypedRate(typed, language);
  const rate = parsed.ok ? percentRate(parsed.text) : null;
  return rate && rate.numerator <= rate.denominator * 10n ? { ok: true, rate } : { ok: false };
}

/** A whole number from `min` to `max` as typed, or null. */
export function typedWhole(typed: string, min: number, max: number): number | null {
  const value = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  return value >= min && value <= max ? value : null;
}

type FieldProps = {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The refusal under the field, when what is typed cannot be read. */
  error?: string;
  hint?: string;
  inputMode?: "decimal" | "numeric";
  suffix?: string;
};

/** A typed number with its label, optional suffix ("%", "months") and the reason it is refused. */
export function NumberField({ id, label, value, onChange, error, hint, inputMode = "decimal", suffix }: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {suffix ? <span className="text-sm text-muted-foreground">{suffix}</span> : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type ChoiceProps<Value extends string> = {
  id: string;
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
};

export function ChoiceField<Value extends string>({ id, label, value, options, onChange }: ChoiceProps<Value>) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={nativeSelectClassName}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Whether `periods` payments dated from `firstDate` would end after the dates Moneta keeps
 * (docs/decisions/038-dates-from-1900-to-2199.md): the calculator then says so under its count and
 * shows no schedule, as the API's calculators refuse it.
 */
export function endsPastRange(firstDate: string, periods: number | null, frequency?: PaymentFrequency): boolean {
  return firstDate !== "" && periods !== null && !isWithinDateRange(paymentDate(firstDate, periods - 1, frequency));
}

/** The messages of a typed amount and a typed percentage, in the page's language. */
export function useCalculatorMessages() {
  const { t } = useTranslation("calculators");
  const typedMessage = useTypedMessage();
  return {
    amount: (parsed: ReturnType<typeof typedCents>, currency: string) =>
      parsed ? typedMessage("amount", parsed, currency) : undefined,
    percent: (parsed: ReturnType<typeof typedPercent>) => (parsed.ok ? undefined : t("errors.percent")),
    whole: (typed: string, parsed: number | null, key: string) =>
      typed.trim() && parsed === null ? t(key) : undefined,
    pastRange: (isPastRange: boolean) =>
      isPastRange ? t("errors.scheduleTooLong", { last: dateRangeYears.last }) : undefined,
  };
}

/** The figures a calculation comes to: the payment large, the interest and the total beside it. */
export function CalculationResult({
  headline,
  figures,
  children,
}: {
  headline: string;
  figures: { label: string; cents: bigint; currency: string }[];
  children: ReactNode;
}) {
  const language = useLanguage();
  return (
    <section className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs" aria-live="polite">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p
          className="text-2xl font-bold tracking-tight text-foreground tabular-nums sm:text-3xl"
          data-testid="calculation"
        >
          {headline}
        </p>
        <dl className="flex flex-wrap gap-6">
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{figure.label}</dt>
              <dd className="font-semibold text-foreground tabular-nums">
                {formatMoney(Number(figure.cents), figure.currency, language)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {children}
    </section>
  );
}

/**
 * "10 × R$ 333,95"; when one payment differs by its cents (the leftover on the first without
 * interest, the last clearing the balance with it) it is named apart: "R$ 33,34 + 2 × R$ 33,33".
 */
export function paymentsHeadline(rows: ScheduleRow[], money: (cents: bigint) => string, t: TFunction<"calculators">) {
  const [first, second, last] = [rows[0]!, rows[1], rows.at(-1)!];
  if (!second || rows.every((row) => row.paymentCents === first.paymentCents))
    return t("headline.equal", { count: rows.length, payment: money(first.paymentCents) });
  if (first.paymentCents !== second.paymentCents)
    return t("headline.first", {
      first: money(first.paymentCents),
      count: rows.length - 1,
      payment: money(second.paymentCents),
    });
  return t("headline.last", {
    count: rows.length - 1,
    payment: money(first.paymentCents),
    last: money(last.paymentCents),
  });
}
