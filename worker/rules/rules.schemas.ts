import { z } from "zod";
import { positiveAmountSchema } from "../ledger/money.ts";
import { transactionKinds } from "../../db/enums.ts";
import { ruleSources } from "./rule-sources.ts";

/**
 * A rule's conditions and actions (README: "Rules"), as the API takes them and the table keeps them.
 * Amounts are hundredths as typed (the transactions filter's unit: "100" is R$ 100,00 and ¥100 alike);
 * percentages are hundredths of a percent (basis points). Plain zod, so a rule form can check the same.
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const place = /^(account|card):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = z
  .string({ error: "errors:fields.ruleText" })
  .trim()
  .min(1, "errors:fields.ruleText")
  .max(100, "errors:fields.tooLong");

export const ruleConditionSchema = z.discriminatedUnion(
  "field",
  [
    z.object({
      field: z.enum(["description", "payee"]),
      operator: z.enum(["contains", "starts_with", "equals"], { error: "errors:fields.ruleOperator" }),
      value: text,
    }),
    z.object({
      field: z.literal("amount"),
      operator: z.enum(["equals", "between"], { error: "errors:fields.ruleOperator" }),
      /** equals: the amount; between: the least. */
      value: positiveAmountSchema,
      /** between: the most, at least `value`. */
      max: positiveAmountSchema.optional(),
    }),
    z.object({
      field: z.literal("type"),
      operator: z.literal("is", { error: "errors:fields.ruleOperator" }),
      value: z.enum(transactionKinds, { error: "errors:fields.transactionType" }),
    }),
    z.object({
      field: z.literal("place"),
      operator: z.literal("is", { error: "errors:fields.ruleOperator" }),
      /** "account:{uuid}" or "card:{uuid}". */
      value: z
        .string()
        .regex(place, "errors:fields.leg")
        .transform((value) => value.toLowerCase()),
    }),
  ],
  { error: "errors:fields.ruleField" },
);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

const tagIds = z
  .array(z.string().regex(uuid, "errors:fields.tagUnknown"), { error: "errors:fields.tagList" })
  .min(1, "errors:fields.partTagRequired")
  .max(20, "errors:fields.tooManyTags")
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** A percentage with up to 2 decimals, as basis points (60.5 → 6050). */
const percentSchema = z.unknown().transform((value, context) => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  const points = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
  if (!match || points < 1 || points >= 10_000) {
    context.addIssue({ code: "custom", message: "errors:fields.rulePercent" });
    return z.NEVER;
  }
  return points;
});

/**
 * A split: every part but the last takes a percentage or a fixed amount (all the same way); the last
 * takes what is left, which must be at least a cent for the split to apply.
 */
const splitActionSchema = z
  .object({
    parts: z
      .array(
        z.object({ tag_ids: tagIds, percent: percentSchema.optional(), amount: positiveAmountSchema.optional() }),
        { error: "errors:fields.partList" },
      )
      .min(2, "errors:fields.splitTooFew")
      .max(20, "errors:fields.tooManyParts"),
  })
  .superRefine(({ parts }, context) => {
    const shared = parts.slice(0, -1);
    const byPercent = shared.every((part) => part.percent !== undefined && part.amount === undefined);
    const byAmount = shared.every((part) => part.amount !== undefined && part.percent === undefined);
    const last = parts.at(-1)!;
    if ((!byPercent && !byAmount) || last.percent !== undefined || last.amount !== undefined)
      context.addIssue({ code: "custom", path: ["parts"], message: "errors:fields.ruleSplitShares" });
    else if (byPercent && shared.reduce((total, part) => total + part.percent!, 0) >= 10_000)
      context.addIssue({ code: "custom", path: ["parts"], message: "errors:fields.ruleSplitShares" });
  });

export const ruleActionsSchema = z
  .object({
    set_tags: tagIds.optional(),
    set_payee: z.string().trim().min(1, "errors:fields.payeeName").max(80, "errors:fields.tooLong").optional(),
    set_description: z
      .string()
      .trim()
      .min(1, "errors:fields.descriptionRequired")
      .max(255, "errors:fields.tooLong")
      .optional(),
    add_note: z.string().trim().min(1, "errors:fields.note").max(1000, "errors:fields.tooLong").optional(),
    split: splitActionSchema.optional(),
  })
  .refine((actions) => Object.values(actions).some((action) => action !== undefined), "errors:fields.ruleNoAction")
  .refine((actions) => !(actions.set_tags && actions.split), "errors:fields.ruleTagsAndSplit");
export type RuleActions = z.infer<typeof ruleActionsSchema>;

const ruleFields = {
  name: z
    .string({ error: "errors:fields.nameRequired" })
    .trim()
    .min(1, "errors:fields.nameRequired")
    .max(80, "errors:fields.tooLong"),
  /** Every condition must hold; at least one. */
  conditions: z
    .array(ruleConditionSchema, { error: "errors:fields.ruleConditions" })
    .min(1, "errors:fields.ruleConditions")
    .max(10, "errors:fields.ruleConditions"),
  /** Where the lines it runs on come from; money from outside unless it says. */
  sources: z
    .array(z.enum(ruleSources, { error: "errors:fields.ruleSource" }))
    .min(1, "errors:fields.ruleSource")
    .transform((sources) => [...new Set(sources)])
    .optional(),
  actions: ruleActionsSchema,
  paused: z.boolean({ error: "errors:fields.rulePaused" }).optional(),
};

/** POST /rules: it goes last unless `position` puts it before others (0 = first). */
export const createRuleSchema = z.object({
  ...ruleFields,
  position: z.number({ error: "errors:fields.rulePosition" }).int().min(0).optional(),
});
export const updateRuleSchema = z.object(ruleFields).partial();
export type CreateRuleInput = z.infer<typeof createRuleSchema>;
export type UpdateRuleInput = z.infer<typeof updateRuleSchema>;

/** PUT /rules/order: every rule of the workspace, in the order they run. */
export const ruleOrderSchema = z.object({
  rule_ids: z
    .array(z.string().regex(uuid, "errors:fields.ruleUnknown"), { error: "errors:fields.ruleUnknown" })
    .max(500)
    .transform((ids) => ids.map((id) => id.toLowerCase())),
});
