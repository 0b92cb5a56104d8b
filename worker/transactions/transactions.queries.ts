import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isUuid } from "../../db/ids.ts";
import { accounts, cards, tags, transactions, transactionTags, users, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import type { TransactionFilters } from "./transactions.schemas.ts";

const originAccount = alias(accounts, "origin_account");
const originCard = alias(cards, "origin_card");
const destinationAccount = alias(accounts, "destination_account");
const destinationCard = alias(cards, "destination_card");

/** The tags of each row as JSON, in the row's own query: a list stays one round trip. */
const tagsJson = sql<string>`(select coalesce(json_group_array(json_object('uuid', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})), '[]')
  from ${transactionTags} join ${tags} on ${tags.id} = ${transactionTags.tagId}
  where ${transactionTags.transactionId} = ${transactions.id})`;

const listColumns = {
  transaction: transactions,
  originAccountName: originAccount.name,
  originCardName: originCard.name,
  destinationAccountName: destinationAccount.name,
  destinationCardName: destinationCard.name,
  createdByName: users.name,
  tagsJson,
};

function selectWithNames(ctx: ServiceContext) {
  return ctx.db
    .select(listColumns)
    .from(transactions)
    .leftJoin(originAccount, eq(originAccount.id, transactions.originAccountId))
    .leftJoin(originCard, eq(originCard.id, transactions.originCardId))
    .leftJoin(destinationAccount, eq(destinationAccount.id, transactions.destinationAccountId))
    .leftJoin(destinationCard, eq(destinationCard.id, transactions.destinationCardId))
    .leftJoin(users, eq(users.id, transactions.createdBy));
}

export type TransactionListRow = Awaited<ReturnType<ReturnType<typeof selectWithNames>["execute"]>>[number];

/** `%` and `_` typed by a person are searched for, not used as wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function filterConditions(workspaceId: string, filters: Partial<TransactionFilters>): SQL {
  const conditions: (SQL | undefined)[] = [eq(transactions.workspaceId, workspaceId)];
  if (filters.from) conditions.push(gte(transactions.date, filters.from));
  if (filters.to) conditions.push(lte(transactions.date, filters.to));
  if (filters.type) conditions.push(eq(transactions.kind, filters.type));
  if (filters.account_id) {
    conditions.push(or(eq(transactions.originAccountId, filters.account_id), eq(transactions.destinationAccountId, filters.account_id)));
  }
  if (filters.card_id) conditions.push(or(eq(transactions.originCardId, filters.card_id), eq(transactions.destinationCardId, filters.card_id)));
  if (filters.tag_id) {
    const tagId = filters.tag_id;
    conditions.push(
      sql`exists (select 1 from ${transactionTags} where ${transactionTags.transactionId} = ${transactions.id} and ${transactionTags.tagId} = ${tagId})`,
    );
  }
  if (filters.search) conditions.push(sql`${transactions.description} like ${containsPattern(filters.search)} escape '\\'`);
  if (filters.min_amount !== undefined) conditions.push(gte(transactions.amountCents, filters.min_amount));
  if (filters.max_amount !== undefined) conditions.push(lte(transactions.amountCents, filters.max_amount));
  return and(...conditions)!;
}

/** A page of transactions, newest date first, then newest recorded. */
export function transactionPageQuery(ctx: ServiceContext, workspaceId: string, filters: TransactionFilters) {
  return selectWithNames(ctx)
    .where(filterConditions(workspaceId, filters))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(filters.per_page)
    .offset((filters.page - 1) * filters.per_page);
}

const filterKeys = ["from", "to", "type", "account_id", "card_id", "tag_id", "search", "min_amount", "max_amount"] as const;

/**
 * How many transactions the list holds. Unfiltered, that is the workspace's kept counter (a
 * million-row workspace is not counted on every page); filtered, the matching rows are counted.
 */
export function transactionCountQuery(ctx: ServiceContext, workspaceId: string, filters: Partial<TransactionFilters>) {
  const isFiltered = filterKeys.some((key) => filters[key] !== undefined && filters[key] !== "");
  if (!isFiltered) return ctx.db.select({ total: workspaces.transactionCount }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ctx.db.select({ total: sql<number>`count(*)` }).from(transactions).where(filterConditions(workspaceId, filters));
}

/** The 10 most recently recorded (SPEC §4 Derived totals: newest by created_at). */
export function recentTransactionsQuery(ctx: ServiceContext, workspaceId: string, limit = 10) {
  return selectWithNames(ctx)
    .where(eq(transactions.workspaceId, workspaceId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

export function transactionWithNamesQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return selectWithNames(ctx).where(and(eq(transactions.workspaceId, workspaceId), eq(transactions.id, isUuid(transactionId) ? transactionId : "")));
}

export function transactionRowQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.workspaceId, workspaceId), eq(transactions.id, isUuid(transactionId) ? transactionId : "")));
}

/** The accounts, cards (with their accounts) and tags an input names, all inside the workspace. */
export function referencedRowsQueries(
  ctx: ServiceContext,
  workspaceId: string,
  ids: { accountIds: string[]; cardIds: string[]; tagIds: string[]; legsOfTransactionId?: string },
) {
  const cardAccount = alias(accounts, "card_account");
  // An edit also needs the cards the transaction used before: their debt moves back.
  const previousId = ids.legsOfTransactionId ?? "";
  const previousCards = sql`${cards.id} in (select ${transactions.originCardId} from ${transactions} where ${transactions.id} = ${previousId}
    union all select ${transactions.destinationCardId} from ${transactions} where ${transactions.id} = ${previousId})`;
  return [
    ctx.db.select().from(accounts).where(and(eq(accounts.workspaceId, workspaceId), inArray(accounts.id, ids.accountIds))),
    ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(and(eq(cards.workspaceId, workspaceId), or(inArray(cards.id, ids.cardIds), previousCards))),
    ctx.db.select({ id: tags.id, name: tags.name, color: tags.color }).from(tags).where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, ids.tagIds))),
  ] as const;
}

/** A transaction's tags with their names, for an edit's answer. */
export function tagsOfTransactionQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return ctx.db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(transactionTags)
    .innerJoin(tags, eq(tags.id, transactionTags.tagId))
    .where(and(eq(tags.workspaceId, workspaceId), eq(transactionTags.transactionId, isUuid(transactionId) ? transactionId : "")));
}
