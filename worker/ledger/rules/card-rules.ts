/**
 * The card rules (docs/product.md#cards-and-statements) written once, for the card form in the browser and the cards
 * schema on the server. Plain functions of plain values: the browser bundles this file.
 */
import type { CardMode, CardType } from "../../../db/enums.ts";

/** A debit card is always in debit mode, a credit card in credit mode; only a hybrid card chooses, credit unless it says debit. */
export function modeOfCard(type: CardType, chosenMode: CardMode | null | undefined): CardMode {
  return type === "hybrid" ? (chosenMode ?? "credit") : type;
}

/** "Melhor dia de compra": the day after closing, from which a purchase goes on the next statement. */
export const bestPurchaseDay = (billingDay: number) => (billingDay % 31) + 1;

/**
 * The due day that keeps "due 10 days after closing", the rule before cards had a due day: exact
 * in 30-day months and for billing days 1–18 in every month, elsewhere a day off at most (two
 * in February). Migration 0007 gave existing cards this day; a card saved without one gets it.
 */
export const dueDayTenDaysAfter = (billingDay: number) =>
  billingDay <= 20 ? billingDay + 10 : Math.min(billingDay, 30) - 20;
