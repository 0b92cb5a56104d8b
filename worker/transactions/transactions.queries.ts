import { type TransactionFilterKey, transactionFilterKeys, untaggedFilter } from "./filter-keys.ts";
import { and, desc, eq, gte, inArray, lt, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { currencies } from "../../db/enums.ts";
import { isUuid } from "../../db/ids.ts";
import { minorUnitOf } from "../ledger/amounts.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import {
  accounts,
  bankConnections,
  bankLines,
  bankRemoteAccounts,
  cards,
  payees,
  plannedOccurrences,
  receipts,
  rules,
  tags,
  transactionPartTags,
  transactionParts,
  transactions,
  transactionTags,
  users,
  workspaces,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { keptRateOnDay } from "../currency/rate-queries.ts";
import type { TransactionFilters } from "./transactions.schemas.ts";

const originAccount = alias(accounts, "origin_account");
const originCard = alias(cards, "origin_card");
const destinationAccount = alias(accounts, "destination_account");
const destinationCard = alias(cards, "destination_card");
/** The workspace of the row, joined once: its currency decides whether the row shows a conversion. */
const rowWorkspace = alias(workspaces, "row_workspace");

/**
 * Whether a tag is a category with subcategories: one seek in the tags' (workspace, parent) index.
 * Written out, with the outer table named: in a single-table select Drizzle leaves columns unqualified.
 */
const hasSubcategories = sql<boolean>`exists (select 1 from ${tags} as "subcategory"
  where "subcategory"."workspace_id" = ${tags}.${sql.identifier("workspace_id")}
    and "subcategory"."parent_id" = ${tags}.${sql.identifier("id")})`.mapWith(Boolean);

/** A tag of a transaction as a write's answer and its `category` need it. */
const tagOfTransactionColumns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  parentId: tags.parentId,
  hasSubcategories,
};

/**
 * The tags each row was given as JSON, in the row's own query: a list stays one round trip. The
 * categories it carries only through a subcategory (implied links) are not its tags to show.
 */
const tagsJson = sql<string>`(select coalesce(json_group_array(json_object('uuid', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color},
    'parent_id', ${tags.parentId}, 'has_subcategories', ${hasSubcategories})), '[]')
  from ${transactionTags} join ${tags} on ${tags.id} = ${transactionTags.tagId}
  where ${transactionTags.transactionId} = ${transactions.id} and ${transactionTags.implied} = 0)`;

/**
 * The transaction's id, the table named: in a single-table select (a count, a read of one row) Drizzle
 * leaves columns unqualified, and inside a subquery over the parts a bare "id" would be the part's.
 */
const transactionIdQualified = sql`${transactions}.${sql.identifier("id")}`;

/**
 * A split transaction's parts as JSON, in their order, each with the ids of its tags (the names come
 * with the row's tags: a part's tag is one the transaction was given); null for one not split — a seek
 * in the parts' (transaction, position) index per row.
 */
const partsJson = sql<string | null>`(select case when count(*) = 0 then null else json_group_array(json_object(
    'uuid', "part"."id", 'amount_cents', "part"."amount_cents", 'note', "part"."note",
    'tag_ids', json((select json_group_array(${transactionPartTags.tagId}) from ${transactionPartTags}
      where ${transactionPartTags.partId} = "part"."id")))) end
  from (select * from ${transactionParts} where ${transactionParts.transactionId} = ${transactionIdQualified}
    order by ${transactionParts.position}) as "part")`;

/**
 * A row in another currency than the workspace's: that currency, and the kept rate into it of the
 * row's day (worker/currency/rate-queries.ts) — two index seeks, made only for such rows. Null for
 * a row in the workspace's currency. The workspace's row is joined once (selectWithNames), not sought
 * at each use.
 */
const workspaceCurrencyOfRow = sql`${rowWorkspace.currency}`;
const conversionJson = sql<string | null>`case when ${transactions.currency} = ${workspaceCurrencyOfRow} then null
  else json_object('to', ${workspaceCurrencyOfRow}, 'kept', json(${keptRateOnDay(transactions.currency, workspaceCurrencyOfRow, transactions.date)})) end`;

/**
 * The bank line it is, for one a bank connection brought or joined (README: "Bank connections"): the bank,
 * through whom, and whether the line is pending, gone from the bank, or its bank disconnected — one seek in
 * the lines' transaction index per row; null for the rest.
 */
