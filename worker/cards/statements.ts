import { addDays, dayOfMonth, shiftMonth } from "../ledger/dates.ts";

/** A card's cycle: the day each statement closes and the day it is due, both 1–31. */
export type CardCycle = { billingDay: number; dueDay: number };

export type StatementPeriod = { start: string; closing: string; due: string };

const yearAndMonth = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });

/** The closing date of the cycle holding `date`: the billing day of its month, or of the next. */
export function closingDateFor(date: string, billingDay: number): string {
  const { year, month } = yearAndMonth(date);
  const thisMonth = dayOfMonth(year, month, billingDay);
  if (date <= thisMonth) return thisMonth;
  const next = shiftMonth(year, month, 1);
  return dayOfMonth(next.year, next.month, billingDay);
}

/**
 * The due date of the statement closing on `closing`: the due day of the month after closing when
 * it is not after the billing day (closes on the 25th, due on the 5th), else of the closing month
 * (closes on the 3rd, due on the 13th); clamped like the closing (day 31 is due on 28 February).
 * The days are compared as set, not as clamped, so a card due on the 30th that closes on the 31st is
 * due in the next month even when February clamps its closing to the 28th.
 */
export function dueDateFor(closing: string, cycle: CardCycle): string {
  const { year, month } = yearAndMonth(closing);
  const dueMonth = cycle.dueDay <= cycle.billingDay ? shiftMonth(year, month, 1) : { year, month };
  return dayOfMonth(dueMonth.year, dueMonth.month, cycle.dueDay);
}

/** The cycle ending on `closing`: it starts the day after the previous closing. */
export function periodClosingOn(closing: string, cycle: CardCycle): StatementPeriod {
  const { year, month } = yearAndMonth(closing);
  const previous = shiftMonth(year, month, -1);
  const start = addDays(dayOfMonth(previous.year, previous.month, cycle.billingDay), 1);
  return { start, closing, due: dueDateFor(closing, cycle) };
}

/**
 * The open cycle (holding today) and up to `count − 1` before it, newest first, none of them
 * before the card's first day (the earlier of its creation and its first transaction, so a
 * backdated purchase keeps its statement).
 */
export function recentPeriods(today: string, cycle: CardCycle, count: number, firstDay = ""): StatementPeriod[] {
  const periods = [periodClosingOn(closingDateFor(today, cycle.billingDay), cycle)];
  while (periods.length < count && periods.at(-1)!.start > firstDay) {
    const previousClosing = addDays(periods.at(-1)!.start, -1);
    periods.push(periodClosingOn(previousClosing, cycle));
  }
  return periods;
}

/** How many statements after the open one a card lists at most (installments of a 24x plan). */
export const upcomingStatementLimit = 24;

/**
 * The statements after the open one, up to the one holding `lastCharge` (an installment of a plan
 * charged on a later statement), oldest first; none when nothing is charged later.
 */
export function upcomingPeriods(today: string, cycle: CardCycle, lastCharge: string | null): StatementPeriod[] {
  const periods: StatementPeriod[] = [];
  let closing = closingDateFor(today, cycle.billingDay);
  while (lastCharge !== null && lastCharge > closing && periods.length < upcomingStatementLimit) {
    closing = closingDateFor(addDays(closing, 1), cycle.billingDay);
    periods.push(periodClosingOn(closing, cycle));
  }
  return periods;
}

/**
 * The statement closing on `closing`, when it is one of the card's: a closing date of its cycle,
 * not before the one holding its first day, and not after the open statement's — or after it, up
 * to the one holding the card's last charge (installments already on later statements).
 */
export function statementPeriodOn(
  closing: string,
  today: string,
  cycle: CardCycle,
  firstDay: string,
  lastCharge: string | null = null,
) {
  if (closingDateFor(closing, cycle.billingDay) !== closing) return null;
  if (closing < closingDateFor(firstDay, cycle.billingDay)) return null;
  const open = closingDateFor(today, cycle.billingDay);
  if (closing > open && !upcomingPeriods(today, cycle, lastCharge).some((period) => period.closing === closing))
    return null;
  return periodClosingOn(closing, cycle);
}

/** upcoming: a later statement (holding installments), not open yet. */
export type StatementStatus = "upcoming" | "open" | "closed" | "paid" | "overdue";

/** Cents as bigint: the sums behind a statement are read exactly (ledger/sums.ts), whatever their size. */
export type Statement = StatementPeriod & {
  totalCents: bigint;
  paidCents: bigint;
  remainingCents: bigint;
  /** What a payment must be to settle this statement: its remaining plus whatever earlier ones still owe. */
  toSettleCents: bigint;
  status: StatementStatus;
};

/** A later statement is upcoming; the one holding today open; before it, paid, overdue or closed. */
function statusOf(period: StatementPeriod, remainingCents: bigint, today: string): StatementStatus {
  if (period.start > today) return "upcoming";
  if (period.closing >= today) return "open";
  if (remainingCents === 0n) return "paid";
  return period.due < today ? "overdue" : "closed";
}

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
    const owedThrough = chargedBefore - input.creditsCents;
    const toSettleCents = owedThrough > 0n ? owedThrough : 0n;
    const remainingCents = totalCents - paidCents;
    const status = statusOf(period, remainingCents, input.today);
    return { ...period, totalCents, paidCents, remainingCents, toSettleCents, status };
  });
  return statements.reverse();
}
