import { z } from "zod";
import { dateSchema } from "../transactions/transactions.schemas.ts";

/** The reports' range (README: "Analytics"): dates in the workspace's time zone, both counted; default the last 12 months. */
export const rangeQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

export const spendingTrendsQuerySchema = rangeQuerySchema.extend({
  group_by: z.enum(["day", "week", "month"], { error: "errors:fields.groupBy" }).default("month"),
});
export type SpendingTrendsQuery = z.infer<typeof spendingTrendsQuerySchema>;

export const categoryBreakdownQuerySchema = rangeQuerySchema.extend({
  type: z.enum(["expense", "income"], { error: "errors:fields.breakdownType" }).default("expense"),
});
export type CategoryBreakdownQuery = z.infer<typeof categoryBreakdownQuerySchema>;
