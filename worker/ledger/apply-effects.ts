import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { accounts, cards } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { Effects } from "./effects.ts";
import { amountBounds, amountMessages, maxBalanceCents } from "./money.ts";

/**
 * Deltas are bound as bigint, which libSQL sends as an integer: a JS number goes over HTTP as a
 * float, and SQLite would add it in floating point. Integer arithmetic keeps every cent.
 */
const exact = (cents: number) => BigInt(cents);

/**
 * A card's debt grows only while it stays within the card's limit. Past it the update writes NULL
 * into the NOT NULL debt column, which fails the statement and rolls the whole batch back — the
 * limit holds even when two purchases race past the read-side check (assertCreditAvailable).
 */
const debtWithinLimit = (delta: number) =>
  sql`case when ${cards.creditLimitCents} is null or ${cards.debtCents} + ${exact(delta)} <= ${cards.creditLimitCents} then ${cards.debtCents} + ${exact(delta)} end`;

const debtPastLimitFailure = "NOT NULL constraint failed: cards.debt_cents";

/**
 * The bound (README: "Money model"): after the increments, every balance and debt the write
 * pushed up must be at most maxBalanceCents, and every one it pushed down at least its negative.
 * If one is not, this statement writes NULL into the NOT NULL balance column (of the account, or
 * of the card's account), which fails it and rolls the whole batch back — so the bound holds even
 * when two writes race, and a card's limit (failing on the debt column) and the bound are told
 * apart by the column that failed. Checking only the direction of each move never blocks a
 * write that brings a figure back towards zero.
 */
function boundGuard(ctx: ServiceContext, workspaceId: string, effects: Effects) {
  const bound = exact(maxBalanceCents);
  const pastBound = (column: SQLWrapper, delta: number) =>
    delta > 0 ? sql`${column} > ${bound}` : sql`${column} < ${-bound}`;
  const accountsPast = [...effects.accounts].map(([id, delta]) =>
    and(eq(accounts.id, id), pastBound(accounts.balanceCents, delta)),
  );
  const cardsPast = [...effects.cards].map(([id, delta]) => and(eq(cards.id, id), pastBound(cards.debtCents, delta)));
  const accountOfCardPast =
    cardsPast.length > 0
      ? inArray(
          accounts.id,
          ctx.db
            .select({ id: cards.accountId })
            .from(cards)
            .where(or(...cardsPast)),
        )
      : undefined;
  return ctx.db
    .update(accounts)
    .set({ balanceCents: sql`null` })
    .where(and(eq(accounts.workspaceId, workspaceId), or(...accountsPast, accountOfCardPast)));
}

const balancePastBoundFailure = "NOT NULL constraint failed: accounts.balance_cents";

/**
 * The balance and debt updates of a write, for the write's own atomic batch. Each is an
 * increment (`balance = balance + delta`), so concurrent writes to one account add up, and
 * each runs only while `onlyIf` holds (the transaction row is still at the revision read).
 * Run the batch through runLedgerBatch, which turns a card pushed past its limit, or a balance
 * or debt pushed past the bound, into a 422. A card's limit holds for what people and jobs write;
 * what a bank reports it already charged (`cardLimit: "bank's word"`) is written past it.
 */
export function effectStatements(
  ctx: ServiceContext,
  workspaceId: string,
  effects: Effects,
  onlyIf?: SQL,
  cardLimit: "held" | "bank's word" = "held",
) {
  const accountUpdates = [...effects.accounts].map(([id, delta]) =>
    ctx.db
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} + ${exact(delta)}` })
      .where(and(eq(accounts.id, id), eq(accounts.workspaceId, workspaceId), onlyIf)),
  );
  const cardUpdates = [...effects.cards].map(([id, delta]) =>
    ctx.db
      .update(cards)
      .set({
        debtCents:
          delta > 0 && cardLimit === "held" ? debtWithinLimit(delta) : sql`${cards.debtCents} + ${exact(delta)}`,
      })
      .where(and(eq(cards.id, id), eq(cards.workspaceId, workspaceId), onlyIf)),
  );
  if (accountUpdates.length + cardUpdates.length === 0) return [];
  return [...accountUpdates, ...cardUpdates, boundGuard(ctx, workspaceId, effects)];
}

type CardLimit = { id: string; debtCents: number; creditLimitCents: number | null };

const insufficientCredit = (field: string) =>
  fieldError(field, "errors:fields.insufficientCredit", {
    code: "INSUFFICIENT_CREDIT",
    message: "errors:fields.insufficientCredit",
  });

/** A credit card cannot be charged beyond its limit ('Insufficient available credit'). */
export function assertCreditAvailable(effects: Effects, cardsById: Map<string, CardLimit>, field = "amount"): void {
  for (const [id, delta] of effects.cards) {
    const card = cardsById.get(id);
    if (!card || delta <= 0 || card.creditLimitCents === null) continue;
    if (card.debtCents + delta > card.creditLimitCents) throw insufficientCredit(field);
  }
}

const balanceOutOfRange = (field: string) =>
  fieldError(field, amountMessages.balanceOutOfRange, {
    code: "BALANCE_OUT_OF_RANGE",
    values: amountBounds.balance,
    message: { key: amountMessages.balanceOutOfRange, values: amountBounds.balance },
  });

/** A split's parts that do not sum to its amount fail their batch's own check (worker/transactions/transaction-parts.ts). */
const partsSumFailure = "NOT NULL constraint failed: transactions.amount_cents";

const referencedItemDeleted = () => new AppError("REFERENCED_ITEM_DELETED");

/** A row the write names was deleted after the read: its foreign key refuses the batch, nothing is written. */
const referenceGoneFailure = "FOREIGN KEY constraint failed";

function failedOn(error: unknown, failure: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(failure)) return true;
  }
  return false;
}

/**
 * A write's batch, with what the batch's own guards refused answered as 422: a card pushed past
 * its limit, a balance or debt pushed past the bound (by this write or one racing it), a split's parts
 * that do not sum to its amount — and as
 * 409 an account, card or tag deleted since the read.
 */
export async function runLedgerBatch<T>(batch: Promise<T>, field = "amount"): Promise<T> {
  try {
    return await batch;
  } catch (error) {
    if (failedOn(error, debtPastLimitFailure)) throw insufficientCredit(field);
    if (failedOn(error, balancePastBoundFailure)) throw balanceOutOfRange(field);
    if (failedOn(error, partsSumFailure)) throw fieldError("parts", "errors:fields.partsDontSum");
    if (failedOn(error, referenceGoneFailure)) throw referencedItemDeleted();
    throw error;
  }
}
