/**
 * A budget month by month (README: "Budgets and goals"): each month offers its amount plus, with
 * rollover, what the month before left unspent (an overspent month carries nothing: the overspending
 * is shown where it happened, not taken from the next month). Pure: the service reads the spending.
 */
import { shiftMonth } from "../ledger/dates.ts";

export type BudgetMonth = {
  month: string;
  budgeted: bigint;
  carried: bigint;
  available: bigint;
  spent: bigint;
};

/** Percent used from which a budget warns, and from which it is exceeded. */
export const warningPercent = 80;
export const exceededPercent = 100;

export type BudgetStatus = "ok" | "warning" | "exceeded";

export const nextMonth = (month: string) => {
  const next = shiftMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1);
  return `${next.year}-${String(next.month).padStart(2, "0")}`;
};

/** Every month from the budget's first to `lastMonth`, with what each offered and what was spent in it. */
export function budgetMonths(
  budget: { amountUnits: bigint; rollover: boolean; startMonth: string },
  spentByMonth: ReadonlyMap<string, bigint>,
  lastMonth: string,
): BudgetMonth[] {
  const months: BudgetMonth[] = [];
  let carried = 0n;
  for (let month = budget.startMonth; month <= lastMonth; month = nextMonth(month)) {
    const available = budget.amountUnits + carried;
    const spent = spentByMonth.get(month) ?? 0n;
    months.push({ month, budgeted: budget.amountUnits, carried, available, spent });
    carried = budget.rollover && available > spent ? available - spent : 0n;
  }
  return months;
}

/** The share of `available` spent, in percent with one decimal (half away from zero). */
export function percentUsed(spent: bigint, available: bigint): number {
  if (available <= 0n) return spent > 0n ? 100 : 0;
  const doubledTenths = (spent * 2000n) / available;
  return Number((doubledTenths + 1n) / 2n) / 10;
}

export function statusOf(percent: number): BudgetStatus {
  if (percent >= exceededPercent) return "exceeded";
  return percent >= warningPercent ? "warning" : "ok";
}
