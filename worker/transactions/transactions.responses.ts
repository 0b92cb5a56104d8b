import { z } from "zod";
import {
  bankProviders,
  botChannels,
  cardModes,
  currencies,
  plannedSourceKinds,
  systemJobs,
  transactionKinds,
} from "../../db/enums.ts";

const sideSchema = z.object({
  type: z.enum(["account", "card", "external"]),
  /** Null for `external`: income comes from outside, an expense goes there. */
  uuid: z.string().nullable(),
  name: z.string().nullable(),
});

const createdViaSchema = z.union([
  z.object({ type: z.literal("person") }),
  z.object({ type: z.literal("bot"), channel: z.enum(botChannels) }),
  z.object({ type: z.literal("system"), job: z.enum(systemJobs) }),
]);

/**
 * A transaction as the API returns it: `amount` (and its alias `value`) is what left the origin — for
 * income, what arrived — as a positive decimal string; across currencies the destination's amount and
 * the rate come along.
 */
export const transactionResponseSchema = z.object({
  uuid: z.string(),
  type: z.enum(transactionKinds),
  description: z.string(),
  amount: z.string(),
  value: z.string(),
  amount_cents: z.number().int(),
  currency: z.enum(currencies),
  destination_amount: z.string(),
  destination_amount_cents: z.number().int(),
  destination_currency: z.enum(currencies),
  /** The rate between the legs' currencies, or null. */
  currency_conversion: z.string().nullable(),
  date: z.string(),
  is_income: z.boolean(),
  is_expense: z.boolean(),
  origin: sideSchema,
  destination: sideSchema,
  origin_type: sideSchema.shape.type,
  destination_type: sideSchema.shape.type,
  /** The card's mode when the transaction was written, or null. */
  origin_card_mode: z.enum(cardModes).nullable(),
  tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })).meta({
    description:
      "The tags it was given. A category it carries only through a subcategory is not listed, though filters, " +
      "budgets and reports by the category count it.",
  }),
  tag_ids: z.array(z.string()),
  category: z
    .object({
      uuid: z.string(),
      name: z.string(),
      /** Its category's uuid for a subcategory, null for a category. */
      parent_id: z.string().nullable(),
    })
    .nullable()
    .meta({
      description:
        "The most specific of its tags that takes part in a hierarchy: a subcategory before a category that has " +
        "subcategories, the first by name among equals; null when none of its tags does.",
    }),
  payee: z
    .object({ uuid: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'Who was paid, or paid: income and expenses only (docs/api.md "Payees").' }),
  note: z.string().nullable().meta({ description: "What the person wrote about it; searched with the description." }),
  parts: z
    .array(
      z.object({
        uuid: z.string(),
        amount: z.string(),
        amount_cents: z.number().int(),
        note: z.string().nullable(),
        tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })),
        tag_ids: z.array(z.string()),
      }),
    )
    .nullable()
    .meta({
      description:
        "A split transaction's parts, in order: they sum to `amount` to the cent, and reports, budgets and the " +
        "breakdown count each under its tags. `tags` is then every tag of its parts. Null when it is not split.",
    }),
  /** The person, or the user the chat-bot acted for; null for a job's write or once that user is gone. */
  created_by: z.object({ uuid: z.string(), name: z.string().nullable() }).nullable(),
  created_via: createdViaSchema,
  /** The scheduled or recurring item that posted it (kept, with its name then, after the item is deleted), or null. */
  source: z.object({ type: z.enum(plannedSourceKinds), uuid: z.string(), name: z.string() }).nullable(),
  /**
   * For a transaction in another currency than the workspace's: the amount in the workspace's currency at
   * the kept rate of its day (`amount: null` when no rate is kept); null otherwise, and in a write's answer.
   */
  converted: z
    .object({
      currency: z.string(),
      amount: z.string().nullable(),
      rate: z.string().nullable(),
      rate_date: z.string().nullable(),
    })
    .nullable(),
  /**
   * For a line a bank connection brought or joined: the bank, the provider it came through, and whether the
   * bank still shows it as pending, no longer shows it (`gone`), or was disconnected; null otherwise, and in
   * a write's answer.
   */
  bank: z
    .object({
      institution: z.string(),
      provider: z.enum(bankProviders),
      pending: z.boolean(),
      gone: z.boolean(),
      disconnected: z.boolean(),
    })
    .nullable(),
  /** How many photos or PDFs are attached (GET …/transactions/{id}/receipts lists them); not counted (0) in a write's answer. */
  receipt_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
