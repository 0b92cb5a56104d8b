import { addDays, dayOfMonth, shiftMonth } from "../ledger/dates.ts";

/** Days from a statement's closing to its due date (README: "Cards and statements"). */
export const daysToPay = 10;

export type StatementPeriod = { start: string; closing: string; due: string };

/** The closing date of the cycle holding `date`: the billing day of its month, or of the next. */
export function closingDateFor(date: string, billingDay: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const thisMonth = dayOfMonth(year, month, billingDay);
  if (date <= thisMonth) return thisMonth;
  const next = shiftMonth(year, month, 1);
  return dayOfMonth(next.year, next.month, billingDay);
}

/** The cycle ending on `closing`: it starts the day after the previous closing. */
export function periodClosingOn(closing: string, billingDay: number): StatementPeriod {
  const previous = shiftMonth(Number(closing.slice(0, 4)), Number(closing.slice(5, 7)), -1);
  const start = addDays(dayOfMonth(previous.year, previous.month, billingDay), 1);
  return { start, closing, due: addDays(closing, daysToPay) };
}

/** The open cycle (holding today) and the `count − 1` before it, newest first. */
export function recentPeriods(today: string, billingDay: number, count: number): StatementPeriod[] {
  const periods = [periodClosingOn(closingDateFor(today, billingDay), billingDay)];
  while (periods.length < count) {
    const previousClosing = addDays(periods.at(-1)!.start, -1);
    periods.push(periodClosingOn(previousClosing, billingDay));
  }
  return periods;
}

export type StatementStatus = "open" | "closed" | "paid" | "overdue";

/** Cents as bigint: the sums behind a statement are read exactly (ledger/sums.ts), whatever their size. */
export type Statement = StatementPeriod & {
  totalCents: bigint;
  paidCents: bigint;
  remainingCents: bigint;
  status: StatementStatus;
};

/**
 * Statements with what was paid of each. Payments and refunds to the card settle the oldest
 * charges first, so a statement is paid once everything paid in covers it and all before it.
 */
export function buildStatements(input: {
  periods: StatementPeriod[];
  chargesByDate: Map<string, bigint>;
  chargesBeforeWindowCents: bigint;
  creditsCents: bigint;
  today: string;
}): Statement[] {
  const oldestFirst = [...input.periods].reverse();
  let chargedBefore = input.chargesBeforeWindowCents;
  const statements = oldestFirst.map((period) => {
    let totalCents = 0n;
    for (const [date, cents] of input.chargesByDate)
      if (date >= period.start && date <= period.closing) totalCents += cents;
    const unspentCredits = input.creditsCents - chargedBefore;
    const paidCents = unspentCredits <= 0n ? 0n : unspentCredits < totalCents ? unspentCredits : totalCents;
    chargedBefore += totalCents;
    const remainingCents = totalCents - paidCents;
    const status: StatementStatus =
      period.closing >= input.today
        ? "open"
        : remainingCents === 0n
          ? "paid"
          : period.due < input.today
            ? "overdue"
            : "closed";
    return { ...period, totalCents, paidCents, remainingCents, status };
  });
  return statements.reverse();
}
