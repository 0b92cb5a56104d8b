import { and, eq, sql, type SQL } from "drizzle-orm";
import { accounts, cards } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { Effects } from "./effects.ts";

/**
 * The balance and debt updates of a write, for the write's own atomic batch. Each is an
 * increment (`balance = balance + delta`), so concurrent writes to one account add up, and
 * each runs only while `onlyIf` holds (the transaction row is still at the revision read).
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
      .set({ debtCents: sql`${cards.debtCents} + ${delta}` })
      .where(and(eq(cards.id, id), eq(cards.workspaceId, workspaceId), onlyIf)),
  );
  return [...accountUpdates, ...cardUpdates];
}

type CardLimit = { id: string; debtCents: number; creditLimitCents: number | null };

/** A credit card cannot be charged beyond its limit (SPEC §8 'Insufficient available credit'). */
export function assertCreditAvailable(effects: Effects, cardsById: Map<string, CardLimit>, field = "amount"): void {
  for (const [id, delta] of effects.cards) {
    const card = cardsById.get(id);
    if (!card || delta <= 0 || card.creditLimitCents === null) continue;
    if (card.debtCents + delta > card.creditLimitCents) {
      throw new AppError("INSUFFICIENT_CREDIT", "Insufficient available credit", {
        fieldErrors: { [field]: ["Insufficient available credit"] },
      });
    }
  }
}
