/**
 * An installment plan's installments (README: "Installment plans"): their amounts from the one
 * module of money schedules, and their dates — on a bank account, the day of month from the first
 * payment on; on a credit card, one per statement from the statement holding the purchase.
 * Pure: no clock, no database.
 */
import { closingDateFor, periodClosingOn, type CardCycle } from "../../cards/statements.ts";
import { addDays, dayOfMonth, shiftMonth } from "../../ledger/dates.ts";
import { percentRate, type ScheduleRow, schedule, zeroRate } from "../money-schedules.ts";

export type PlanTerms = { totalAmountCents: number; installmentCount: number; interestRate: string };

/**
 * The installments' payments: the Price table at the monthly rate, or equal parts without one, the
 * first carrying the leftover cents. They sum to the total plus the interest, exactly.
 */
export function installmentRows(terms: PlanTerms): ScheduleRow[] {
  const rate = percentRate(terms.interestRate) ?? zeroRate;
  return schedule(BigInt(terms.totalAmountCents), rate, terms.installmentCount, "price");
}

/** The installment people quote ("10x de R$ 349,90"): the equal payment, or an equal part without the leftover. */
export function regularInstallmentCents(rows: readonly ScheduleRow[]): bigint {
  return rows[Math.min(1, rows.length - 1)]!.paymentCents;
}

const monthOf = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });

/** `day` of the month `months` after `date`'s month: the month's last day when it is shorter. */
function dayInMonthAfter(date: string, months: number, day: number): string {
  const { year, month } = monthOf(date);
  const shifted = shiftMonth(year, month, months);
  return dayOfMonth(shifted.year, shifted.month, day);
}

/** On an account: the first payment's date, then `day` of each following month. */
export function accountInstallmentDates(firstPaymentDate: string, day: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? firstPaymentDate : dayInMonthAfter(firstPaymentDate, index, day),
  );
}

export type CardInstallmentDate = { date: string; closing: string; due: string };

/**
 * On a credit card: installment k on the k-th statement counted from the one whose period holds
 * the purchase (a purchase after the closing day falls on the next). Each is dated the purchase's
 * day in its statement's month, moved into the statement's period when a short month or the
 * closing day would put it in a neighbour, so the ledger's statements (which go by date) hold
 * exactly one installment each.
 */
export function cardInstallmentDates(purchaseDate: string, count: number, cycle: CardCycle): CardInstallmentDate[] {
  const purchaseDay = Number(purchaseDate.slice(8, 10));
  const dates: CardInstallmentDate[] = [];
  let closing = closingDateFor(purchaseDate, cycle.billingDay);
  for (let index = 0; index < count; index++) {
    if (index > 0) closing = closingDateFor(addDays(closing, 1), cycle.billingDay);
    const period = periodClosingOn(closing, cycle);
    const shifted = dayInMonthAfter(purchaseDate, index, purchaseDay);
    let date = shifted;
    if (date < period.start) date = period.start;
    if (date > period.closing) date = period.closing;
    dates.push({ date, closing, due: period.due });
  }
  return dates;
}

/** "Notebook (3/10)": how each installment reads on a statement and in the transactions. */
export const installmentDescription = (description: string, number: number, count: number) =>
  `${description} (${number}/${count})`;
