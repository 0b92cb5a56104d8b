/**
 * The card rules (SPEC §4 Card form) written once, for the card form in the browser and the cards
 * schema on the server. Plain functions of plain values: the browser bundles this file.
 */
import type { CardMode, CardType } from "../../../db/enums.ts";

/** A debit card is always in debit mode, a credit card in credit mode; only a hybrid card chooses, credit unless it says debit. */
export function modeOfCard(type: CardType, chosenMode: CardMode | null | undefined): CardMode {
  return type === "hybrid" ? (chosenMode ?? "credit") : type;
}
