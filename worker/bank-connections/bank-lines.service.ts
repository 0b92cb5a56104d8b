import { and, desc, eq, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import { batchOfStatements } from "../../db/named-batch.ts";
import {
  accounts,
  bankConnections,
  bankLines,
  bankRemoteAccounts,
  cards,
  transactions,
} from "../../db/schema/index.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { todayIn } from "../ledger/dates.ts";
import { effectsOf } from "../ledger/effects.ts";
import type { Language } from "../i18n/language.ts";
import { lookupOf, resolveTransaction } from "../transactions/transaction-legs.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import { countChange } from "../transactions/transactions.service.ts";
import type { ReconcileInput } from "./bank-connections.schemas.ts";
import {
  aheadOf,
  connectionRemoteQuery,
  failedWith,
  heldAheadQuery,
  legOf,
  legQueries,
  lineInput,
} from "./bank-legs.ts";
import { signedUnits } from "./remote-accounts.ts";
import { existingTransactionsQuery } from "../imports/import-target.ts";

/**
 * What a person reviews after a sync (README: "Bank connections"): the bank lines joined to transactions
 * they already had, each undoable (the line is then written as its own transaction), and a bank balance
 * that differs from Moneta's, reconciled in one step with an adjustment.
 */

type ConnectionRef = WorkspaceRef & { connectionId: string };

const lineNotFound = () => new AppError("NOT_FOUND", "errors:details.bankLineNotFound");
const remoteAccountNotFound = () => new AppError("NOT_FOUND", "errors:details.bankAccountNotFound");

const signedOf = (transaction: typeof transactions.$inferSelect, legId: string) =>
  transaction.originAccountId === legId || transaction.originCardId === legId
    ? -transaction.amountCents
    : transaction.destinationAmountCents;

/** GET /bank-connections/{id}/matched: the lines joined to transactions already there, newest first (the latest 200). */
export async function listMatchedLines({ ctx, input }: ServiceCall<ConnectionRef>) {
  const connectionId = isUuid(input.connectionId) ? input.connectionId : "";
  const {
    rows: { connections, lines },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    connections: ctx.db
      .select({ id: bankConnections.id })
      .from(bankConnections)
      .where(and(eq(bankConnections.workspaceId, input.workspaceId), eq(bankConnections.id, connectionId))),
    lines: ctx.db
      .select({ line: bankLines, remote: bankRemoteAccounts, transaction: transactions })
      .from(bankLines)
      .innerJoin(bankRemoteAccounts, eq(bankRemoteAccounts.id, bankLines.remoteAccountId))
      .innerJoin(transactions, eq(transactions.id, bankLines.transactionId))
      .where(
        and(
          eq(bankLines.workspaceId, input.workspaceId),
          eq(bankRemoteAccounts.connectionId, connectionId),
          eq(bankLines.joined, "matched"),
        ),
      )
      .orderBy(desc(bankLines.date), desc(bankLines.id))
      .limit(200),
  });
  if (!connections[0]) throw new AppError("NOT_FOUND", "errors:details.bankConnectionNotFound");
  return lines.map(({ line, remote, transaction }) => ({
    uuid: line.id,
    account_name: remote.name,
    currency: remote.currency,
    date: line.date,
    amount: unitsToDecimal(line.amountUnits, remote.currency),
    description: line.description,
    transaction: {
      uuid: transaction.id,
      date: transaction.date,
      description: transaction.description,
      amount: unitsToDecimal(signedOf(transaction, line.legId), remote.currency),
    },
  }));
}

/** A batch refused because the match was undone meanwhile (the guard writes NULL into `joined`). */
const undoneAlready = "NOT NULL constraint failed: bank_lines.joined";

/**
 * POST /bank-connections/{id}/matched/{lineId}/undo: the bank line was not the transaction it was joined
 * to. It is written as its own transaction (the sync's way: as the bank states it) and the person's stays
 * as it was. Once: a second undo finds no match (404).
 */
