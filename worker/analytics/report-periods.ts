/**
 * The reports' date arithmetic (README: "Analytics"): a range, the one before it, and the buckets a
 * range is grouped into. Dates are YYYY-MM-DD in the workspace's time zone; pure, no clock.
 */
import { addDays, dayOfMonth, earlierDate, monthRange, shiftMonth } from "../ledger/dates.ts";

export type Range = { from: string; to: string };
export type Grouping = "day" | "week" | "month";
export type Bucket = { start: string; end: string };

/** Days from `from` to `to`, both counted. */
export function dayCount({ from, to }: Range): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** True when the range starts on a month's first day and ends on a month's last. */
export function isWholeMonths({ from, to }: Range): boolean {
  return from.endsWith("-01") && monthRange(to).end === to;
}

/**
 * The range the report compares with: as many whole months before it when it is whole months
 * (this year against last year, a month against the month before), else as many days before it.
 */
export function previousRange(range: Range): Range {
  if (isWholeMonths(range)) {
    const months = monthIndex(range.to) - monthIndex(range.from) + 1;
    const start = shiftMonth(Number(range.from.slice(0, 4)), Number(range.from.slice(5, 7)), -months);
    return { from: dayOfMonth(start.year, start.month, 1), to: addDays(range.from, -1) };
  }
  return { from: addDays(range.from, -dayCount(range)), to: addDays(range.from, -1) };
}

/**
 * The buckets of a range: every day; weeks of 7 days counted from the range's first day (so the
 * previous range's weeks line up with them); calendar months, the first and last cut to the range.
 */
export function bucketsOf(range: Range, grouping: Grouping): Bucket[] {
  const buckets: Bucket[] = [];
  let start = range.from;
  while (start <= range.to) {
    const natural = grouping === "day" ? start : grouping === "week" ? addDays(start, 6) : monthRange(start).end;
    const end = earlierDate(natural, range.to);
    buckets.push({ start, end });
    start = addDays(end, 1);
  }
  return buckets;
}

/** The index of the bucket holding `day`, or -1 outside them (buckets are sorted and contiguous). */
export function bucketIndexOf(buckets: readonly Bucket[], day: string): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const bucket = buckets[middle]!;
    if (day < bucket.start) high = middle - 1;
    else if (day > bucket.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** The last 12 calendar months up to `today`: the free plan's reach, and the reports' default range. */
export function lastTwelveMonths(today: string): Range {
  return { from: monthRange(today, 11).start, to: today };
}
