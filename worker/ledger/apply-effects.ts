import { and, eq, sql, type SQL } from "drizzle-orm";
import { accounts, cards } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { Effects } from "./effects.ts";

/**
 * A card's debt grows only while it stays within the card's limit. Past it the update writes NULL
 * into the NOT NULL debt column, which fails the statement and rolls the whole batch back — the
 * limit holds even when two purchases race past the read-side check (assertCreditAvailable).
 */
const debtWithinLimit = (delta: number) =>
  sql`case when ${cards.creditLimitCents} is null or ${cards.debtCents} + ${delta} <= ${cards.creditLimitCents} then ${cards.debtCents} + ${delta} end`;

const debtPastLimitFailure = "NOT NULL constraint failed: cards.debt_cents";

/**
 * The balance and debt updates of a write, for the write's own atomic batch. Each is an
 * increment (`balance = balance + delta`), so concurrent writes to one account add up, and
 * each runs only while `onlyIf` holds (the transaction row is still at the revision read).
 * Run the batch through runLedgerBatch, which turns a card pushed past its limit into a 422.
 */
export function effectStatements(ctx: ServiceContext, workspaceId: string, effects: Effects, onlyIf?: SQL) {
  const accountUpdates = [...effects.accounts].map(([id, delta]) =>
    ctx.db
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} + ${delta}` })
      .where(and(eq(accounts.id, id), eq(accounts.workspaceId, workspaceId), onlyIf)),
  );
  const cardUpdates = [...effects.cards].map(([id, delta]) =>
    ctx.db
      .update(cards)
      .set({ debtCents: delta > 0 ? debtWithinLimit(delta) : sql`${cards.debtCents} + ${delta}` })
      .where(and(eq(cards.id, id), eq(cards.workspaceId, workspaceId), onlyIf)),
  );
  return [...accountUpdates, ...cardUpdates];
}

type CardLimit = { id: string; debtCents: number; creditLimitCents: number | null };

const insufficientCredit = (field: string) =>
  new AppError("INSUFFICIENT_CREDIT", "Insufficient available credit", { fieldErrors: { [field]: ["Insufficient available credit"] } });

/** A credit card cannot be charged beyond its limit (SPEC §8 'Insufficient available credit'). */
export function assertCreditAvailable(effects: Effects, cardsById: Map<string, CardLimit>, field = "amount"): void {
  for (const [id, delta] of effects.cards) {
    const card = cardsById.get(id);
    if (!card || delta <= 0 || card.creditLimitCents === null) continue;
    if (card.debtCents + delta > card.creditLimitCents) throw insufficientCredit(field);
  }
}

function isDebtPastLimit(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(debtPastLimitFailure)) return true;
  }
  return false;
}

/** A write's batch, with a card pushed past its limit by a concurrent write answered as 422. */
export async function runLedgerBatch<T>(batch: Promise<T>, field = "amount"): Promise<T> {
  try {
    return await batch;
  } catch (error) {
    if (isDebtPastLimit(error)) throw insufficientCredit(field);
    throw error;
  }
}
