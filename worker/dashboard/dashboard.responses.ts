import { z } from "zod";
import { currencies, plannedSourceKinds, transactionKinds } from "../../db/enums.ts";
import { budgetAlertSchema } from "../budgets/budgets.responses.ts";
import { transactionResponseSchema } from "../transactions/transactions.responses.ts";

/**
 * The dashboard's figures as the API returns them, in the workspace's `currency`; the rules behind each
 * are at the top of worker/dashboard/dashboard.service.ts.
 */

/** The change from last month: (current − previous) / previous × 100, 1 decimal; 100 when last month was 0 and this one is not. */
const changeFields = {
  change_percentage: z.number(),
  change_type: z.enum(["increase", "decrease", "neutral"]),
};

/** This month's income (up to today) beside last month's. */
export const monthlyIncomeSchema = z.object({
  current_income: z.string(),
  previous_income: z.string(),
  ...changeFields,
});

/** This month's expenses (up to today) beside last month's. */
export const monthlyExpensesSchema = z.object({
  current_expenses: z.string(),
  previous_expenses: z.string(),
  ...changeFields,
});

/** This month's expenses paid with a card in credit mode beside last month's. */
export const creditCardSpendingSchema = z.object({
  current_spending: z.string(),
  previous_spending: z.string(),
  ...changeFields,
});

/**
 * Another currency the accounts hold: its balance today in that currency, what it adds to `total_balance`
 * (null when no kept rate converts it), the rate (workspace-currency units per unit), the day it is of, the
 * provider, when it was fetched, and whether that was more than 2 hours ago.
 */
const otherCurrencySchema = z.object({
  currency: z.string(),
  total_balance: z.string(),
  converted_balance: z.string().nullable(),
  rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  source: z.string().nullable(),
  lastUpdated: z.string().nullable(),
  is_stale: z.boolean(),
});

export const dashboardStatsSchema = z.object({
  currency: z.enum(currencies),
  /** The accounts' balances as of today (what credit accounts owe taken off). */
  total_balance: z.string(),
  other_currencies: z.array(otherCurrencySchema),
  /** Currencies held or moved here that no kept rate converts: left out of every figure, never counted at 1. */
  unconverted_currencies: z.array(z.string()),
  monthly_income: monthlyIncomeSchema,
  monthly_expenses: monthlyExpensesSchema,
  credit_card_spending: creditCardSpendingSchema,
  /** Active accounts. */
  accounts_count: z.number().int(),
  /** What active and defaulted loans still owe. */
  loans_owed: z.string(),
  /** The total balance less what the cards owe today and `loans_owed`. */
  net_worth: z.string(),
  /** Card debt / total credit limit × 100, 1 decimal (0 without a limit). */
  credit_utilization: z.number(),
  /** The 10 newest transactions by date, then by entry. */
  recent_transactions: z.array(transactionResponseSchema),
  /** Budgets this month has used 80 % or more of, most used first; empty on a plan without advanced analytics. */
  budget_alerts: z.array(budgetAlertSchema),
});

/** The balance projected to `end_date`: today's, plus the income and less the expenses dated or planned by then. */
export const virtualBalanceSchema = z.object({
  currency: z.enum(currencies),
  today: z.string(),
  end_date: z.string(),
  current_balance: z.string(),
  future_income: z.string(),
  future_expenses: z.string(),
  /** What the cards owe today. */
  credit_card_debt: z.string(),
  /** current_balance + future_income − future_expenses. */
  end_balance: z.string(),
  unconverted_currencies: z.array(z.string()),
  /** What scheduled, recurring and installment items and loan payments will post by `end_date`, soonest first (the first 50). */
  upcoming: z.array(
    z.object({
      date: z.string(),
      type: z.enum(transactionKinds),
      description: z.string(),
      amount: z.string(),
      currency: z.enum(currencies),
      source: z.object({ type: z.enum(plannedSourceKinds), uuid: z.string(), name: z.string() }),
    }),
  ),
});
