/**
 * Dates as people type them, in the page's language (decision 29): Portuguese day first
 * ("15/06/2026"), English month first ("06/15/2026", as `formatDate`'s short style prints it),
 * read into ISO "YYYY-MM-DD". A text that is not a calendar date is refused with a reason, never
 * read as a nearby date: 31/02/2026 is no day in March.
 */
import { earliestDate, latestDate } from "../../worker/ledger/date-range";
import type { Language } from "./i18n";

export type TypedDateRefusal = "malformed" | "impossible" | "beforeMin" | "afterMax";

export type TypedDate = { ok: true; iso: string } | { ok: false; reason: TypedDateRefusal };

export type DateBounds = { min?: string; max?: string };

/** Where day and month stand in each language; the year comes last in both. */
const isDayFirst: Record<Language, boolean> = { en: false, "pt-BR": true };

/**
 * A real calendar date in YYYY-MM-DD (not 2026-02-30). The same rule as the ledger's `isIsoDate`,
 * written here so the pages' first load does not carry the ledger's date arithmetic (its
 * weight budget); the node tests hold the two equal.
 */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "2026-06-15" → "15/06/2026" (pt-BR) or "06/15/2026" (en); "" for anything but an ISO date. */
export function formatTypedDate(iso: string, language: Language): string {
  if (!isIsoDate(iso)) return "";
  const [year, month, day] = iso.split("-");
  return isDayFirst[language] ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

const segmentSizes = [2, 2, 4] as const;

/**
 * The text as the field shows it while someone types: digits only, a slash once a day or month
 * has its two digits and the next digit comes ("1506" → "15/06"), a typed separator closing a
 * one-digit part ("1/6/2026" stays so). A pasted ISO date is turned around into the page's order.
 */
export function maskTypedDate(text: string, language: Language): string {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return formatTypedDate(trimmed, language);
  const segments = [""];
  for (const character of trimmed) {
    const index = segments.length - 1;
    const segment = segments[index]!;
    if (/\d/.test(character)) {
      if (segment.length < segmentSizes[index]!) segments[index] = segment + character;
      else if (index < 2) segments.push(character);
    } else if (segment.length > 0 && index < 2) segments.push("");
  }
  return segments.join("/");
}

const typedShape = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * "15/06/2026" (pt-BR) or "06/15/2026" (en) → { iso: "2026-06-15" }, or why not. Day and month
 * may have one digit, the year needs four. `min` and `max` are ISO dates, both included; left out,
 * they are the ends of the dates Moneta keeps (docs/decisions/038-dates-from-1900-to-2199.md).
 */
export function parseTypedDate(
  text: string,
  language: Language,
  { min = earliestDate, max = latestDate }: DateBounds = {},
): TypedDate {
  const match = typedShape.exec(text.trim());
  if (!match) return { ok: false, reason: "malformed" };
  const [, first = "", second = "", year = ""] = match;
  const [day, month] = isDayFirst[language] ? [first, second] : [second, first];
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  if (year < "1000" || !isIsoDate(iso)) return { ok: false, reason: "impossible" };
  if (min && iso < min) return { ok: false, reason: "beforeMin" };
  if (max && iso > max) return { ok: false, reason: "afterMax" };
  return { ok: true, iso };
}

/** The i18next key (namespace common) of a refusal's message; it takes {{format}} and {{date}}. */
export const typedDateRefusalKey = (reason: TypedDateRefusal) => `common:dateField.${reason}`;
