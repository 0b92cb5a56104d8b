import type { scheduledTransactions } from "../../db/schema/index.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";
import type { ResolvedTransaction, Lookup } from "../transactions/transaction-legs.ts";
import { resolveTransaction } from "../transactions/transaction-legs.ts";
import type { LegRef, TransactionInput } from "../transactions/transactions.schemas.ts";
import type { TemplateInput } from "./planned.schemas.ts";

/*
 * What a scheduled or recurring item will post: a transaction without its date, kept as a
 * template. It is checked with a transaction's rules when saved and again when posted.
 */

/** The columns a template is kept in, shared by both kinds of item. */
export type TemplateColumns = Pick<
  typeof scheduledTransactions.$inferSelect,
  | "kind"
  | "description"
  | "notes"
  | "amountCents"
  | "currency"
  | "conversionRateMicros"
  | "origin"
  | "destination"
  | "tagIds"
>;

const refText = (ref: LegRef | null) => (ref ? `${ref.type}:${ref.id}` : null);

export function parseLegRef(text: string | null): LegRef | null {
  if (!text) return null;
  const [type, id] = text.split(":");
  return (type === "account" || type === "card") && id ? { type, id } : null;
}

/** The legs as resolved: a card leg by its card, an account leg by its account (a payment's own account included). */
function legRefs(resolved: ResolvedTransaction): { origin: LegRef | null; destination: LegRef | null } {
  const ref = (cardId: string | null, accountId: string | null): LegRef | null =>
    cardId ? { type: "card", id: cardId } : accountId ? { type: "account", id: accountId } : null;
  return {
    origin: ref(resolved.originCardId, resolved.originAccountId),
    destination: ref(resolved.destinationCardId, resolved.destinationAccountId),
  };
}

/**
 * A template checked against the workspace's accounts and cards, as the columns it is kept in;
 * `amountIs` as resolveTransaction reads it (typed by a person, or minor units already).
 */
export function templateColumnsOf(input: TemplateInput, lookup: Lookup, amountIs: "typed" | "units"): TemplateColumns {
  const resolved = resolveTransaction(input, lookup, null, amountIs);
  const { origin, destination } = legRefs(resolved);
  return {
    kind: resolved.kind,
    description: input.description,
    notes: input.notes ?? null,
    amountCents: resolved.amountCents,
    currency: resolved.currency,
    conversionRateMicros: resolved.conversionRateMicros,
    origin: refText(origin),
    destination: refText(destination),
    tagIds: JSON.stringify(input.tag_ids ?? []),
  };
}

export const tagIdsOf = (template: Pick<TemplateColumns, "tagIds">): string[] =>
  JSON.parse(template.tagIds) as string[];

/** The transaction a template posts on `date`. */
export function transactionInputOf(template: TemplateColumns, date: string): TransactionInput {
  return {
    type: template.kind,
    amount: template.amountCents,
    description: template.description,
    date,
    origin: parseLegRef(template.origin),
    destination: parseLegRef(template.destination),
    currency_conversion: template.conversionRateMicros,
    tag_ids: tagIdsOf(template),
  };
}

type NamedRefs = Pick<TemplateColumns, "origin" | "destination" | "tagIds">;

/** What an input names, in the template's terms. */
export const templateOfInput = (input: TemplateInput): NamedRefs => ({
  origin: refText(input.origin ?? null),
  destination: refText(input.destination ?? null),
  tagIds: JSON.stringify(input.tag_ids ?? []),
});

/** The ids templates name, for the reads that resolve them. */
export function referencedIds(templates: readonly NamedRefs[]) {
  const legs = templates.flatMap((template) => [parseLegRef(template.origin), parseLegRef(template.destination)]);
  return {
    accountIds: [...new Set(legs.flatMap((leg) => (leg?.type === "account" ? [leg.id] : [])))],
    cardIds: [...new Set(legs.flatMap((leg) => (leg?.type === "card" ? [leg.id] : [])))],
    tagIds: [...new Set(templates.flatMap(tagIdsOf))],
  };
}

/**
 * Why an item could not be posted, as the message key the item shows ("This account or card is
 * archived", "Insufficient available credit") — a refusal of the ledger's rules (422); anything
 * else (the database out of reach) is not the item's failure and gives null.
 */
export function failureReasonOf(error: unknown): ErrorMessageKey | null {
  if (!(error instanceof AppError) || error.status !== 422) return null;
  const fieldMessage = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
  return (fieldMessage?.key ?? error.messageKey.key) as ErrorMessageKey;
}

/** The columns an update of an item writes: what changed, the next revision and when. */
export function revised<Set extends object>(ctx: { clock: { now(): Date } }, previous: { revision: number }, set: Set) {
  return { ...set, revision: previous.revision + 1, updatedAt: ctx.clock.now().toISOString() };
}
