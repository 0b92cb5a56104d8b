import { and, desc, eq, gte, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, cards, statementImports, transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { fieldError } from "../http/errors.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";

/**
 * The account or card a statement belongs to, and how its transactions read from its side: money
 * arriving is positive, money leaving (or charged on the card) negative — the statement's own sign.
 */

export type ImportTarget = { id: string; name: string; currency: string; isActive: boolean; kind: LegRef["type"] };

export const targetMissing = () => fieldError("target", "errors:fields.importTargetMissing");

/** The account, or the card with its account (whose currency it holds), read in the caller's batch. */
export function targetQuery(ctx: ServiceContext, workspaceId: string, target: LegRef) {
  if (target.type === "account") {
    return ctx.db
      .select({ id: accounts.id, name: accounts.name, currency: accounts.currency, isActive: accounts.isActive })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, target.id)));
  }
  return cardsWithCurrency(ctx).where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, target.id)));
}

/** Cards with the currency of their account, active only while both are. */
function cardsWithCurrency(ctx: ServiceContext) {
  const cardAccount = alias(accounts, "card_account");
  return ctx.db
    .select({
      id: cards.id,
      name: cards.name,
      currency: cardAccount.currency,
      isActive: sql<boolean>`${cards.isActive} and ${cardAccount.isActive}`.mapWith(Boolean),
    })
    .from(cards)
    .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId));
}

/** The target's transactions as legs: a card's own columns, or an account's (a debit card's purchases included). */
function onTarget(target: LegRef): { leaving: SQL; arriving: SQL } {
  return target.type === "account"
    ? {
        leaving: eq(transactions.originAccountId, target.id),
        arriving: eq(transactions.destinationAccountId, target.id),
      }
    : { leaving: eq(transactions.originCardId, target.id), arriving: eq(transactions.destinationCardId, target.id) };
}

/** The target's transactions between two days (those `onlyIf` keeps), signed from its side, for the duplicate check. */
export function existingTransactionsQuery(
  ctx: ServiceContext,
  workspaceId: string,
  target: LegRef,
  days: { from: string; to: string },
  onlyIf?: SQL,
) {
  const { leaving, arriving } = onTarget(target);
  return ctx.db
    .select({
      id: transactions.id,
      date: transactions.date,
      description: transactions.description,
      units: sql<number>`case when ${arriving} then ${transactions.destinationAmountCents} else -${transactions.amountCents} end`,
      importedId: transactions.importedId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.workspaceId, workspaceId),
        or(leaving, arriving),
        gte(transactions.date, days.from),
        lte(transactions.date, days.to),
        onlyIf,
      ),
    );
}

/** The CSV mapping of the target's latest CSV import, which the next one starts from. */
export function rememberedMappingQuery(ctx: ServiceContext, workspaceId: string, target: LegRef) {
  const column = target.type === "account" ? statementImports.accountId : statementImports.cardId;
  return ctx.db
    .select({ csvMapping: statementImports.csvMapping })
    .from(statementImports)
    .where(
      and(
        eq(statementImports.workspaceId, workspaceId),
        eq(column, target.id),
        eq(statementImports.format, "csv"),
        isNotNull(statementImports.csvMapping),
      ),
    )
    .orderBy(desc(statementImports.createdAt))
    .limit(1);
}

/**
 * The workspace's accounts and cards by name, for Moneta's own export: a transfer row names the other
 * account in its From or To, and comes back as a transfer when an account or card of that name is here.
 */
export function namedLegsQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    namedAccounts: ctx.db
      .select({ id: accounts.id, name: accounts.name, currency: accounts.currency, isActive: accounts.isActive })
      .from(accounts)
      .where(eq(accounts.workspaceId, workspaceId)),
    namedCards: cardsWithCurrency(ctx).where(eq(cards.workspaceId, workspaceId)),
  };
}
