/**
 * Amounts and dates as text, for the pages (app/lib/format.ts re-exports these beside its other
 * formats) and for the files the Worker writes (the PDF statement): one set of rules on both sides.
 * Pure functions of their inputs (no "now", no ambient locale), so the server and the browser print
 * the same characters and hydration never disagrees.
 */
import type { Currency } from "../../db/enums.ts";
import { minorUnitOf } from "../ledger/amounts.ts";
import type { Language } from "./language.ts";

/** The formatting locale for each interface language: en → en-US. */
export const intlLocales: Record<Language, string> = { en: "en-US", "pt-BR": "pt-BR" };

/** Ours, offered by name; any other ISO code still formats. */
export type CurrencyCode = Currency | (string & {});

// Building an Intl formatter costs far more than using one; tables format hundreds of cells.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
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

export type MoneyFormatOptions = {
  /** "always" and "exceptZero" print a leading + on credits, e.g. in a transaction list. */
  sign?: "auto" | "always" | "exceptZero";
};

/**
 * The API's amount text in `currency` ("1234.50", yen "1234"; null as zero) as "$1,234.50" (en) or
 * "R$ 1.234,50" (pt-BR), with the currency's own decimals: Intl formats the decimal text itself, exactly.
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

export function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/**
 * Transaction dates ("YYYY-MM-DD", in the workspace's zone) print as that calendar day
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
