import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RowsByName } from "../../db/named-batch.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { payees, tags, transactions } from "../../db/schema/index.ts";
import { toAccountOption, toAccountResponse } from "../accounts/accounts.mapper.ts";
import { accountsQuery } from "../accounts/accounts.service.ts";
import { asOfToday, laterMovementQueries } from "../accounts/todays-balances.ts";
import { toCardOption, toCardResponse } from "../cards/cards.mapper.ts";
import { cardsWithAccountsQuery } from "../cards/cards.service.ts";
import type { ServiceContext } from "../context.ts";
import { todayIn } from "../ledger/dates.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { toListedTransaction, toTransactionResponse } from "../transactions/transactions.mapper.ts";
import { transactionCountQuery, transactionPageQuery } from "../transactions/transactions.queries.ts";
import { pageMeta, type TransactionFilters } from "../transactions/transactions.schemas.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { newestRatesQuery, suggestedRates } from "../currency/rate-queries.ts";
import { pendingSuggestionsQuery, toSuggestion } from "../rules/rule-suggestions.service.ts";
import { can } from "../access/permissions.ts";

const parentTag = alias(tags, "parent_tag");

/** The tags to pick from, each subcategory after its category and named with it ("Casa › Luz" in the wizard). */
const tagOptions = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ uuid: tags.id, name: tags.name, color: tags.color, parent_name: parentTag.name })
    .from(tags)
    .leftJoin(parentTag, eq(parentTag.id, tags.parentId))
    .where(eq(tags.workspaceId, value("workspaceId")))
    .orderBy(
      asc(sql`lower(coalesce(${parentTag.name}, ${tags.name}))`),
      asc(sql`${tags.parentId} is not null`),
      asc(sql`lower(${tags.name})`),
    ),
);

/** The accounts, cards and tags the wizard and the filters offer, as queries for a read batch. */
export function ledgerOptionsQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    accountRows: accountsQuery(ctx, workspaceId),
    rateRows: newestRatesQuery(ctx, workspaceId),
    cardRows: cardsWithAccountsQuery(ctx, workspaceId),
    tagRows: tagOptions({ workspaceId }),
    ...laterMovementQueries(ctx, workspaceId),
  };
}

type OptionRows = RowsByName<ReturnType<typeof ledgerOptionsQueries>>;

/**
 * The accounts (with their balance as of `today`), cards and tags as the wizard and the filters
 * use them — no more is sent to the browser.
 */
export function ledgerOptionsFrom(
  { accountRows, cardRows, tagRows, rateRows, ...later }: OptionRows,
  clock: { today: string; now: Date },
) {
  const ofToday = asOfToday({ accounts: accountRows, cards: cardRows }, later, clock.today, clock.now);
  return {
    accounts: ofToday.accounts.map((row) => toAccountOption(toAccountResponse(row))),
    cards: ofToday.cards.map((row) => toCardOption(toCardResponse(row.card, row.account))),
    tags: tagRows,
    /** The rates a transfer across the accounts' currencies starts from (the person may type their bank's). */
    rates: suggestedRates(
      rateRows,
      accountRows.map((row) => row.currency),
    ),
  };
}

/** The payees the filter offers, by name. */
const payeeOptions = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ uuid: payees.id, name: payees.name })
    .from(payees)
    .where(eq(payees.workspaceId, value("workspaceId")))
    .orderBy(asc(sql`lower(${payees.name})`)),
);

const anyTransaction = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ one: sql<number>`1` })
    .from(transactions)
    .where(eq(transactions.workspaceId, value("workspaceId")))
    .limit(1),
);

/**
 * Everything the transactions page shows — one page of the list, whether the workspace has any
 * transaction at all (to tell "nothing yet" from "nothing matches"), the accounts, cards and tags
 * the filters and the wizard offer, the payees the filters offer and a rule worth offering — in the
 * request's one read round trip.
 */
export async function loadTransactionsPage({ ctx, input }: PersonCall<WorkspaceRef & { filters: TransactionFilters }>) {
  const { workspaceId, filters } = input;
  const {
    workspace,
    role,
    rows: { rows, counted, anyRow, payeeRows, suggestionRows, ...options },
  } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    rows: transactionPageQuery(ctx, workspaceId, filters),
    counted: transactionCountQuery(ctx, workspaceId, filters),
    anyRow: anyTransaction({ workspaceId }),
    payeeRows: payeeOptions({ workspaceId }),
    suggestionRows: pendingSuggestionsQuery(ctx, workspaceId),
    ...ledgerOptionsQueries(ctx, workspaceId),
  });
  return {
    transactions: rows.map((row) => toListedTransaction(toTransactionResponse(row))),
    meta: pageMeta(filters, counted),
    hasAnyTransaction: anyRow.length > 0,
    payees: payeeRows,
    /** A rule worth offering (README: "Rules"): shown to people who may write, one at a time. */
    suggestion: can(role, "finances.write") ? (suggestionRows.map(toSuggestion)[0] ?? null) : null,
    ...ledgerOptionsFrom(options, { today: todayIn(workspace.timeZone, ctx.clock.now()), now: ctx.clock.now() }),
    role,
    currency: workspace.currency,
    today: todayIn(workspace.timeZone, ctx.clock.now()),
  };
}

export type TransactionsPageData = Awaited<ReturnType<typeof loadTransactionsPage>>;
