import { z } from "zod";
import { cardModes, cardTypes } from "../../db/enums.ts";
import { modeOfCard } from "../ledger/rules/card-rules.ts";
import { amountSchema, positiveAmountSchema } from "../ledger/money.ts";
import { cardColors, cardIssuers, defaultCardColor } from "./cards.presets.ts";
import { dateSchema, descriptionSchema, tagIdsSchema } from "../transactions/transactions.schemas.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const presetColors = cardColors.map((hex) => hex.toLowerCase());

export const cardMessages = {
  name: "Card name is required",
  account: "Account must be selected",
  lastFour: "Enter exactly 4 digits",
  creditLimit: "Credit limit is required for credit cards",
} as const;

const cardFields = z.object({
  name: z.string({ error: cardMessages.name }).trim().min(1, cardMessages.name).max(100, "Use at most 100 characters"),
  account_uuid: z
    .string({ error: cardMessages.account })
    .regex(uuid, cardMessages.account)
    .transform((id) => id.toLowerCase()),
  last_four_digits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, cardMessages.lastFour)
    .nullish()
    .or(z.literal("").transform(() => null)),
  issuer: z.enum(cardIssuers, { error: "Choose an issuer from the list" }).nullish(),
  /** YYYY-MM */
  expiry_date: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Enter the expiry as YYYY-MM")
    .nullish()
    .or(z.literal("").transform(() => null)),
  type: z.enum(cardTypes, { error: "Choose credit, debit or hybrid" }),
  mode: z.enum(cardModes, { error: "Choose credit or debit" }).optional(),
  /** Zero passes here: a debit card's limit is dropped, and acting as credit the rule below asks for more. */
  credit_limit: amountSchema.nullish(),
  billing_cycle_day: z.coerce.number({ error: "Choose a day from 1 to 31" }).int("Choose a day from 1 to 31").min(1, "Choose a day from 1 to 31").max(31, "Choose a day from 1 to 31").default(1),
  color: z
    .string()
    .trim()
    .refine((value) => presetColors.includes(value.toLowerCase()), "Choose one of the preset colours")
    .transform((value) => value.toUpperCase())
    .default(defaultCardColor),
  icon: z.literal("credit-card").default("credit-card"),
  is_active: z.boolean().optional(),
});

type CardFields = z.infer<typeof cardFields>;

/**
 * SPEC §4 Card form: the card's mode follows its type (ledger/rules/card-rules.ts). Acting as
 * credit, it needs a limit above zero; acting as debit, any limit sent is dropped.
 */
export function withCardRules(fields: CardFields) {
  const mode = modeOfCard(fields.type, fields.mode);
  return { ...fields, mode, credit_limit: mode === "credit" ? (fields.credit_limit ?? null) : null };
}

export const cardSchema = cardFields
  .transform(withCardRules)
  .refine((card) => card.mode !== "credit" || (card.credit_limit ?? 0) > 0, { message: cardMessages.creditLimit, path: ["credit_limit"] });

export type CardInput = z.infer<typeof cardSchema>;

/** POST /cards/{id}/purchase (SPEC §7): an expense on the card. */
export const purchaseSchema = z.object({
  amount: positiveAmountSchema,
  description: descriptionSchema,
  date: dateSchema.optional(),
  tag_ids: tagIdsSchema.optional(),
});

/** POST /cards/{id}/payment (SPEC §7): money from the card's account to the card. */
export const paymentSchema = z.object({
  amount: positiveAmountSchema,
  description: descriptionSchema.optional(),
  date: dateSchema.optional(),
});
