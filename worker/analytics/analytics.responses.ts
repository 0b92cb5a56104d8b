import { z } from "zod";
import { accountTypes, currencies } from "../../db/enums.ts";

/**
 * The reports as the API returns them (README: "Analytics"): amounts are decimal strings in the
 * workspace's `currency`, with `*_cents` integers where a chart computes; `from` and `to` are the range
 * answered (dates in the workspace's time zone, both counted); `unconverted_currencies` are the
 * currencies no kept rate converted, left out of every figure.
 */

const tagRefSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  color: z.string(),
  parent_id: z.string().nullable().meta({
    description:
      "The category of a subcategory, null for a top-level tag; a category's figures include its subcategories'.",
  }),
});
const unconvertedSchema = z.array(z.string());
/** The change from the comparison range in percent, 1 decimal; null when it had nothing. */
const changePercentageSchema = z.number().nullable();

/** Spending per period beside the comparison range's period in the same place. */
export const spendingTrendsSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  group_by: z.enum(["day", "week", "month"]),
  previous_from: z.string(),
  previous_to: z.string(),
  periods: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      amount: z.string(),
      amount_cents: z.number().int(),
      previous_amount: z.string(),
      previous_amount_cents: z.number().int(),
      transactions: z.number().int(),
    }),
  ),
  total: z.string(),
  previous_total: z.string(),
  change_percentage: changePercentageSchema,
  unconverted_currencies: unconvertedSchema,
});

/** Expenses (or income) by tag, largest first; `tag: null` is what carries no tag. */
export const categoryBreakdownSchema = z.object({
  currency: z.enum(currencies),
  type: z.enum(["expense", "income"]),
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  total: z.string(),
  previous_total: z.string(),
  change_percentage: changePercentageSchema,
  categories: z.array(
    z.object({
      tag: tagRefSchema.nullable(),
      amount: z.string(),
      amount_cents: z.number().int(),
      previous_amount: z.string(),
      transactions: z.number().int(),
      /** Percent of `total`, 1 decimal: a transaction with several tags counts under each, so shares may add up past 100. */
      share: z.number(),
      change_percentage: changePercentageSchema,
    }),
  ),
  unconverted_currencies: unconvertedSchema,
});

const monthFiguresFields = {
  income: z.string(),
  expenses: z.string(),
  net: z.string(),
  income_cents: z.number().int(),
  expenses_cents: z.number().int(),
  net_cents: z.number().int(),
  /** The net as a percentage of the income, 1 decimal; null without income. */
  savings_rate: z.number().nullable(),
};

/** Per calendar month of the range (the first and last cut to it), and the range's totals. */
export const incomeVsExpensesSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  months: z.array(z.object({ month: z.string(), start: z.string(), end: z.string(), ...monthFiguresFields })),
  totals: z.object(monthFiguresFields),
  unconverted_currencies: unconvertedSchema,
});

const accountFlowsFields = { opening: z.string(), inflows: z.string(), outflows: z.string(), closing: z.string() };

/**
 * Per account, in its own currency: its balance at the end of the day before `from`, what came in and
 * went out (transfers included) and its balance at the end of `to`; `converted` in the workspace's
 * (balances at their day's rate, flows at each day's; null without a rate). Archived accounts are listed
 * when something moved.
 */
export const accountPerformanceSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  accounts: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      type: z.enum(accountTypes),
      color: z.string(),
      is_active: z.boolean(),
      currency: z.enum(currencies),
      ...accountFlowsFields,
      change: z.string(),
      converted: z.object({
        opening: z.string().nullable(),
        inflows: z.string().nullable(),
        outflows: z.string().nullable(),
        closing: z.string().nullable(),
      }),
    }),
  ),
  unconverted_currencies: unconvertedSchema,
});

/** Income by tag into an account or card, or spending by tag out of one: a link of a Sankey chart. */
const cashFlowLinkSchema = z.object({
  tag: tagRefSchema.nullable(),
  leg: z.object({ type: z.enum(["account", "card"]), uuid: z.string(), name: z.string().nullable() }),
  amount: z.string(),
  amount_cents: z.number().int(),
});

/** Where the range's money came from and went, largest first, and what the coming 30, 60 and 90 days hold already. */
export const cashFlowSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  totals: z.object({ income: z.string(), expenses: z.string(), net: z.string() }),
  inflows: z.array(cashFlowLinkSchema),
  outflows: z.array(cashFlowLinkSchema),
  projection: z.array(
    z.object({
      days: z.number().int(),
      end_date: z.string(),
      income: z.string(),
      expenses: z.string(),
      net: z.string(),
      /** The part of `expenses` made on credit cards. */
      card_spending: z.string(),
      card_payments: z.string(),
      statements_due: z.string(),
      /** income − (expenses − card_spending) − card_payments − statements_due: what the accounts gain or lose. */
      cash_net: z.string(),
    }),
  ),
  unconverted_currencies: unconvertedSchema,
});

/**
 * The total balance at the end of each day, and each account's own (`balances[i]` is `points[i].date`'s);
 * the days after `today` are projected (`projected_from` the first, null when the range ends by today).
 */
export const balanceTrendSchema = z.object({
  currency: z.enum(currencies),
  from: z.string(),
  to: z.string(),
  today: z.string(),
  projected_from: z.string().nullable(),
  points: z.array(
    z.object({ date: z.string(), total: z.string(), total_cents: z.number().int(), projected: z.boolean() }),
  ),
  accounts: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      color: z.string(),
      currency: z.enum(currencies),
      balances: z.array(z.string()),
    }),
  ),
  unconverted_currencies: unconvertedSchema,
});
