import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, cards } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import type { LegRef, TransactionInput } from "../transactions/transactions.schemas.ts";

/**
 * What the sync and the review of its lines share: where a bank account's lines go in the ledger (its
 * leg), how that leg is read for the ledger's lookup, how a bank line becomes a transaction's input, and
 * which constraint refused a batch.
 */

/** The Moneta account or card a bank account is linked to; null while it is not. */
export const legOf = (remote: { accountId: string | null; cardId: string | null }): LegRef | null =>
  remote.cardId
    ? { type: "card", id: remote.cardId }
    : remote.accountId
      ? { type: "account", id: remote.accountId }
      : null;

/** The leg's account, or card with its account, as the ledger's lookup reads them, in the caller's batch. */
export function legQueries(ctx: ServiceContext, workspaceId: string, leg: LegRef) {
  const cardAccount = alias(accounts, "card_account");
  return {
    accountRows: ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, leg.type === "account" ? leg.id : ""))),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, leg.type === "card" ? leg.id : ""))),
  };
}

/** Money on a leg as the bank signs it: an expense from it (negative) or an income into it (positive). */
export const lineInput = (leg: LegRef, units: number, description: string, date: string): TransactionInput => ({
  type: units < 0 ? "expense" : "income",
  amount: Math.abs(units),
  description,
  date,
  ...(units < 0 ? { origin: leg } : { destination: leg }),
});

/** Whether a failed batch's error, or one of its causes, says `text` (the constraint that refused it). */
export function failedWith(error: unknown, text: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(text)) return true;
  }
  return false;
}
