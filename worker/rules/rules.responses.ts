import { z } from "zod";
import { transactionKinds } from "../../db/enums.ts";
import { ruleSources } from "./rule-sources.ts";

const tagIds = z.array(z.string());

/** A rule as the API returns it: amounts as decimal strings, percentages as numbers (60.5). */
export const ruleResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** Its place in the order rules run in, from 0. */
  position: z.number().int(),
  paused: z.boolean(),
  sources: z.array(z.enum(ruleSources)),
  conditions: z.array(
    z.union([
      z.object({
        field: z.enum(["description", "payee"]),
        operator: z.enum(["contains", "starts_with", "equals"]),
        value: z.string(),
      }),
      z.object({
        field: z.literal("amount"),
        operator: z.enum(["equals", "between"]),
        value: z.string(),
        max: z.string().optional(),
      }),
      z.object({ field: z.literal("type"), operator: z.literal("is"), value: z.enum(transactionKinds) }),
      z.object({ field: z.literal("place"), operator: z.literal("is"), value: z.string() }),
    ]),
  ),
  actions: z.object({
    set_tags: tagIds.optional(),
    set_payee: z.string().optional(),
    set_description: z.string().optional(),
    add_note: z.string().optional(),
    split: z
      .object({
        parts: z.array(z.object({ tag_ids: tagIds, percent: z.number().optional(), amount: z.string().optional() })),
      })
      .optional(),
  }),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** A rule worth offering: the payee, the tags it was re-tagged with, and how many times. */
export const suggestionResponseSchema = z.object({
  payee: z.object({ uuid: z.string(), name: z.string() }),
  tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })),
  times: z.number().int(),
});
