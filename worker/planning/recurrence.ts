import type { RecurrenceFrequency, WeekendRule } from "../../db/planning-enums.ts";
import { latestDate } from "../ledger/date-range.ts";
import { addDays, dayOfMonth, shiftMonth } from "../ledger/dates.ts";

/**
 * The recurrence engine (README: "Scheduled and recurring transactions"): which dates a rule
 * gives. Pure calendar arithmetic on YYYY-MM-DD strings, no clock and no time zone.
 *
 * Every occurrence is counted from the start date, never from the previous occurrence, so a
 * monthly rule on the 31st gives 31 Jan, 28 Feb, 31 Mar — it falls on a shorter month's last day
 * and comes back, instead of drifting to the 28th for good. The weekend rule moves the day an
 * occurrence is posted, never the occurrence's own date, which is what is stored and counted.
 */
export type Recurrence = {
  frequency: RecurrenceFrequency;
  /** Every `interval` days, weeks, months or years (≥ 1). */
  interval: number;
  /** Weekly: the weekdays, 0 = Sunday … 6 = Saturday (at least one). */
  daysOfWeek: readonly number[];
  /** Monthly and yearly: 1–31. */
  dayOfMonth: number | null;
  /** Yearly: 1–12. */
  monthOfYear: number | null;
  weekendRule: WeekendRule;
  startDate: string;
  endDate: string | null;
  maxExecutions: number | null;
};

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T12:00:00Z`) / 86_400_000);

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The rule's k-th period (k ≥ 0, counted from the start) and the dates it holds, in order. A
 * daily, monthly or yearly period holds one date; a weekly one the chosen weekdays of that week
 * (weeks start on Sunday).
 */
function datesOfPeriod(rule: Recurrence, k: number): string[] {
  const start = rule.startDate;
  switch (rule.frequency) {
    case "daily":
      return [addDays(start, k * rule.interval)];
    case "weekly": {
      const sunday = addDays(start, -weekdayOf(start) + 7 * k * rule.interval);
      return [...new Set(rule.daysOfWeek)].sort((a, b) => a - b).map((weekday) => addDays(sunday, weekday));
    }
    case "monthly": {
      const { year, month } = shiftMonth(Number(start.slice(0, 4)), Number(start.slice(5, 7)), k * rule.interval);
      return [dayOfMonth(year, month, rule.dayOfMonth ?? Number(start.slice(8, 10)))];
    }
    case "yearly": {
      const year = Number(start.slice(0, 4)) + k * rule.interval;
      return [
        dayOfMonth(year, rule.monthOfYear ?? Number(start.slice(5, 7)), rule.dayOfMonth ?? Number(start.slice(8, 10))),
      ];
    }
  }
}

/** The period that holds `date` or the last one before it (0 when `date` is before the start). */
function periodAround(rule: Recurrence, date: string): number {
  if (date <= rule.startDate) return 0;
  switch (rule.frequency) {
    case "daily":
      return Math.floor((dayNumber(date) - dayNumber(rule.startDate)) / rule.interval);
    case "weekly": {
      const startSunday = dayNumber(rule.startDate) - weekdayOf(rule.startDate);
      return Math.floor((dayNumber(date) - startSunday) / (7 * rule.interval));
    }
    case "monthly":
      return Math.floor((monthIndex(date) - monthIndex(rule.startDate)) / rule.interval);
    case "yearly":
      return Math.floor((Number(date.slice(0, 4)) - Number(rule.startDate.slice(0, 4))) / rule.interval);
  }
}

/**
 * The first occurrence on or after `from` (the start when `from` is earlier), or null when the
 * rule has ended by its end date, or by the last date Moneta keeps when that comes first
 * (docs/decisions/038-dates-from-1900-to-2199.md): the first date past it still has a four-digit
 * year, so comparing the text holds. The number of executions is the caller's to count.
 */
export function firstOccurrenceFrom(rule: Recurrence, from: string): string | null {
  const earliest = from < rule.startDate ? rule.startDate : from;
  const end = rule.endDate !== null && rule.endDate < latestDate ? rule.endDate : latestDate;
  // A period holds at most 7 dates and every one after `earliest`'s period is later, so two are enough.
  for (let k = Math.max(0, periodAround(rule, earliest) - 1); ; k++) {
    for (const date of datesOfPeriod(rule, k)) {
      if (date < earliest) continue;
      return date > end ? null : date;
    }
  }
}

/** The first occurrence strictly after `date`. */
export function occurrenceAfter(rule: Recurrence, date: string): string | null {
  return firstOccurrenceFrom(rule, addDays(date, 1));
}

/** Up to `count` occurrences on or after `from`, within the end date and `remaining` executions. */
export function occurrencesFrom(rule: Recurrence, from: string, count: number, remaining = Infinity): string[] {
  const dates: string[] = [];
  let next = firstOccurrenceFrom(rule, from);
  while (next !== null && dates.length < Math.min(count, remaining)) {
    dates.push(next);
    next = occurrenceAfter(rule, next);
  }
  return dates;
}

/** The day an occurrence is posted: moved off a Saturday or Sunday when the rule says so. */
export function postingDate(date: string, weekendRule: WeekendRule): string {
  const weekday = weekdayOf(date);
  if (weekendRule === "as_is" || (weekday !== 0 && weekday !== 6)) return date;
  if (weekendRule === "friday_before") return addDays(date, weekday === 6 ? -1 : -2);
  return addDays(date, weekday === 6 ? 2 : 1);
}

/** How many executions a rule still has (Infinity without a maximum). */
export function executionsLeft(rule: Pick<Recurrence, "maxExecutions">, executionCount: number): number {
  return rule.maxExecutions === null ? Infinity : Math.max(0, rule.maxExecutions - executionCount);
}
