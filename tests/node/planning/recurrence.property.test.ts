import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recurrenceFrequencies, weekendRules } from "../../../db/planning-enums.ts";
import {
  firstOccurrenceFrom,
  occurrencesFrom,
  postingDate,
  type Recurrence,
} from "../../../worker/planning/recurrence.ts";

/*
 * The recurrence engine against a reference written here another way: walk the calendar one day
 * at a time with Date and keep each day the rule's plain-words definition accepts.
 */
const dayMs = 86_400_000;
const toTime = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);
const lastDayOf = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

function acceptsDay(rule: Recurrence, time: number): boolean {
  const start = toTime(rule.startDate);
  if (time < start) return false;
  const day = new Date(time);
  const first = new Date(start);
  switch (rule.frequency) {
    case "daily":
      return Math.round((time - start) / dayMs) % rule.interval === 0;
    case "weekly": {
      const sunday = (t: number) => t - new Date(t).getUTCDay() * dayMs;
      const weeks = Math.round((sunday(time) - sunday(start)) / (7 * dayMs));
      return weeks % rule.interval === 0 && rule.daysOfWeek.includes(day.getUTCDay());
    }
    case "monthly": {
      const months = (day.getUTCFullYear() - first.getUTCFullYear()) * 12 + day.getUTCMonth() - first.getUTCMonth();
      const wanted = Math.min(rule.dayOfMonth!, lastDayOf(day.getUTCFullYear(), day.getUTCMonth()));
      return months % rule.interval === 0 && day.getUTCDate() === wanted;
    }
    case "yearly": {
      const years = day.getUTCFullYear() - first.getUTCFullYear();
      const wanted = Math.min(rule.dayOfMonth!, lastDayOf(day.getUTCFullYear(), rule.monthOfYear! - 1));
      return years % rule.interval === 0 && day.getUTCMonth() === rule.monthOfYear! - 1 && day.getUTCDate() === wanted;
    }
  }
}

function referenceOccurrences(rule: Recurrence, from: string, count: number): string[] {
  const found: string[] = [];
  const end = rule.endDate ? toTime(rule.endDate) : Infinity;
  const limit = Math.min(rule.maxExecutions ?? Infinity, count);
  // Ten occurrences of the sparsest rule (every 3 years) fit in 31 years.
  for (
    let time = toTime(from);
    time <= end && found.length < limit && time < toTime(from) + 31 * 366 * dayMs;
    time += dayMs
  ) {
    if (acceptsDay(rule, time)) found.push(toIso(time));
  }
  return found;
}

const isoDate = fc
  .integer({ min: toTime("2024-01-01"), max: toTime("2031-12-31") })
  .map((time) => toIso(Math.floor(time / dayMs) * dayMs));

const rules: fc.Arbitrary<Recurrence> = fc
  .record({
    frequency: fc.constantFrom(...recurrenceFrequencies),
    interval: fc.integer({ min: 1, max: 3 }),
    daysOfWeek: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    dayOfMonth: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(29, 30, 31)),
    monthOfYear: fc.integer({ min: 1, max: 12 }),
    weekendRule: fc.constantFrom(...weekendRules),
    startDate: isoDate,
    endOffsetDays: fc.option(fc.integer({ min: 0, max: 2000 })),
    maxExecutions: fc.option(fc.integer({ min: 1, max: 12 })),
  })
  .map(({ endOffsetDays, ...rule }) => ({
    ...rule,
    endDate: endOffsetDays === null ? null : toIso(toTime(rule.startDate) + endOffsetDays * dayMs),
  }));

describe("the recurrence engine", () => {
  it("gives the same occurrences as a day-by-day walk of the calendar, in order and unique, within start, end and maximum", () => {
    fc.assert(
      fc.property(rules, (rule) => {
        const dates = occurrencesFrom(rule, rule.startDate, 10, rule.maxExecutions ?? Infinity);
        expect(dates).toEqual(referenceOccurrences(rule, rule.startDate, 10));
        expect([...new Set(dates)]).toEqual(dates);
        expect([...dates].sort()).toEqual(dates);
        for (const date of dates) {
          expect(date >= rule.startDate).toBe(true);
          if (rule.endDate) expect(date <= rule.endDate).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("picks up from any date at the first occurrence on or after it", () => {
    fc.assert(
      fc.property(rules, isoDate, (rule, from) => {
        const reference = referenceOccurrences({ ...rule, maxExecutions: null }, from, 1)[0] ?? null;
        expect(firstOccurrenceFrom(rule, from)).toBe(reference);
      }),
      { numRuns: 300 },
    );
  });

  it("never skips or repeats a month on day 29–31, and comes back to the day after a short month", () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 29, max: 31 }), (startDate, dayOfMonth) => {
        const rule: Recurrence = {
          frequency: "monthly",
          interval: 1,
          daysOfWeek: [],
          dayOfMonth,
          monthOfYear: null,
          weekendRule: "as_is",
          startDate,
          endDate: null,
          maxExecutions: null,
        };
        const dates = occurrencesFrom(rule, startDate, 24);
        const months = dates.map((date) => date.slice(0, 7));
        for (let index = 1; index < months.length; index++) {
          const [year, month] = months[index - 1]!.split("-").map(Number) as [number, number];
          const expected = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
          expect(months[index]).toBe(expected);
        }
        for (const date of dates) {
          const day = Number(date.slice(8, 10));
          const last = lastDayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1);
          expect(day).toBe(Math.min(dayOfMonth, last));
        }
      }),
    );
  });

  it("posts a weekend occurrence on the Friday before or the Monday after, and weekdays as they are", () => {
    fc.assert(
      fc.property(isoDate, fc.constantFrom(...weekendRules), (date, weekendRule) => {
        const posted = postingDate(date, weekendRule);
        const weekday = new Date(toTime(date)).getUTCDay();
        const shift = Math.round((toTime(posted) - toTime(date)) / dayMs);
        if (weekday !== 0 && weekday !== 6) expect(posted).toBe(date);
        else if (weekendRule === "as_is") expect(posted).toBe(date);
        else if (weekendRule === "friday_before") {
          expect(new Date(toTime(posted)).getUTCDay()).toBe(5);
          expect(shift).toBeGreaterThanOrEqual(-2);
          expect(shift).toBeLessThan(0);
        } else {
          expect(new Date(toTime(posted)).getUTCDay()).toBe(1);
          expect(shift).toBeGreaterThan(0);
          expect(shift).toBeLessThanOrEqual(2);
        }
      }),
    );
  });

  it("handles 29 February: a yearly rule on it falls on the 28th in other years", () => {
    const rule: Recurrence = {
      frequency: "yearly",
      interval: 1,
      daysOfWeek: [],
      dayOfMonth: 29,
      monthOfYear: 2,
      weekendRule: "as_is",
      startDate: "2028-02-29",
      endDate: null,
      maxExecutions: null,
    };
    expect(occurrencesFrom(rule, rule.startDate, 5)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
    ]);
  });
});
