import type { CardMode } from "../../db/enums.ts";

/** The columns of a transaction row that decide where its money goes. */
export type TransactionLegs = {
  amountCents: number;
  destinationAmountCents: number;
  originAccountId: string | null;
  originCardId: string | null;
  originCardMode: CardMode | null;
  destinationAccountId: string | null;
  destinationCardId: string | null;
  destinationCardMode: CardMode | null;
};

/** How much each account's balance and each card's debt moves. */
export type Effects = { accounts: Map<string, number>; cards: Map<string, number> };

export const noEffects = (): Effects => ({ accounts: new Map(), cards: new Map() });

function add(map: Map<string, number>, id: string, cents: number) {
  map.set(id, (map.get(id) ?? 0) + cents);
}

/**
 * What one transaction does (README: "Money model"): money leaves the origin account and
 * arrives in the destination account; a credit-mode card at the origin takes on debt (a
 * purchase), a credit-mode card at the destination sheds it (a payment or a refund).
 * A debit card's legs carry its account, so they move that account's money.
 */
export function effectsOf(legs: TransactionLegs, sign: 1 | -1 = 1, into: Effects = noEffects()): Effects {
  if (legs.originAccountId) add(into.accounts, legs.originAccountId, -sign * legs.amountCents);
  if (legs.originCardId && legs.originCardMode === "credit")
    add(into.cards, legs.originCardId, sign * legs.amountCents);
  if (legs.destinationAccountId) add(into.accounts, legs.destinationAccountId, sign * legs.destinationAmountCents);
  if (legs.destinationCardId && legs.destinationCardMode === "credit") {
    add(into.cards, legs.destinationCardId, -sign * legs.destinationAmountCents);
  }
  return into;
}

/** An edit: undo the old row, apply the new one; legs that cancel out disappear. */
export function effectsOfChange(before: TransactionLegs | null, after: TransactionLegs | null): Effects {
  const effects = noEffects();
  if (before) effectsOf(before, -1, effects);
  if (after) effectsOf(after, 1, effects);
  for (const map of [effects.accounts, effects.cards]) {
    for (const [id, cents] of map) if (cents === 0) map.delete(id);
  }
  return effects;
}