export async function undoMatch({ ctx, input }: ServiceCall<ConnectionRef & { lineId: string }>) {
  const lineId = isUuid(input.lineId) ? input.lineId : "";
  const connectionId = isUuid(input.connectionId) ? input.connectionId : "";
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    lines: ctx.db
      .select({ line: bankLines, remote: bankRemoteAccounts })
      .from(bankLines)
      .innerJoin(bankRemoteAccounts, eq(bankRemoteAccounts.id, bankLines.remoteAccountId))
      .where(
        and(
          eq(bankLines.workspaceId, input.workspaceId),
          eq(bankLines.id, lineId),
          eq(bankRemoteAccounts.connectionId, connectionId),
        ),
      ),
  });
  const found = rows.lines[0];
  if (found?.line.joined !== "matched") throw lineNotFound();
  const { line } = found;
  const leg = await legStillThere(ctx, input.workspaceId, line.legId);
  if (!leg) throw lineNotFound();
  const [legAccounts, legCards] = await ctx.db.batch([
    legQueries(ctx, input.workspaceId, leg).accountRows,
    legQueries(ctx, input.workspaceId, leg).cardRows,
  ]);
  const lookup = lookupOf(legAccounts, legCards);
  const resolved = resolveTransaction(
    lineInput(leg, line.amountUnits, line.description, line.date),
    lookup,
    null,
    "units",
  );
  const { kind, ...money } = resolved;
  const id = newId();
  const now = ctx.clock.now().toISOString();
  try {
    await runLedgerBatch(
      batchOfStatements(ctx.db, [
        ctx.db.insert(transactions).values({
          id,
          workspaceId: input.workspaceId,
          kind,
          ...money,
          description: line.description,
          date: line.date,
          createdBy: ctx.actor.type === "person" ? ctx.actor.userId : null,
          createdVia: "system:bank-sync",
          createdAt: now,
        }),
        // The line joins its own transaction, once: a second undo writes NULL into `joined`, failing the batch.
        ctx.db
          .update(bankLines)
          .set({
            joined: sql`case when ${bankLines.joined} = 'matched' then 'created' end`,
            matchUndoneAt: now,
            transactionId: id,
          })
          .where(and(eq(bankLines.id, line.id), actorStillMay(ctx, input.workspaceId, "finances.write"))),
        countChange(ctx, input.workspaceId, 1),
        ...effectStatements(ctx, input.workspaceId, effectsOf(resolved), undefined, "bank's word"),
      ]),
    );
  } catch (error) {
    if (failedWith(error, undoneAlready)) throw lineNotFound();
    throw error;
  }
  return { transaction_id: id };
}

/** Whether the line's leg is an account or a card of the workspace (either may have been deleted since). */
async function legStillThere(ctx: ServiceContext, workspaceId: string, legId: string): Promise<LegRef | null> {
  const [accountRows, cardRows] = await ctx.db.batch([
    ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, legId))),
    ctx.db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, legId))),
  ]);
  if (accountRows[0]) return { type: "account", id: legId };
  if (cardRows[0]) return { type: "card", id: legId };
  return null;
}

const adjustmentWords: Record<Language, { description: string; note: (balance: string, day: string) => string }> = {
  en: {
    description: "Balance adjustment",
    note: (balance, day) => `Reconciled with the bank's balance of ${balance} on ${day}.`,
  },
  "pt-BR": {
    description: "Ajuste de saldo",
    note: (balance, day) => `Conciliado com o saldo de ${balance} informado pelo banco em ${day}.`,
  },
};

/** How many entries an explanation lists (its totals count them all). */
const explainedEntriesShown = 50;

