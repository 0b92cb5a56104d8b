/**
 * The date picker's month grid and its keys, as plain ISO-date arithmetic (no local time zone):
 * weeks start on Sunday, as calendars do in Brazil and the United States alike.
 */
import { addDays, daysInMonth, dayOfMonth, shiftMonth } from "../../worker/ledger/dates";
import type { DateBounds } from "./typed-date";

/** The month's weeks, Sunday first; days of the neighbouring months are null. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = dayOfMonth(year, month, 1);
  const leading = new Date(`${first}T12:00:00Z`).getUTCDay();
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(dayOfMonth(year, month, day));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The same day `months` away, clamped to that month's length (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const { year, month } = shiftMonth(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), months);
  return dayOfMonth(year, month, Number(iso.slice(8, 10)));
}

/** The date within the bounds: before `min` is `min`, after `max` is `max`. */
export function clampDate(iso: string, { min, max }: DateBounds): string {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

/**
 * Where a key moves the grid's focus from `iso` (WAI-ARIA's date picker): arrows by a day or a
 * week, Page Up/Down by a month (with Shift, a year), Home/End to the week's Sunday/Saturday.
 * Null for any other key.
 */
export function dateAfterKey(iso: string, key: string, isShift = false): string | null {
  const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
  switch (key) {
    case "ArrowLeft":
      return addDays(iso, -1);
    case "ArrowRight":
      return addDays(iso, 1);
    case "ArrowUp":
      return addDays(iso, -7);
    case "ArrowDown":
      return addDays(iso, 7);
    case "PageUp":
      return addMonths(iso, isShift ? -12 : -1);
    case "PageDown":
      return addMonths(iso, isShift ? 12 : 1);
    case "Home":
      return addDays(iso, -weekday);
    case "End":
      return addDays(iso, 6 - weekday);
    default:
      return null;
  }
}
