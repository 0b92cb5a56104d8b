/**
 * The one place amounts, dates, percentages and relative times become text. Pure functions
 * of their inputs (no "now", no ambient locale), so the server and the browser print the
 * same characters and hydration never disagrees. Amount text, dates and percentages are written in
 * worker/i18n/formats.ts, because the Worker's files (the PDF statement) print them too.
 */
import { minorUnitOf, unitsToDecimal } from "../../worker/ledger/amounts";
import {
  type CurrencyCode,
  formatAmountText,
  type MoneyFormatOptions,
  numberFormat,
  toDate,
} from "../../worker/i18n/formats";
import { intlLocales, type Language } from "./i18n";

export {
  type CurrencyCode,
  type DateFormatOptions,
  type DateStyle,
  formatAmountText,
  formatDate,
  formatPercent,
  type MoneyFormatOptions,
  type PercentFormatOptions,
} from "../../worker/i18n/formats";

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * 12345 → "123.45" (yen: "12345") as text, so Intl formats the exact decimal and no float rounding
 * can creep in on large amounts; a bigint is exact at any size (README: "Money model").
 */
function minorUnitsToDecimal(minorUnits: number | bigint, currency: CurrencyCode): `${number}` {
  if (typeof minorUnits === "number" && !Number.isSafeInteger(minorUnits)) throw new RangeError(`${minorUnits}`);
  return unitsToDecimal(minorUnits, currency) as `${number}`;
}

/**
 * 12345 minor units → "$123.45" (en, USD) or "R$ 123,45" (pt-BR, BRL): the currency's own
 * decimals (two for most; the yen has none, so ¥1,000 — never ¥1,000.00).
 */
export function formatMoney(
  minorUnits: number | bigint,
  currency: CurrencyCode,
  language: Language,
  options?: MoneyFormatOptions,
): string {
  return formatAmountText(minorUnitsToDecimal(minorUnits, currency), currency, language, options);
}

/**
 * An amount as a person would type it into a field on this page: 123456 → "1,234.56" (en) or
 * "1.234,56" (pt-BR), yen "123,456" / "123.456", no currency symbol; app/lib/typed-amount.ts reads it back.
 */
export function formatAmountInput(minorUnits: number, currency: CurrencyCode, language: Language): string {
  return numberFormat(language, {
    minimumFractionDigits: minorUnitOf(currency),
    maximumFractionDigits: minorUnitOf(currency),
  }).format(minorUnitsToDecimal(minorUnits, currency));
}

/** A rate in micro-units as typed into a field: 180000 → "0.18" (en) or "0,18" (pt-BR), no grouping. */
export function formatRateInput(micros: number, language: Language): string {
  if (!Number.isSafeInteger(micros) || micros < 0) throw new RangeError(`${micros}`);
  const digits = micros.toString().padStart(7, "0");
  return numberFormat(language, { useGrouping: false, maximumFractionDigits: 6 }).format(
    `${digits.slice(0, -6)}.${digits.slice(-6)}` as `${number}`,
  );
}

/** Short amounts for chart axes and tight spaces: "$12.3K", "R$ 12,3 mil". */
export function formatMoneyCompact(minorUnits: number, currency: CurrencyCode, language: Language): string {
  return numberFormat(language, {
    style: "currency",
    currency: currency.toUpperCase(),
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(minorUnitsToDecimal(minorUnits, currency));
}

const secondsPer = { minute: 60, hour: 60 * 60, day: 24 * 60 * 60 } as const;

/**
 * docs/product.md#languages-and-formats: under 60 s in seconds, under an hour in minutes, under a day in
 * hours, else days. `now` is passed in so the server and the browser (and tests) agree on the moment.
 */
export function formatRelativeTime(value: Date | string | number, now: Date | number, language: Language): string {
  const elapsedSeconds = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  const distance = Math.abs(elapsedSeconds);
  const [unit, size] =
    distance < secondsPer.minute
      ? (["second", 1] as const)
      : distance < secondsPer.hour
        ? (["minute", secondsPer.minute] as const)
        : distance < secondsPer.day
          ? (["hour", secondsPer.hour] as const)
          : (["day", secondsPer.day] as const);
  // "auto" only for seconds, where it turns 0 into "now"; for days it would say "yesterday"
  // about anything 24 to 47 hours old, which is not always the calendar's yesterday.
  const key = `${language}|${unit === "second" ? "auto" : "always"}`;
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocales[language], { numeric: unit === "second" ? "auto" : "always" });
    relativeFormats.set(key, format);
  }
  return format.format(Math.trunc(elapsedSeconds / size), unit);
}