/**
 * GET /bank-connections/{id}/accounts/{remoteAccountId}/difference: why the bank's balance and Moneta's
 * differ, as far as the lines tell. Within the days the bank's lines cover, a difference is made of
 * entries here that no bank line joined (typed here, not at the bank), lines the bank no longer shows
 * whose transactions are still here, and bank lines whose transactions were deleted here; what is left is
 * from before the bank's first line — what the account held then, which Moneta started from otherwise.
 */
export async function explainDifference({ ctx, input }: ServiceCall<ConnectionRef & { remoteAccountId: string }>) {
  const { rows, workspace } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    remotes: connectionRemoteQuery(ctx, input),
    firstLines: ctx.db
      .select({ date: sql<string | null>`min(${bankLines.date})` })
      .from(bankLines)
      .where(
        and(
          eq(bankLines.workspaceId, input.workspaceId),
          eq(bankLines.remoteAccountId, isUuid(input.remoteAccountId) ? input.remoteAccountId : ""),
        ),
      ),
  });
  const remote = rows.remotes[0];
  const leg = remote ? legOf(remote) : null;
  if (!remote || !leg) throw remoteAccountNotFound();
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const linesFrom = rows.firstLines[0]?.date ?? null;
  const notJoined = sql`not exists (select 1 from ${bankLines} where ${bankLines.transactionId} = ${transactions.id})`;
  const [legAccounts, legCards, ahead, unjoined, linesOnly] = await ctx.db.batch([
    legQueries(ctx, input.workspaceId, leg).accountRows,
    legQueries(ctx, input.workspaceId, leg).cardRows,
    heldAheadQuery(ctx, input.workspaceId, remote.id),
    existingTransactionsQuery(
      ctx,
      input.workspaceId,
      leg,
      linesFrom ? { from: linesFrom, to: today } : { from: "9999-12-31", to: "0000-01-01" },
      notJoined,
    ),
    ctx.db
      .select({ line: bankLines, transaction: transactions })
      .from(bankLines)
      .leftJoin(transactions, eq(transactions.id, bankLines.transactionId))
      .where(
        and(
          eq(bankLines.remoteAccountId, remote.id),
          sql`(${bankLines.goneAt} is not null and ${bankLines.transactionId} is not null) or (${bankLines.goneAt} is null and ${bankLines.transactionId} is null)`,
        ),
      ),
  ]);
  const lookup = lookupOf(legAccounts, legCards);
  const held =
    leg.type === "card" ? lookup.cards.get(leg.id)?.card.debtCents : lookup.accounts.get(leg.id)?.balanceCents;
  if (held === undefined) throw remoteAccountNotFound();
  const monetaToday = (leg.type === "card" ? -held : held) - aheadOf(ahead, remote.id, today);
  const difference = remote.balanceUnits - monetaToday;
  // Each entry's share of the difference (the bank's balance minus Moneta's).
  const entries = [
    ...unjoined.map((row) => ({
      reason: "not_at_bank" as const,
      date: row.date,
      description: row.description,
      transactionId: row.id as string | null,
      share: -Number(row.units),
    })),
    ...linesOnly.map(({ line, transaction }) =>
      transaction
        ? {
            reason: "gone_at_bank" as const,
            date: transaction.date,
            description: transaction.description,
            transactionId: transaction.id as string | null,
            share: -signedOf(transaction, line.legId),
          }
        : {
            reason: "deleted_here" as const,
            date: line.date,
            description: line.description,
            transactionId: null,
            share: line.amountUnits,
          },
    ),
  ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const explained = entries.reduce((sum, entry) => sum + entry.share, 0);
  const money = (units: number) => unitsToDecimal(units, remote.currency);
  return {
    currency: remote.currency,
    difference: money(difference),
    lines_from: linesFrom,
    entries: entries.slice(0, explainedEntriesShown).map((entry) => ({
      reason: entry.reason,
      date: entry.date,
      description: entry.description,
      transaction_id: entry.transactionId,
      amount: money(entry.share),
    })),
    entries_count: entries.length,
    entries_total: money(explained),
    before_lines: money(difference - explained),
  };
}

