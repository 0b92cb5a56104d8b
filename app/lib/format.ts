/**
 * The one place amounts, dates, percentages and relative times become text. Pure functions
 * of their inputs (no "now", no ambient locale), so the server and the browser print the
 * same characters and hydration never disagrees.
 */
import type { Currency } from "../../db/enums";
import { minorUnitOf, unitsToDecimal } from "../../worker/ledger/amounts";
import { intlLocales, type Language } from "./i18n";

/** Ours, offered by name; any other ISO code still formats. */
export type CurrencyCode = Currency | (string & {});

// Building an Intl formatter costs far more than using one; tables format hundreds of cells.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[language], options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[language], options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * 12345 → "123.45" (yen: "12345") as text, so Intl formats the exact decimal and no float rounding
 * can creep in on large amounts; a bigint is exact at any size (README: "Money model").
 */
function minorUnitsToDecimal(minorUnits: number | bigint, currency: CurrencyCode): `${number}` {
  if (typeof minorUnits === "number" && !Number.isSafeInteger(minorUnits)) throw new RangeError(`${minorUnits}`);
  return unitsToDecimal(minorUnits, currency) as `${number}`;
}

export type MoneyFormatOptions = {
  /** "always" and "exceptZero" print a leading + on credits, e.g. in a transaction list. */
  sign?: "auto" | "always" | "exceptZero";
};

/**
 * 12345 minor units → "$123.45" (en, USD) or "R$ 123,45" (pt-BR, BRL): the currency's own
 * decimals (SPEC §9 shows two; the yen has none, so ¥1,000 — never ¥1,000.00).
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
 * The API's amount text in `currency` ("1234.50", yen "1234"; null as zero) as formatMoney writes it:
 * Intl formats the decimal text itself, exactly.
 */
export function formatAmountText(
  amount: string | null,
  currency: CurrencyCode,
  language: Language,
  { sign = "auto" }: MoneyFormatOptions = {},
): string {
  const places = minorUnitOf(currency);
  return numberFormat(language, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    signDisplay: sign,
  }).format((amount ?? "0") as `${number}`);
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

export type PercentFormatOptions = {
  fractionDigits?: number;
  /** Prints "+12.5%" for increases, as stat cards show changes. */
  isSigned?: boolean;
};

/** A ratio as a percentage: 0.125 → "12.5%" (en) or "12,5%" (pt-BR). */
export function formatPercent(
  ratio: number,
  language: Language,
  { fractionDigits = 1, isSigned = false }: PercentFormatOptions = {},
): string {
  return numberFormat(language, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    signDisplay: isSigned ? "exceptZero" : "auto",
  }).format(ratio);
}

const dateStyles = {
  /** 03/05/2025 · 05/03/2025 */
  short: { year: "numeric", month: "2-digit", day: "2-digit" },
  /** Mar 5, 2025 · 5 de mar. de 2025 */
  medium: { year: "numeric", month: "short", day: "numeric" },
  /** March 5, 2025 · 5 de março de 2025 */
  long: { year: "numeric", month: "long", day: "numeric" },
  /** Mar 5 · 5 de mar. */
  dayMonth: { month: "short", day: "numeric" },
  /** Mar · mar. */
  month: { month: "short" },
  /** Mar 2025 · mar. de 2025 */
  monthYear: { month: "short", year: "numeric" },
  /** March 2025 · março de 2025 */
  monthYearLong: { month: "long", year: "numeric" },
  /** Wednesday, March 5, 2025 · quarta-feira, 5 de março de 2025 */
  full: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  /** Wed · qua. */
  weekday: { weekday: "short" },
  /** Wednesday · quarta-feira */
  weekdayLong: { weekday: "long" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

export type DateFormatOptions = {
  style?: DateStyle;
  /** For timestamps: the workspace's time zone. Calendar dates ignore it. */
  timeZone?: string;
};

const calendarDatePattern = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** "2025-03-05" (or a month, "2025-03") as midnight UTC; null when it is not such a string. */
function parseCalendarDate(value: string): Date | null {
  const match = calendarDatePattern.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const day = match[3] ? Number(match[3]) : 1;
  const date = new Date(Date.UTC(year, monthIndex, day));
  // Date.UTC rolls 2025-02-30 over to March; a calendar date that does not exist is an error.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${value}`);
  }
  return date;
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/**
 * Transaction dates ("YYYY-MM-DD", SPEC: in the workspace's zone) print as that calendar day
 * everywhere, never shifted by the viewer's zone. Timestamps print in `timeZone` (UTC unless given).
 */
export function formatDate(
  value: Date | string,
  language: Language,
  { style = "medium", timeZone = "UTC" }: DateFormatOptions = {},
): string {
  const calendarDate = typeof value === "string" ? parseCalendarDate(value) : null;
  const options = { ...dateStyles[style], timeZone: calendarDate ? "UTC" : timeZone };
  return dateFormat(language, options).format(calendarDate ?? toDate(value));
}

const secondsPer = { minute: 60, hour: 60 * 60, day: 24 * 60 * 60 } as const;

/**
 * SPEC §4: under 60 s in seconds, under an hour in minutes, under a day in hours, else days.
 * `now` is passed in so the server and the browser (and tests) agree on the moment.
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
