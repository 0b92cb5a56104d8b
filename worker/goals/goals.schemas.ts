import { z } from "zod";
import { positiveAmountSchema, signedAmountSchema } from "../ledger/money.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /goals and PUT /goals/{id}: the whole goal (its linked accounts are replaced on PUT). */
export const goalSchema = z.object({
  name: z
    .string({ error: "errors:fields.goalName" })
    .trim()
    .min(1, "errors:fields.goalName")
    .max(100, "errors:fields.goalName"),
  /** In the workspace's currency (the goal keeps it). */
  target_amount: positiveAmountSchema,
  target_date: dateSchema.nullish(),
  account_ids: z
    .array(z.string().regex(uuid, "errors:fields.goalAccount"), { error: "errors:fields.goalAccount" })
    .max(20, "errors:fields.goalAccount")
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .default([]),
  color: z
    .string({ error: "errors:fields.hexColor" })
    .regex(/^#[0-9a-fA-F]{6}$/, "errors:fields.hexColor")
    .transform((color) => color.toUpperCase())
    .default("#4CAF50"),
});
export type GoalInput = z.infer<typeof goalSchema>;

/** POST /goals/{id}/contributions: money put aside by hand (negative: taken out), in the goal's currency. */
export const contributionSchema = z.object({
  amount: signedAmountSchema.refine((units) => units !== 0, "errors:fields.contributionAmount"),
  date: dateSchema.optional(),
  note: z.string().trim().max(255, "errors:fields.noteTooLong").nullish(),
});
export type ContributionInput = z.infer<typeof contributionSchema>;
