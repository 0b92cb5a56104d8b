import { z } from "zod";
import { currencies } from "../../db/enums.ts";

/**
 * A goal as the API returns it, amounts in its currency (the workspace's when it was set). Progress
 * (`current_amount`) is the linked accounts' balances today plus the contributions; the pace and
 * status rules are at the top of worker/goals/goals.service.ts.
 */
export const goalResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  color: z.string(),
  currency: z.enum(currencies),
  target_amount: z.string(),
  target_cents: z.number().int(),
  target_date: z.string().nullable(),
  current_amount: z.string(),
  current_cents: z.number().int(),
  remaining: z.string(),
  /** Of the target, 1 decimal. */
  percent: z.number(),
  /** What progress grew by in the last 90 days. */
  last_90_days: z.string(),
  /** A third of `last_90_days`. */
  monthly_pace: z.string(),
  /** What remains over the months left to `target_date`; null without a date. */
  monthly_needed: z.string().nullable(),
  months_left: z.number().int().nullable(),
  /** When the pace would reach the target; null when the pace is not positive. */
  projected_date: z.string().nullable(),
  status: z.enum(["reached", "no_date", "on_track", "behind"]),
  /** The linked accounts; `converted_balance` null (and not counted) when no kept rate converts the account's currency. */
  accounts: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      currency: z.string(),
      balance: z.string(),
      converted_balance: z.string().nullable(),
    }),
  ),
  /** Money added by hand (negative: taken out), oldest first. */
  contributions: z.array(
    z.object({ uuid: z.string(), date: z.string(), amount: z.string(), note: z.string().nullable() }),
  ),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** GET /goals: every goal, oldest first, and the currencies no kept rate converted. */
export const goalListSchema = z.object({
  data: z.array(goalResponseSchema),
  meta: z.object({ unconverted_currencies: z.array(z.string()) }),
});

/** GET /analytics/goals-progress: every goal as of today in the workspace's time zone. */
export const goalsProgressSchema = z.object({
  currency: z.enum(currencies),
  today: z.string(),
  goals: z.array(goalResponseSchema),
  unconverted_currencies: z.array(z.string()),
});