/**
 * POST /bank-connections/{id}/accounts/{remoteAccountId}/reconcile: Moneta's balance made the bank's, with
 * one adjustment dated today (income or expense of the difference, with a note saying so). The person
 * sends the difference they saw: if it changed since (a sync, an entry), nothing is written and the answer
 * says so at `difference`, so no adjustment is ever made of an amount the person did not confirm.
 */
export async function reconcileBalance({
  ctx,
  input,
}: ServiceCall<ConnectionRef & { remoteAccountId: string; language: Language } & ReconcileInput>) {
  const { rows, workspace } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    remotes: connectionRemoteQuery(ctx, input),
  });
  const remote = rows.remotes[0];
  const leg = remote ? legOf(remote) : null;
  if (!remote || !leg) throw remoteAccountNotFound();
  const [legAccounts, legCards, ahead] = await ctx.db.batch([
    legQueries(ctx, input.workspaceId, leg).accountRows,
    legQueries(ctx, input.workspaceId, leg).cardRows,
    heldAheadQuery(ctx, input.workspaceId, remote.id),
  ]);
  const lookup = lookupOf(legAccounts, legCards);
  const card = lookup.cards.get(leg.id);
  const held =
    leg.type === "card" ? (card ? -card.card.debtCents : undefined) : lookup.accounts.get(leg.id)?.balanceCents;
  if (held === undefined) throw remoteAccountNotFound();
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  // The bank's balance is today's: what Moneta holds dated later is not in it.
  const difference = remote.balanceUnits - (held - aheadOf(ahead, remote.id, today));
  const confirmed = signedUnits(input.difference, remote.currency);
  if (confirmed !== difference)
    throw fieldError("difference", "errors:fields.bankDifferenceChanged", { code: "BANK_BALANCE_CHANGED" });
  if (difference === 0) return { transaction_id: null };
  const words = adjustmentWords[input.language];
  const resolved = resolveTransaction(lineInput(leg, difference, words.description, today), lookup, null, "units");
  const { kind, ...money } = resolved;
  const id = newId();
  const balanceChanged = () =>
    fieldError("difference", "errors:fields.bankDifferenceChanged", { code: "BANK_BALANCE_CHANGED" });
  // The batch's first statement: the balance is still the one the difference was taken from, or it
  // writes NULL into the name and fails the batch.
  const stillHeld =
    leg.type === "card"
      ? ctx.db
          .update(cards)
          .set({ name: sql`case when ${cards.debtCents} = ${BigInt(-held)} then ${cards.name} end` })
          .where(eq(cards.id, leg.id))
      : ctx.db
          .update(accounts)
          .set({ name: sql`case when ${accounts.balanceCents} = ${BigInt(held)} then ${accounts.name} end` })
          .where(eq(accounts.id, leg.id));
  const balance = unitsToDecimal(remote.balanceUnits, remote.currency);
  try {
    await runLedgerBatch(
      batchOfStatements(ctx.db, [
        stillHeld,
        ctx.db.insert(transactions).values({
          id,
          workspaceId: input.workspaceId,
          kind,
          ...money,
          description: words.description,
          note: words.note(balance, remote.balanceAt.slice(0, 10)),
          date: today,
          createdBy: ctx.actor.type === "person" ? ctx.actor.userId : null,
          createdVia: "person",
          createdAt: ctx.clock.now().toISOString(),
        }),
        countChange(ctx, input.workspaceId, 1),
        ...effectStatements(
          ctx,
          input.workspaceId,
          effectsOf(resolved),
          actorStillMay(ctx, input.workspaceId, "finances.write"),
          "bank's word",
        ),
      ]),
    );
  } catch (error) {
    if (
      failedWith(error, "NOT NULL constraint failed: cards.name") ||
      failedWith(error, "NOT NULL constraint failed: accounts.name")
    )
      throw balanceChanged();
    throw error;
  }
  return { transaction_id: id };
}
