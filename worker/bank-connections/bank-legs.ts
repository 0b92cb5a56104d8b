import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, bankLines, bankRemoteAccounts, cards, transactions } from "../../db/schema/index.ts";
import { isUuid } from "../../db/ids.ts";
import type { ServiceContext } from "../context.ts";
import { todayIn } from "../ledger/dates.ts";
import type { LegRef, TransactionInput } from "../transactions/transactions.schemas.ts";

/**
 * What the sync and the review of its lines share: where a bank account's lines go in the ledger (its
 * leg), how that leg is read for the ledger's lookup, how a bank line becomes a transaction's input, and
 * which constraint refused a batch.
 */

/** A connection's account, unless ignored (whether it is linked, and to what, is the caller's to check). */
export const connectionRemoteQuery = (
  ctx: ServiceContext,
  input: { workspaceId: string; connectionId: string; remoteAccountId: string },
) =>
  ctx.db
    .select()
    .from(bankRemoteAccounts)
    .where(
      and(
        eq(bankRemoteAccounts.workspaceId, input.workspaceId),
        eq(bankRemoteAccounts.id, isUuid(input.remoteAccountId) ? input.remoteAccountId : ""),
        eq(bankRemoteAccounts.connectionId, isUuid(input.connectionId) ? input.connectionId : ""),
        isNull(bankRemoteAccounts.ignoredAt),
      ),
    );

/** The Moneta account or card a bank account is linked to; null while it is not. */
export const legOf = (remote: { accountId: string | null; cardId: string | null }): LegRef | null =>
  remote.cardId
    ? { type: "card", id: remote.cardId }
    : remote.accountId
      ? { type: "account", id: remote.accountId }
      : null;

/**
 * The leg's account, or card with its account, as the ledger's lookup reads them, in the caller's batch;
 * and an account's credit cards with it (`paidCardRows`), which its bill payments pay.
 */
export function legQueries(ctx: ServiceContext, workspaceId: string, leg: LegRef) {
  const cardAccount = alias(accounts, "card_account");
  return {
    paidCardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(
        and(
          eq(cards.workspaceId, workspaceId),
          eq(cards.accountId, leg.type === "account" ? leg.id : ""),
          ne(cards.mode, "debit"),
        ),
      ),
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

/**
 * What Moneta holds dated after `today` on each linked account or card (installments ahead on a card,
 * entries typed for later), by day, signed as the bank states a balance. A bank's balance is today's:
 * it is compared with Moneta's without them. Read from the earliest "today" on Earth, in the caller's
 * batch (before the workspace's time zone is known); `aheadOf` keeps what is after the workspace's today.
 */
export function heldAheadQuery(ctx: ServiceContext, workspaceId: string, remoteAccountId?: string) {
  const onLeg = (account: SQLWrapper, card: SQLWrapper) =>
    or(
      and(isNotNull(bankRemoteAccounts.accountId), eq(account, bankRemoteAccounts.accountId)),
      and(isNotNull(bankRemoteAccounts.cardId), eq(card, bankRemoteAccounts.cardId)),
    );
  const arriving = onLeg(transactions.destinationAccountId, transactions.destinationCardId);
  const leaving = onLeg(transactions.originAccountId, transactions.originCardId);
  return ctx.db
    .select({
      remoteAccountId: bankRemoteAccounts.id,
      date: transactions.date,
      units: sql<number>`sum(case when ${arriving} then ${transactions.destinationAmountCents} else 0 end) - sum(case when ${leaving} then ${transactions.amountCents} else 0 end)`,
    })
    .from(bankRemoteAccounts)
    .innerJoin(
      transactions,
      and(
        eq(transactions.workspaceId, bankRemoteAccounts.workspaceId),
        sql`${transactions.date} > ${todayIn("Etc/GMT+12", ctx.clock.now())}`,
        or(arriving, leaving),
      ),
    )
    .where(
      and(
        eq(bankRemoteAccounts.workspaceId, workspaceId),
        remoteAccountId === undefined ? undefined : eq(bankRemoteAccounts.id, remoteAccountId),
      ),
    )
    .groupBy(bankRemoteAccounts.id, transactions.date);
}

/** What a linked account or card holds after the workspace's today, from `heldAheadQuery`'s rows. */
export function aheadOf(
  rows: readonly { remoteAccountId: string; date: string; units: number }[],
  remoteAccountId: string,
  today: string,
): number {
  return rows
    .filter((row) => row.remoteAccountId === remoteAccountId && row.date > today)
    .reduce((sum, row) => sum + Number(row.units), 0);
}

/** The workspace's other accounts that a bank account is linked to: where a transfer's other side lands. */
function otherLinkedAccounts(ctx: ServiceContext, workspaceId: string, leg: LegRef) {
  return ctx.db
    .select({ id: bankRemoteAccounts.accountId })
    .from(bankRemoteAccounts)
    .where(
      and(
        eq(bankRemoteAccounts.workspaceId, workspaceId),
        isNotNull(bankRemoteAccounts.accountId),
        ne(bankRemoteAccounts.accountId, leg.type === "account" ? leg.id : ""),
      ),
    );
}

/** Those accounts, for the ledger's lookup of a transfer between two linked accounts, in the caller's batch. */
export const otherLinkedAccountsQuery = (ctx: ServiceContext, workspaceId: string, leg: LegRef) =>
  ctx.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.workspaceId, workspaceId),
        leg.type === "account" ? inArray(accounts.id, otherLinkedAccounts(ctx, workspaceId, leg)) : sql`0`,
      ),
    );

/**
 * Money between two of a person's own linked places reaches a sync twice. A card's bill paid from its own
 * account: "PAGAMENTO FATURA" leaving the account, "PAGAMENTO RECEBIDO" on the card. A transfer between two
 * linked accounts: leaving one, arriving in the other. The other side's line, if the sync wrote it already
 * and it is not paired yet, with one of `amounts` (minor units, positive) within `days`: on a card, an
 * expense from its own account; on an account, a payment received on one of its credit cards, money
 * arriving in another linked account, or money leaving one. The two become one card payment or transfer.
 */
export function unpairedCounterpartsQuery(
  ctx: ServiceContext,
  workspaceId: string,
  leg: LegRef,
  days: { from: string; to: string },
  amounts: readonly number[],
) {
  const cardsOfAccount = ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.accountId, leg.id), eq(cards.mode, "credit")));
  const otherAccounts = otherLinkedAccounts(ctx, workspaceId, leg);
  return ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.workspaceId, workspaceId),
        eq(transactions.createdVia, "system:bank-sync"),
        gte(transactions.date, days.from),
        lte(transactions.date, days.to),
        inArray(transactions.amountCents, [...amounts]),
        leg.type === "card"
          ? and(
              eq(transactions.kind, "expense"),
              isNull(transactions.originCardId),
              sql`${transactions.originAccountId} = (select ${cards.accountId} from ${cards} where ${cards.id} = ${leg.id})`,
            )
          : or(
              and(
                eq(transactions.kind, "income"),
                or(
                  inArray(transactions.destinationCardId, cardsOfAccount),
                  inArray(transactions.destinationAccountId, otherAccounts),
                ),
              ),
              and(
                eq(transactions.kind, "expense"),
                isNull(transactions.originCardId),
                inArray(transactions.originAccountId, otherAccounts),
              ),
            ),
        sql`exists (select 1 from ${bankLines} where ${bankLines.transactionId} = ${transactions.id} and ${bankLines.joined} = 'created')`,
      ),
    );
}