const bankJson = sql<
  string | null
>`(select json_object('institution', ${bankConnections.institution}, 'provider', ${bankConnections.provider},
    'pending', ${bankLines.pending}, 'gone', ${bankLines.goneAt} is not null, 'disconnected', ${bankConnections.disconnectedAt} is not null)
  from ${bankLines} join ${bankRemoteAccounts} on ${bankRemoteAccounts.id} = ${bankLines.remoteAccountId}
  join ${bankConnections} on ${bankConnections.id} = ${bankRemoteAccounts.connectionId}
  where ${bankLines.transactionId} = ${transactionIdQualified} limit 1)`;

const listColumns = {
  transaction: transactions,
  originAccountName: originAccount.name,
  originCardName: originCard.name,
  destinationAccountName: destinationAccount.name,
  destinationCardName: destinationCard.name,
  createdByName: users.name,
  payeeName: payees.name,
  tagsJson,
  partsJson,
  conversionJson,
  bankJson,
  /** How many photos or PDFs are attached to it. */
  receiptCount:
    sql<number>`(select count(*) from ${receipts} where ${receipts.transactionId} = ${transactionIdQualified})`.mapWith(
      Number,
    ),
  /** The scheduled or recurring item it was posted from (kept after the item is deleted). */
  plannedSource: {
    kind: plannedOccurrences.sourceKind,
    id: plannedOccurrences.sourceId,
    name: plannedOccurrences.sourceName,
  },
};

function selectWithNames(db: ServiceContext["db"]) {
  return db
    .select(listColumns)
    .from(transactions)
    .innerJoin(rowWorkspace, eq(rowWorkspace.id, transactions.workspaceId))
    .leftJoin(originAccount, eq(originAccount.id, transactions.originAccountId))
    .leftJoin(originCard, eq(originCard.id, transactions.originCardId))
    .leftJoin(destinationAccount, eq(destinationAccount.id, transactions.destinationAccountId))
    .leftJoin(destinationCard, eq(destinationCard.id, transactions.destinationCardId))
    .leftJoin(users, eq(users.id, transactions.createdBy))
    .leftJoin(payees, eq(payees.id, transactions.payeeId))
    .leftJoin(plannedOccurrences, eq(plannedOccurrences.id, transactions.plannedOccurrenceId));
}

export type TransactionListRow = Awaited<ReturnType<ReturnType<typeof selectWithNames>["execute"]>>[number];

/** `%` and `_` typed by a person are searched for, not used as wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type FilterValues = { workspaceId: string } & Partial<Record<TransactionFilterKey, string | number>>;

/**
 * The filters a request sets, and the values to bind for them (the search as its LIKE pattern).
 * `tag_id=none` binds nothing: its shape says "untagged", a condition of its own.
 */
function filterValues(workspaceId: string, filters: Partial<TransactionFilters>) {
  const values: FilterValues = { workspaceId };
  const isUntagged = filters.tag_id === untaggedFilter;
  for (const key of transactionFilterKeys) {
    const value = filters[key];
    // "untagged" and "with a receipt" are shapes of their own, with nothing to bind.
    if (value === undefined || value === "" || (key === "tag_id" && isUntagged) || key === "has_receipt") continue;
    values[key] = key === "search" ? containsPattern(String(value)) : value;
  }
  const shape = [
    ...transactionFilterKeys.filter((key) => key in values),
    ...(isUntagged ? ["untagged"] : []),
    ...(filters.has_receipt === "true" ? ["has_receipt"] : []),
  ].join(",");
  return { values, shape, isFiltered: shape !== "" };
}

