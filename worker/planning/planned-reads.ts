import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { accounts, cards, tags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { microsToRate, unitsToDecimal } from "../ledger/amounts.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import { lookupOf, type Lookup } from "../transactions/transaction-legs.ts";
import type { plannedFailureSchema, templateResponseSchema } from "./planned.responses.ts";
import { parseLegRef, referencedIds, tagIdsOf, type TemplateColumns } from "./planned-template.ts";

/**
 * The accounts (with cards and their accounts) and tags that planned items name, in one workspace,
 * for the read batch of the verb that saves, lists or posts them.
 */
export function templateReferenceQueries(
  ctx: ServiceContext,
  workspaceId: string,
  templates: Parameters<typeof referencedIds>[0],
) {
  const { accountIds, cardIds, tagIds } = referencedIds(templates);
  return referenceQueries(ctx, { accountIds, cardIds, tagIds }, workspaceId);
}

/** A tag as planned items name it: with its category, which a posting links too (worker/ledger/tag-links.ts). */
const tagColumns = {
  id: tags.id,
  workspaceId: tags.workspaceId,
  name: tags.name,
  color: tags.color,
  parentId: tags.parentId,
};

/** Every account, card and tag of a workspace: a list's names, in its read batch (a workspace has tens). */
export function workspaceReferenceQueries(ctx: ServiceContext, workspaceId: string) {
  const cardAccount = alias(accounts, "card_account");
  return {
    accountRows: ctx.db.select().from(accounts).where(eq(accounts.workspaceId, workspaceId)),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(eq(cards.workspaceId, workspaceId)),
    tagRows: ctx.db.select(tagColumns).from(tags).where(eq(tags.workspaceId, workspaceId)),
  };
}

/** The same reads for ids across workspaces (the executor's chunks); each row carries its workspace. */
export function referenceQueries(
  ctx: ServiceContext,
  ids: { accountIds: string[]; cardIds: string[]; tagIds: string[] },
  workspaceId?: string,
) {
  const cardAccount = alias(accounts, "card_account");
  return {
    accountRows: ctx.db
      .select()
      .from(accounts)
      .where(
        and(workspaceId ? eq(accounts.workspaceId, workspaceId) : undefined, inArray(accounts.id, ids.accountIds)),
      ),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(and(workspaceId ? eq(cards.workspaceId, workspaceId) : undefined, inArray(cards.id, ids.cardIds))),
    tagRows: ctx.db
      .select(tagColumns)
      .from(tags)
      .where(and(workspaceId ? eq(tags.workspaceId, workspaceId) : undefined, inArray(tags.id, ids.tagIds))),
  };
}

type References = {
  accountRows: (typeof accounts.$inferSelect)[];
  cardRows: { card: typeof cards.$inferSelect; account: typeof accounts.$inferSelect }[];
  tagRows: { id: string; workspaceId: string; name: string; color: string; parentId: string | null }[];
};

/** What one workspace's items may use of rows read across workspaces: only that workspace's own. */
export function referencesIn(workspaceId: string, found: References) {
  const tagRows = found.tagRows.filter((tag) => tag.workspaceId === workspaceId);
  return {
    lookup: lookupOf(
      found.accountRows.filter((account) => account.workspaceId === workspaceId),
      found.cardRows.filter((row) => row.card.workspaceId === workspaceId),
    ),
    tagRows,
    tagsById: new Map(tagRows.map((tag) => [tag.id, tag])),
  };
}

type Side =
  | { type: "account" | "card"; uuid: string; name: string | null }
  | { type: "external"; uuid: null; name: null };

function sideOf(ref: LegRef | null, lookup: Lookup): Side {
  if (!ref) return { type: "external", uuid: null, name: null };
  const name =
    ref.type === "account"
      ? (lookup.accounts.get(ref.id)?.name ?? null)
      : (lookup.cards.get(ref.id)?.card.name ?? null);
  return { type: ref.type, uuid: ref.id, name };
}

/** A template as the API answers it (./planned.responses.ts), with its legs' and tags' names. */
export function templateResponse(
  template: TemplateColumns,
  found: { lookup: Lookup; tagRows: readonly { id: string; name: string; color: string }[] },
): z.infer<typeof templateResponseSchema> {
  const tagsById = new Map(found.tagRows.map((tag) => [tag.id, tag]));
  const tagList = tagIdsOf(template).flatMap((id) => {
    const tag = tagsById.get(id);
    return tag ? [{ uuid: tag.id, name: tag.name, color: tag.color }] : [];
  });
  return {
    type: template.kind,
    description: template.description,
    notes: template.notes,
    amount: unitsToDecimal(template.amountCents, template.currency),
    amount_cents: template.amountCents,
    currency: template.currency,
    currency_conversion: template.conversionRateMicros === null ? null : microsToRate(template.conversionRateMicros),
    origin: sideOf(parseLegRef(template.origin), found.lookup),
    destination: sideOf(parseLegRef(template.destination), found.lookup),
    origin_id: template.origin,
    destination_id: template.destination,
    tags: tagList,
    tag_ids: tagList.map((tag) => tag.uuid),
  };
}

/** Why the executor could not post the item yet (a message key, translated by the reader), or null; retried every tick. */
export function failureResponse(item: {
  failureReason: string | null;
  failedAt: string | null;
}): z.infer<typeof plannedFailureSchema> {
  return item.failureReason ? { key: item.failureReason, failed_at: item.failedAt } : null;
}
