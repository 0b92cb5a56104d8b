import { z } from "zod";
import { cardModes, cardTypes } from "../../db/enums.ts";
import { wholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { dueDayTenDaysAfter, modeOfCard } from "../ledger/rules/card-rules.ts";
import { amountSchema, positiveAmountSchema } from "../ledger/money.ts";
import { cardColors, cardIssuers, defaultCardColor } from "./cards.presets.ts";
import { dateSchema, monthSchema } from "../ledger/dates.schemas.ts";
import { descriptionSchema, tagIdsSchema } from "../transactions/transactions.schemas.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const presetColors = cardColors.map((hex) => hex.toLowerCase());

const cardMessages = {
  name: "errors:fields.cardNameRequired",
  account: "errors:fields.accountRequired",
  billingDay: "errors:fields.billingDay",
  dueDay: "errors:fields.dueDay",
} as const;

const cardFields = z.object({
  name: z.string({ error: cardMessages.name }).trim().min(1, cardMessages.name).max(100, "errors:fields.tooLong"),
  account_uuid: z
    .string({ error: cardMessages.account })
    .regex(uuid, cardMessages.account)
    .transform((id) => id.toLowerCase()),
  last_four_digits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "errors:fields.lastFour")
    .nullish()
    .or(z.literal("").transform(() => null)),
  issuer: z.enum(cardIssuers, { error: "errors:fields.issuer" }).nullish(),
  /** YYYY-MM */
  expiry_date: monthSchema("errors:fields.expiry")
    .nullish()
    .or(z.literal("").transform(() => null)),
  type: z.enum(cardTypes, { error: "errors:fields.cardType" }),
  mode: z.enum(cardModes, { error: "errors:fields.cardMode" }).optional(),
  /** Zero passes here: a debit card's limit is dropped, and acting as credit the rule below asks for more. */
  credit_limit: amountSchema.nullish(),
  billing_cycle_day: wholeNumberSchema(cardMessages.billingDay, 1, 31).default(1),
  /** Left out (or null), 10 days after closing as every card was before it had one. */
  due_day: z.preprocess(
    (value) => (value === null ? undefined : value),
    wholeNumberSchema(cardMessages.dueDay, 1, 31).optional(),
  ),
  color: z
    .string()
    .trim()
    .refine((value) => presetColors.includes(value.toLowerCase()), "errors:fields.presetColor")
    .transform((value) => value.toUpperCase())
    .default(defaultCardColor),
  icon: z.literal("credit-card").default("credit-card"),
  is_active: z.boolean().optional(),
});

type CardFields = z.infer<typeof cardFields>;

/**
 * docs/product.md#cards-and-statements: the card's mode follows its type (ledger/rules/card-rules.ts). Acting as
 * credit, it needs a limit above zero; acting as debit, any limit sent is dropped. A due day left
 * out is 10 days after the billing day.
 */
export function withCardRules(fields: CardFields) {
  const mode = modeOfCard(fields.type, fields.mode);
  return {
    ...fields,
    mode,
    credit_limit: mode === "credit" ? (fields.credit_limit ?? null) : null,
    due_day: fields.due_day ?? dueDayTenDaysAfter(fields.billing_cycle_day),
  };
}

export const cardSchema = cardFields
  .transform(withCardRules)
  .refine((card) => card.mode !== "credit" || (card.credit_limit ?? 0) > 0, {
    message: "errors:fields.creditLimit",
    path: ["credit_limit"],
  });

export type CardInput = z.infer<typeof cardSchema>;

/** POST /cards/{id}/purchase: an expense on the card. */
export const purchaseSchema = z.object({
  amount: positiveAmountSchema,
  description: descriptionSchema,
  date: dateSchema.optional(),
  tag_ids: tagIdsSchema.optional(),
});

/** POST /cards/{id}/payment: money from the card's account to the card. */
export const paymentSchema = z.object({
  amount: positiveAmountSchema,
  description: descriptionSchema.optional(),
  date: dateSchema.optional(),
});
