import type { z } from "zod";
import { microsToRate, unitsToDecimal } from "../ledger/money.ts";
import type { transactionResponseSchema } from "./transactions.responses.ts";
import type { TransactionListRow } from "./transactions.queries.ts";
import { describeCreatedVia } from "../access/actor.ts";
import { convertUnits } from "../currency/conversion.ts";
import type { PartJson } from "./transaction-parts.ts";

type Side = { type: "account" | "card" | "external"; uuid: string | null; name: string | null };

function side(
  accountId: string | null,
  accountName: string | null,
  cardId: string | null,
  cardName: string | null,
): Side {
  if (cardId) return { type: "card", uuid: cardId, name: cardName };
  if (accountId) return { type: "account", uuid: accountId, name: accountName };
  return { type: "external", uuid: null, name: null };
}

/**
 * A transaction as the API returns it (./transactions.responses.ts): `amount` (and its alias `value`) is what left the
 * origin — for income, what arrived — as a positive decimal string; across currencies the
 * destination's amount and the rate come along.
 */
export function toTransactionResponse(row: TransactionListRow): TransactionResponse {
  const transaction = row.transaction;
  const origin = side(transaction.originAccountId, row.originAccountName, transaction.originCardId, row.originCardName);
  const destination = side(
    transaction.destinationAccountId,
    row.destinationAccountName,
    transaction.destinationCardId,
    row.destinationCardName,
  );
  const tagsGiven = JSON.parse(row.tagsJson ?? "[]") as TagJson[];
  const tags = tagsGiven.map(({ uuid, name, color }) => ({ uuid, name, color }));
  return {
    uuid: transaction.id,
    type: transaction.kind,
    description: transaction.description,
    amount: unitsToDecimal(transaction.amountCents, transaction.currency),
    value: unitsToDecimal(transaction.amountCents, transaction.currency),
    amount_cents: transaction.amountCents,
    currency: transaction.currency,
    destination_amount: unitsToDecimal(transaction.destinationAmountCents, transaction.destinationCurrency),
    destination_amount_cents: transaction.destinationAmountCents,
    destination_currency: transaction.destinationCurrency,
    currency_conversion:
      transaction.conversionRateMicros === null ? null : microsToRate(transaction.conversionRateMicros),
    date: transaction.date,
    is_income: transaction.kind === "income",
    is_expense: transaction.kind === "expense",
    origin,
    destination,
    origin_type: origin.type,
    destination_type: destination.type,
    origin_card_mode: transaction.originCardMode,
    tags,
    tag_ids: tags.map((tag) => tag.uuid),
    category: categoryOf(tagsGiven),
    note: transaction.note,
    payee: transaction.payeeId && row.payeeName ? { uuid: transaction.payeeId, name: row.payeeName } : null,
    parts: partsOf(row.partsJson, tags, transaction.currency),
    created_by: transaction.createdBy ? { uuid: transaction.createdBy, name: row.createdByName } : null,
    created_via: describeCreatedVia(transaction.createdVia),
    /** "from schedule: Rent": the scheduled or recurring item that posted it, null for one typed in. */
    source: row.plannedSource?.kind
      ? { type: row.plannedSource.kind, uuid: row.plannedSource.id, name: row.plannedSource.name }
      : null,
    /**
     * In the workspace's currency, for a row in another one: the amount at the kept rate of its day
     * (README: "Exchange rates"), or `amount: null` when no rate is kept — shown unconverted, never at 1.
     */
    converted: convertedOf(row.conversionJson, transaction.amountCents, transaction.currency),
    bank: bankOf(row.bankJson),
    receipt_count: row.receiptCount ?? 0,
    created_at: transaction.createdAt,
    updated_at: transaction.updatedAt,
  };
}

/**
 * A tag the transaction was given, as its row's JSON carries it (./transactions.queries.ts) and a
 * write's answer builds it: with its category, and whether it has subcategories (1 or true).
 */
export type TagJson = {
  uuid: string;
  name: string;
  color: string;
  parent_id: string | null;
  has_subcategories: number | boolean;
};

/**
 * The transaction's most specific tag in a hierarchy: a subcategory before a category with
 * subcategories, the first by name among equals; null when no tag it was given has either part.
 */
function categoryOf(tags: readonly TagJson[]): TransactionResponse["category"] {
  const byName = (a: TagJson, b: TagJson) => a.name.localeCompare(b.name);
  const [chosen] = [
    ...tags.filter((tag) => tag.parent_id !== null).sort(byName),
    ...tags.filter((tag) => tag.parent_id === null && Boolean(tag.has_subcategories)).sort(byName),
  ];
  return chosen ? { uuid: chosen.uuid, name: chosen.name, parent_id: chosen.parent_id } : null;
}

/** A split transaction's parts with their tags named (each is among the transaction's tags); null when it is not split. */
function partsOf(
  json: string | null,
  tags: readonly { uuid: string; name: string; color: string }[],
  currency: string,
) {
  if (!json) return null;
  const parts = JSON.parse(json) as PartJson[];
  return parts.map((part) => ({
    uuid: part.uuid,
    amount: unitsToDecimal(part.amount_cents, currency),
    amount_cents: part.amount_cents,
    note: part.note,
    tags: tags.filter((tag) => part.tag_ids.includes(tag.uuid)),
    tag_ids: part.tag_ids,
  }));
}

/** Where a bank connection's line came from ("Nubank via Open Finance"), as the list's query reads it. */
function bankOf(json: string | null): TransactionResponse["bank"] {
  if (!json) return null;
  const found = JSON.parse(json) as {
    institution: string;
    provider: "pluggy" | "simplefin";
    pending: number;
    gone: number;
    disconnected: number;
  };
  return {
    institution: found.institution,
    provider: found.provider,
    pending: Boolean(found.pending),
    gone: Boolean(found.gone),
    disconnected: Boolean(found.disconnected),
  };
}

function convertedOf(json: string | null, cents: number, currency: string) {
  if (!json) return null;
  const { to, kept } = JSON.parse(json) as { to: string; kept: { rate: number; date: string } | null };
  if (!kept) return { currency: to, amount: null, rate: null, rate_date: null };
  return {
    currency: to,
    amount: unitsToDecimal(convertUnits(cents, currency, to, kept.rate), to),
    rate: microsToRate(kept.rate),
    rate_date: kept.date,
  };
}

export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/**
 * What a page's list and the wizard's edit need of a transaction. The API answers the full shape
 * (./transactions.responses.ts); pages send this much to the browser, so the HTML and the hydration data stay small.
 */
const listedFields = [
  "uuid",
  "type",
  "description",
  "amount",
  "amount_cents",
  "currency",
  "destination_amount_cents",
  "destination_currency",
  "currency_conversion",
  "date",
  "origin",
  "destination",
  "tags",
  "note",
  "parts",
  "payee",
  "source",
  "converted",
  "bank",
  "receipt_count",
] as const;

export function toListedTransaction(transaction: TransactionResponse) {
  const listed = Object.fromEntries(listedFields.map((field) => [field, transaction[field]])) as Pick<
    TransactionResponse,
    (typeof listedFields)[number]
  >;
  // Only what a person did not type by hand is marked in the list ("posted by schedule").
  const automated = transaction.created_via.type === "person" ? null : transaction.created_via.type;
  return { ...listed, automated };
}

export type ListedTransaction = ReturnType<typeof toListedTransaction>;