/** The WHERE of a list for the filters a request sets, each value a placeholder bound per request. */
function filterConditions(shape: string, value: (name: keyof FilterValues & string) => Placeholder): SQL {
  const present = new Set(shape.split(","));
  const has = (key: TransactionFilterKey | "untagged") => present.has(key);
  const conditions: (SQL | undefined)[] = [eq(transactions.workspaceId, value("workspaceId"))];
  if (has("from")) conditions.push(gte(transactions.date, value("from")));
  if (has("to")) conditions.push(lte(transactions.date, value("to")));
  if (has("type")) conditions.push(eq(transactions.kind, value("type")));
  if (has("account_id")) {
    conditions.push(
      or(
        eq(transactions.originAccountId, value("account_id")),
        eq(transactions.destinationAccountId, value("account_id")),
      ),
    );
  }
  if (has("card_id"))
    conditions.push(
      or(eq(transactions.originCardId, value("card_id")), eq(transactions.destinationCardId, value("card_id"))),
    );
  // Every link counts here, implied ones too: filtering by a category finds its subcategories' transactions.
  const tagged = sql`exists (select 1 from ${transactionTags} where ${transactionTags.transactionId} = ${transactions.id}`;
  if (has("tag_id")) conditions.push(sql`${tagged} and ${transactionTags.tagId} = ${value("tag_id")})`);
  if (has("untagged")) conditions.push(sql`not ${tagged})`);
  if (has("payee_id")) conditions.push(eq(transactions.payeeId, value("payee_id")));
  if (has("has_receipt"))
    conditions.push(
      sql`exists (select 1 from ${receipts} where ${receipts.transactionId} = ${transactionIdQualified})`,
    );
  // The search reads the description, the payee's name and the notes, the transaction's and its parts'.
  if (has("search"))
    conditions.push(
      sql`(${transactions.description} like ${value("search")} escape '\\' or ${transactions.note} like ${value("search")} escape '\\'
        or exists (select 1 from ${transactionParts} where ${transactionParts.transactionId} = ${transactionIdQualified}
          and ${transactionParts.note} like ${value("search")} escape '\\')
        or exists (select 1 from ${payees} as "searched_payee" where "searched_payee"."id" = ${transactions}.${sql.identifier("payee_id")}
          and "searched_payee"."name" like ${value("search")} escape '\\'))`,
    );
  if (has("min_amount")) conditions.push(gte(amountInHundredths, value("min_amount")));
  if (has("max_amount")) conditions.push(lte(amountInHundredths, value("max_amount")));
  return and(...conditions)!;
}

/**
 * A row's amount as the filters read theirs (hundredths, as typed): "at least 100" keeps R$ 100,00
 * and ¥100 alike, whatever places the row's currency has.
 */
const amountInHundredths = sql`(case when ${transactions.currency} in (${sql.join(
  currencies.filter((currency) => minorUnitOf(currency) === 0).map((currency) => sql`${currency}`),
  sql`, `,
)}) then ${transactions.amountCents} * 100 else ${transactions.amountCents} end)`;

/** One reusable read per filter shape (which filters are set); a handful exist in practice. */
function perShape<Read>(make: (shape: string) => Read) {
  const reads = new Map<string, Read>();
  return (shape: string) => {
    let read = reads.get(shape);
    if (!read) {
      read = make(shape);
      reads.set(shape, read);
    }
    return read;
  };
}

const pageOfShape = perShape((shape) =>
  reusableRead<FilterValues & { limit: number; offset: number }>()((db, value) =>
    selectWithNames(db)
      .where(filterConditions(shape, value))
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(value("limit"))
      .offset(value("offset")),
  ),
);

/** A page of transactions, newest date first, then newest recorded. */
export function transactionPageQuery(_ctx: ServiceContext, workspaceId: string, filters: TransactionFilters) {
  const { values, shape } = filterValues(workspaceId, filters);
  return pageOfShape(shape)({ ...values, limit: filters.per_page, offset: (filters.page - 1) * filters.per_page });
}

/** Where a walk through the whole list stands: the last row it gave (the list's order: date, then id, both descending). */
export type ListCursor = { date: string; id: string };
/** Sorts after every stored row, so a walk's first step starts at the top. */
const listTop: ListCursor = { date: "9999-12-31", id: "~" };

const stepOfShape = perShape((shape) =>
  reusableRead<FilterValues & { afterDate: string; afterId: string; limit: number }>()((db, value) =>
    selectWithNames(db)
      .where(
        and(
          filterConditions(shape, value),
          or(
            lt(transactions.date, value("afterDate")),
            and(eq(transactions.date, value("afterDate")), lt(transactions.id, value("afterId"))),
          ),
        ),
      )
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(value("limit")),
  ),
);

/**
 * The next `limit` rows of the list after `cursor` (from the top without one), in the list's order:
 * a walk through every matching row by index seeks, however deep, where an offset would rescan.
 */
