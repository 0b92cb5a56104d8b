/**
 * Calendar dates (YYYY-MM-DD) as the workspace sees them. Plain string and UTC-noon arithmetic:
 * no local time zone of the server leaks in.
 */
import { isWithinDateRange } from "./date-range.ts";

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A real calendar date within the dates Moneta keeps (./date-range.ts): what any date field accepts. */
export const isSupportedDate = (value: string): boolean => isIsoDate(value) && isWithinDateRange(value);

// Building a formatter for a time zone costs about a millisecond; using one, microseconds. A page asks
// for the same zone's today at the same instant many times, so the last answer per zone is kept too.
const calendarFormats = new Map<string, { format: Intl.DateTimeFormat; at: number; today: string }>();

/** Today in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date): string {
  let calendar = calendarFormats.get(timeZone);
  if (!calendar) {
    const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    calendar = { format, at: Number.NaN, today: "" };
    calendarFormats.set(timeZone, calendar);
  }
  const at = now.getTime();
  if (calendar.at === at) return calendar.today;
  const parts = calendar.format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  calendar.at = at;
  calendar.today = `${part("year")}-${part("month")}-${part("day")}`;
  return calendar.today;
}

/**
 * The latest "today" on Earth (UTC+14): nothing can be due in a workspace's time zone after this
 * date, so a read across time zones reads up to it and checks each row in its own zone.
 */
export const latestToday = (now: Date) => todayIn("Etc/GMT-14", now);

/** The earlier of two dates (ISO dates sort as text). */
export const earlierDate = (a: string, b: string): string => [a, b].sort()[0]!;

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T12:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The given day of a month, clamped to the month's length: day 31 of February 2028 is the 29th. */
export function dayOfMonth(year: number, month: number, day: number): string {
  const clamped = Math.min(day, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(clamped).padStart(2, "0")}`;
}

/** Year and month (1–12) shifted by `months`. */
export function shiftMonth(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthRange(date: string, monthsBack = 0): { start: string; end: string } {
  const { year, month } = shiftMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)), -monthsBack);
  return { start: dayOfMonth(year, month, 1), end: dayOfMonth(year, month, 31) };
}

/** The coming Sunday (today when today is Sunday). */
export function endOfWeek(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, (7 - weekday) % 7);
}

/**
 * Every date that is "today" somewhere (UTC−12 to UTC+14). The workspace's time zone arrives
 * in the same batch as the data, so the queries are cut at all of them and the service picks.
 */
export function possibleTodays(now: Date): string[] {
  const days = [todayIn("Etc/GMT+12", now)];
  const latest = todayIn("Etc/GMT-14", now);
  while (days.at(-1)! < latest) days.push(addDays(days.at(-1)!, 1));
  return days;
}
