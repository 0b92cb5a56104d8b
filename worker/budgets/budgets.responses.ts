import { z } from "zod";
import { currencies } from "../../db/enums.ts";

const budgetStatusSchema = z.enum(["ok", "warning", "exceeded"]);

/**
 * What a budget offered over a month (or a period of months) and what was spent: `available` is
 * `budgeted` plus what the month before left unspent (`carried`, with rollover); `remaining` is
 * negative when over. `percent_used` of `available`, 1 decimal; `status` `warning` from 80 %,
 * `exceeded` from 100 %.
 */
const budgetFiguresFields = {
  budgeted: z.string(),
  carried: z.string(),
  available: z.string(),
  spent: z.string(),
  remaining: z.string(),
  available_cents: z.number().int(),
  spent_cents: z.number().int(),
  percent_used: z.number(),
  status: budgetStatusSchema,
};

/** One month of a budget; `month` is YYYY-MM. */
export const budgetMonthSchema = z.object({ month: z.string(), ...budgetFiguresFields });

const budgetSummaryFields = {
  uuid: z.string(),
  /** Null for the budget on all spending. */
  tag: z.object({ uuid: z.string(), name: z.string(), color: z.string() }).nullable(),
  /** A month's limit, in the budget's currency (the workspace's when it was set). */
  amount: z.string(),
  amount_cents: z.number().int(),
  currency: z.enum(currencies),
  rollover: z.boolean(),
  /** YYYY-MM: its first month. */
  start_month: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
};

/** A budget as the API returns it, with this month's figures (null before its first month). */
export const budgetResponseSchema = z.object({
  ...budgetSummaryFields,
  current_month: budgetMonthSchema.nullable(),
});

/** GET /budgets: every budget, then this month (YYYY-MM in the workspace's time zone) and the currencies no rate converted. */
export const budgetListSchema = z.object({
  data: z.array(budgetResponseSchema),
  meta: z.object({ month: z.string(), unconverted_currencies: z.array(z.string()) }),
});

/** Each budget over the months the range touches: the period's figures (`carried` into its first month) and each month's. */
export const budgetAnalysisSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  budgets: z.array(
    z.object({
      ...budgetSummaryFields,
      period: z.object(budgetFiguresFields),
      months: z.array(budgetMonthSchema),
    }),
  ),
  unconverted_currencies: z.array(z.string()),
});

/** A budget this month has used 80 % or more of, as the dashboard lists it. */
export const budgetAlertSchema = z.object({
  uuid: z.string(),
  tag: budgetSummaryFields.tag,
  currency: z.enum(currencies),
  month: z.string(),
  available: z.string(),
  spent: z.string(),
  remaining: z.string(),
  percent_used: z.number(),
  status: z.enum(["warning", "exceeded"]),
});
