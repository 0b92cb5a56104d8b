import { monthRange } from "../../../worker/ledger/dates";

export const rangePresets = [
  "this-month",
  "last-month",
  "last-3-months",
  "last-6-months",
  "last-12-months",
  "this-year",
] as const;
export type RangePreset = (typeof rangePresets)[number];
export type DateRange = { from: string; to: string };

/**
 * A preset's dates in the workspace's calendar. "Last n months" are calendar months, this one
 * included up to today, as the reports' own default (the last 12) and the free plan's reach count them.
 */
export function presetRange(preset: RangePreset, today: string): DateRange {
  switch (preset) {
    case "this-month":
      return { from: monthRange(today).start, to: today };
    case "last-month":
      return { from: monthRange(today, 1).start, to: monthRange(today, 1).end };
    case "last-3-months":
      return { from: monthRange(today, 2).start, to: today };
    case "last-6-months":
      return { from: monthRange(today, 5).start, to: today };
    case "last-12-months":
      return { from: monthRange(today, 11).start, to: today };
    case "this-year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Which preset a range is, or "custom"; the first match wins (on 1 January "this year" is "this month"). */
export function presetOf(range: DateRange, today: string): RangePreset | "custom" {
  return (
    rangePresets.find((preset) => {
      const dates = presetRange(preset, today);
      return dates.from === range.from && dates.to === range.to;
    }) ?? "custom"
  );
}

/** Days in a range, both ends counted. */
export function daysIn({ from, to }: DateRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
