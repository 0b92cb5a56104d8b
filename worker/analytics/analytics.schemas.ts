import { z } from "zod";
import { queryWholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";

/** The reports' range (README: "Analytics"): dates in the workspace's time zone, both counted; default the last 12 months. */
export const rangeQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

/** The balance trend may run on past today: `projection_days` after it, when the range reaches today (the page asks for 30). */
export const balanceTrendQuerySchema = rangeQuerySchema.extend({
  projection_days: queryWholeNumberSchema("errors:fields.projectionDays", 0, 90).default(0),
});
/** Parsed, or as the page passes it (without `projection_days`: none). */
export type BalanceTrendQuery = RangeQuery & { projection_days?: number };

export const spendingTrendsQuerySchema = rangeQuerySchema.extend({
  group_by: z.enum(["day", "week", "month"], { error: "errors:fields.groupBy" }).default("month"),
});
export type SpendingTrendsQuery = z.infer<typeof spendingTrendsQuerySchema>;

export const categoryBreakdownQuerySchema = rangeQuerySchema.extend({
  type: z.enum(["expense", "income"], { error: "errors:fields.breakdownType" }).default("expense"),
});
export type CategoryBreakdownQuery = z.infer<typeof categoryBreakdownQuerySchema>;
