import { z } from "zod";
import { transactionKinds } from "../../db/enums.ts";
import { dateOrTimestampSchema, dateSchema } from "../ledger/dates.schemas.ts";
import { queryWholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { positiveAmountSchema, rateSchema } from "../ledger/money.ts";
import { untaggedFilter } from "./filter-keys.ts";
import { payeeNameMaxLength } from "../payees/payee-names.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LegRef = { type: "account" | "card"; id: string };

/** "account:{uuid}" or "card:{uuid}": the legs of the second payload form (normaliseTransactionBody). */
export const legSchema = z
  .string()
  .trim()
  .transform((value, context): LegRef => {
    const [type, id] = value.split(":");
    if ((type !== "account" && type !== "card") || !id || !uuid.test(id)) {
      context.addIssue({ code: "custom", message: "errors:fields.leg" });
      return z.NEVER;
    }
    return { type, id: id.toLowerCase() };
  });

export const descriptionSchema = z
  .string({ error: "errors:fields.descriptionRequired" })
  .trim()
  .min(1, "errors:fields.descriptionRequired")
  .max(255, "errors:fields.tooLong");

export const tagIdsSchema = z
  .array(z.string().regex(uuid, "errors:fields.tagUnknown"), { error: "errors:fields.tagList" })
  .max(20, "errors:fields.tooManyTags")
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** A note ("observação"): up to 1 000 characters; an empty one is no note. */
export const noteSchema = z
  .string({ error: "errors:fields.note" })
  .trim()
  .max(1000, "errors:fields.tooLong")
  .transform((note) => (note === "" ? null : note));

/** A payee's name as typed: the workspace's payee of that name (letter case aside), made when there is none. */
export const payeeNameSchema = z
  .string({ error: "errors:fields.payeeName" })
  .trim()
  .min(1, "errors:fields.payeeName")
  .max(payeeNameMaxLength, "errors:fields.tooLong");

/** One part of a split (README: "Split transactions"): its amount, at least one tag, and a note of its own. */
export const transactionPartSchema = z.object({
  amount: positiveAmountSchema,
  tag_ids: tagIdsSchema.refine((ids) => ids.length > 0, "errors:fields.partTagRequired"),
  note: noteSchema.nullish(),
});

/**
 * A split's parts: two to 20; null or none un-splits the transaction. Their sum is checked against
 * the amount by the service, which knows the currency's minor units.
 */
export const transactionPartsSchema = z
  .array(transactionPartSchema, { error: "errors:fields.partList" })
  .max(20, "errors:fields.tooManyParts")
  .refine((parts) => parts.length !== 1, "errors:fields.splitTooFew");

export type TransactionPartInput = z.infer<typeof transactionPartSchema>;

/**
 * The transaction as the server understands it, whichever payload form arrived. `type` may be
 * left out in the first form; the service infers it from the legs as the wizard does.
 */
export const transactionSchema = z.object({
  type: z.enum(transactionKinds, { error: "errors:fields.transactionType" }).optional(),
  amount: positiveAmountSchema,
  description: descriptionSchema,
  date: dateOrTimestampSchema.optional(),
  origin: legSchema.nullish(),
  destination: legSchema.nullish(),
  currency_conversion: rateSchema.nullish(),
  tag_ids: tagIdsSchema.optional(),
  note: noteSchema.nullish(),
  parts: transactionPartsSchema.nullish(),
  payee: payeeNameSchema.nullish(),
});

export type TransactionInput = z.infer<typeof transactionSchema>;

const { amount, date, origin, destination, tag_ids, ...sharedFields } = transactionSchema.shape;
const legUuid = z.string().nullish();

/**
 * The two payload forms as a client sends them, for the API's document: normaliseTransactionBody
 * maps either onto transactionSchema, which checks it field by field.
 */
export const transactionPayloadSchema = z.union([
  z.object({
    ...sharedFields,
    origin_id: origin.meta({ description: '"account:{uuid}" or "card:{uuid}"' }),
    destination_id: destination.meta({ description: '"account:{uuid}" or "card:{uuid}"' }),
    amount,
    date,
    created_at: date,
    tag_ids,
  }),
  z.object({
    ...sharedFields,
    value: amount,
    date,
    origin_account_uuid: legUuid,
    origin_card_uuid: legUuid,
    destination_account_uuid: legUuid,
    destination_card_uuid: legUuid,
    tag_uuids: tag_ids,
  }),
]);

/** Field names of the first payload form (value, origin_account_uuid…) → the normalised ones. */
const firstFormLegs = {
  origin: ["origin_card_uuid", "origin_account_uuid"],
  destination: ["destination_card_uuid", "destination_account_uuid"],
} as const;

type Body = Record<string, unknown>;

export function isFirstPayloadForm(body: Body): boolean {
  return "value" in body || Object.keys(body).some((key) => key.endsWith("_uuid") || key === "tag_uuids");
}

function legFromFirstForm(body: Body, keys: readonly [string, string]): string | null | undefined {
  const [cardKey, accountKey] = keys;
  if (typeof body[cardKey] === "string" && body[cardKey]) return `card:${body[cardKey]}`;
  if (typeof body[accountKey] === "string" && body[accountKey]) return `account:${body[accountKey]}`;
  return body[cardKey] === undefined && body[accountKey] === undefined ? undefined : null;
}

/**
 * Both payload forms (docs/api.md#transactions), mapped onto one shape before validation:
 *  1. {value, date, description, tag_uuids, currency_conversion, origin_account_uuid | origin_card_uuid, destination_…}
 *  2. {type, origin_id, destination_id ('account:{uuid}' | 'card:{uuid}'), amount, created_at, description, currency_conversion, tag_ids}
 * `currency` may be sent in either; it is always taken from the chosen account or card.
 */
export function normaliseTransactionBody(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = raw as Body;
  if (isFirstPayloadForm(body)) {
    return {
      type: body.type,
      amount: body.value ?? body.amount,
      description: body.description,
      date: body.date,
      origin: legFromFirstForm(body, firstFormLegs.origin),
      destination: legFromFirstForm(body, firstFormLegs.destination),
      currency_conversion: body.currency_conversion,
      tag_ids: body.tag_uuids ?? body.tag_ids,
      note: body.note,
      parts: body.parts,
      payee: body.payee,
    };
  }
  return {
    type: body.type,
    amount: body.amount,
    description: body.description,
    date: body.date ?? body.created_at,
    origin: body.origin_id,
    destination: body.destination_id,
    currency_conversion: body.currency_conversion,
    tag_ids: body.tag_ids,
    note: body.note,
    parts: body.parts,
    payee: body.payee,
  };
}

/** Error field names as the client sent them. */
export function fieldNameInPayload(field: string, body: Body): string {
  if (!isFirstPayloadForm(body)) {
    if (field === "origin") return "origin_id";
    if (field === "destination") return "destination_id";
    if (field === "date" && !("date" in body)) return "created_at";
    return field;
  }
  if (field === "amount") return "value";
  if (field.startsWith("tag_ids")) return field.replace("tag_ids", "tag_uuids");
  if (field === "origin" || field === "destination") {
    const [cardKey, accountKey] = firstFormLegs[field];
    return body[cardKey] ? cardKey : accountKey;
  }
  return field;
}

/** A list's page (from 1) and page size (20 by default, at most 100). */
export const pageSchema = queryWholeNumberSchema("errors:fields.page", 1, Number.MAX_SAFE_INTEGER).default(1);
export const perPageSchema = queryWholeNumberSchema("errors:fields.perPage", 1, 100).default(20);

/** A list's `meta` (docs/api.md#answers): the page, the last page (at least 1), the page size and the total. */
export function pageMeta(page: { page: number; per_page: number }, counted: { total: number | bigint }[]) {
  const total = Number(counted[0]?.total ?? 0);
  return {
    current_page: page.page,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
    per_page: page.per_page,
    total,
  };
}

/** GET /transactions query (page, per_page default 20, filters). */
export const transactionFiltersSchema = z.object({
  page: pageSchema,
  per_page: perPageSchema,
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  type: z.enum(transactionKinds, { error: "errors:fields.transactionType" }).optional(),
  account_id: z.string().regex(uuid, "errors:fields.accountUnknown").optional(),
  card_id: z.string().regex(uuid, "errors:fields.cardUnknown").optional(),
  tag_id: z
    .string()
    .refine((value) => value === untaggedFilter || uuid.test(value), "errors:fields.tagUnknown")
    .optional(),
  payee_id: z.string().regex(uuid, "errors:fields.payeeUnknown").optional(),
  search: z.string().trim().max(100, "errors:fields.tooLong").optional(),
  min_amount: positiveAmountSchema.optional(),
  max_amount: positiveAmountSchema.optional(),
  /** `true`: only the transactions with a receipt attached. */
  has_receipt: z.enum(["true", "false"], { error: "errors:fields.invalid" }).optional(),
});

export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

export const tagIdsBodySchema = z.object({ tag_ids: tagIdsSchema });
