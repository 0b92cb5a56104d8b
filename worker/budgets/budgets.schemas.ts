import { z } from "zod";
import { monthSchema } from "../ledger/dates.schemas.ts";
import { positiveAmountSchema } from "../ledger/money.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const budgetFields = {
  /** In the workspace's currency, a month. */
  amount: positiveAmountSchema,
  rollover: z.boolean({ error: "errors:fields.rollover" }).default(false),
  /** YYYY-MM; default the current month. */
  start_month: monthSchema("errors:fields.startMonth").optional(),
};

/** POST /budgets: a tag's monthly limit, or (no tag) one on all spending. */
export const budgetSchema = z.object({
  tag_id: z
    .string({ error: "errors:fields.tagUnknown" })
    .regex(uuid, "errors:fields.tagUnknown")
    .transform((id) => id.toLowerCase())
    .nullish(),
  ...budgetFields,
});
export type BudgetInput = z.infer<typeof budgetSchema>;

/** PUT /budgets/{id}: the amount, rollover and first month; the tag stays (delete and create for another). */
export const budgetUpdateSchema = z.object(budgetFields);
export type BudgetUpdate = z.infer<typeof budgetUpdateSchema>;