export function transactionStepQuery(
  workspaceId: string,
  filters: Partial<TransactionFilters>,
  cursor: ListCursor | null,
  limit: number,
) {
  const { values, shape } = filterValues(workspaceId, filters);
  const after = cursor ?? listTop;
  return stepOfShape(shape)({ ...values, afterDate: after.date, afterId: after.id, limit });
}

const keptCount = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ total: workspaces.transactionCount })
    .from(workspaces)
    .where(eq(workspaces.id, value("workspaceId"))),
);
const countOfShape = perShape((shape) =>
  reusableRead<FilterValues>()((db, value) =>
    db.select({ total: sql<number>`count(*)` }).from(transactions).where(filterConditions(shape, value)),
  ),
);

/**
 * How many transactions the list holds. Unfiltered, that is the workspace's kept counter (a
 * million-row workspace is not counted on every page); filtered, the matching rows are counted.
 */
export function transactionCountQuery(_ctx: ServiceContext, workspaceId: string, filters: Partial<TransactionFilters>) {
  const { values, shape, isFiltered } = filterValues(workspaceId, filters);
  return isFiltered ? countOfShape(shape)(values) : keptCount({ workspaceId });
}

const recentTransactions = reusableRead<{ workspaceId: string; limit: number }>()((db, value) =>
  selectWithNames(db)
    .where(eq(transactions.workspaceId, value("workspaceId")))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(value("limit")),
);

/**
 * The 10 newest by date, then by entry (ids are time-ordered), as every list orders them (so
 * one recorded today for last week sits with last week, not on top).
 */
export function recentTransactionsQuery(_ctx: ServiceContext, workspaceId: string, limit = 10) {
  return recentTransactions({ workspaceId, limit });
}

export function transactionWithNamesQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return selectWithNames(ctx.db).where(
    and(eq(transactions.workspaceId, workspaceId), eq(transactions.id, isUuid(transactionId) ? transactionId : "")),
  );
}

export function transactionRowQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return ctx.db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.workspaceId, workspaceId), eq(transactions.id, isUuid(transactionId) ? transactionId : "")),
    );
}

/** A transaction's parts as its row's JSON carries them (null when it is not split) and its payee, for an edit. */
export function partsOfTransactionQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return ctx.db
    .select({ partsJson, payee: { id: payees.id, name: payees.name } })
    .from(transactions)
    .leftJoin(payees, eq(payees.id, transactions.payeeId))
    .where(
      and(eq(transactions.workspaceId, workspaceId), eq(transactions.id, isUuid(transactionId) ? transactionId : "")),
    );
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
  return {
    accountRows: ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), inArray(accounts.id, ids.accountIds))),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(and(eq(cards.workspaceId, workspaceId), or(inArray(cards.id, ids.cardIds), previousCards))),
    tagRows: namedTagsQuery(ctx, workspaceId, ids.tagIds),
  };
}

/** Tags of the workspace by id, with their categories: what a write links (worker/ledger/tag-links.ts) and answers. */
export function namedTagsQuery(ctx: ServiceContext, workspaceId: string, tagIds: string[]) {
  return ctx.db
    .select(tagOfTransactionColumns)
    .from(tags)
    .where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, tagIds)));
}

/** Every tag of the workspace some rule's actions name (README: "Rules"): what a typed entry's rules may give it. */
export function tagsNamedByRulesQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select(tagOfTransactionColumns)
    .from(tags)
    .where(
      and(
        eq(tags.workspaceId, workspaceId),
        sql`${tags.id} in (select "named"."value" from ${rules}, json_tree(${rules.actions}) as "named"
          where ${rules}.${sql.identifier("workspace_id")} = ${workspaceId} and "named"."atom" is not null)`,
      ),
    );
}

/** The tags a transaction was given, with their names, for an edit's answer. */
export function tagsOfTransactionQuery(ctx: ServiceContext, workspaceId: string, transactionId: string) {
  return ctx.db
    .select(tagOfTransactionColumns)
    .from(transactionTags)
    .innerJoin(tags, eq(tags.id, transactionTags.tagId))
    .where(
      and(
        eq(tags.workspaceId, workspaceId),
        eq(transactionTags.transactionId, isUuid(transactionId) ? transactionId : ""),
        eq(transactionTags.implied, 0),
      ),
    );
}
