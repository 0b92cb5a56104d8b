import type { accounts, cards, CardMode, LedgerCurrency, TransactionKind } from "../../db/schema/index.ts";
import { AppError, type FieldErrors } from "../http/errors.ts";
import { amountMessages, convertCents, maxAmountCents } from "../ledger/money.ts";
import type { TransactionLegs } from "../ledger/effects.ts";
import type { LegRef, TransactionInput } from "./transactions.schemas.ts";

type AccountRow = typeof accounts.$inferSelect;
type CardRow = typeof cards.$inferSelect;
export type CardWithAccount = { card: CardRow; account: AccountRow };

/** One side of a transaction, resolved against the workspace's accounts and cards. */
type Leg = { accountId: string | null; cardId: string | null; cardMode: CardMode | null; currency: LedgerCurrency; isActive: boolean; ref: LegRef };

export type Lookup = { accounts: Map<string, AccountRow>; cards: Map<string, CardWithAccount> };

/** The row columns a valid input produces: kind, legs, amounts in both currencies. */
export type ResolvedTransaction = TransactionLegs & {
  kind: TransactionKind;
  currency: LedgerCurrency;
  destinationCurrency: LedgerCurrency;
  conversionRateMicros: number | null;
};

function invalid(fieldErrors: FieldErrors): AppError {
  return new AppError("VALIDATION_FAILED", "Some fields need your attention.", { fieldErrors });
}

export const cardMissingMessage = "Card not found in this workspace";

function resolveLeg(ref: LegRef | null | undefined, lookup: Lookup, field: string): Leg | null {
  if (!ref) return null;
  if (ref.type === "account") {
    const account = lookup.accounts.get(ref.id);
    if (!account) throw invalid({ [field]: ["Account not found in this workspace"] });
    return { accountId: account.id, cardId: null, cardMode: null, currency: account.currency, isActive: account.isActive, ref };
  }
  const found = lookup.cards.get(ref.id);
  if (!found) throw invalid({ [field]: [cardMissingMessage] });
  const { card, account } = found;
  const isCredit = card.mode === "credit";
  return {
    accountId: isCredit ? null : account.id,
    cardId: card.id,
    cardMode: card.mode,
    currency: account.currency,
    isActive: card.isActive && account.isActive,
    ref,
  };
}

/** A card payment sent without an origin (POST /cards/{id}/payment) is paid from the card's account. */
function cardsOwnAccount(destination: Leg | null, lookup: Lookup): Leg | null {
  const found = destination?.cardId ? lookup.cards.get(destination.cardId) : undefined;
  if (!found) return null;
  const { account } = found;
  return { accountId: account.id, cardId: null, cardMode: null, currency: account.currency, isActive: account.isActive, ref: { type: "account", id: account.id } };
}

/** SPEC §4: income comes from outside, an expense goes outside, a card payment pays a credit card of its account. */
function inferKind(origin: Leg | null, destination: Leg | null, lookup: Lookup): TransactionKind {
  if (origin && !destination) return "expense";
  if (destination && !origin) return "income";
  const card = destination?.cardId ? lookup.cards.get(destination.cardId) : undefined;
  const paysOwnCard = card && destination?.cardMode === "credit" && origin?.ref.type === "account" && card.card.accountId === origin.accountId;
  return paysOwnCard ? "pay_credit_card" : "transfer";
}

function checkKindRules(kind: TransactionKind, origin: Leg | null, destination: Leg | null, lookup: Lookup): void {
  const errors: FieldErrors = {};
  if ((kind === "expense" || kind === "transfer" || kind === "pay_credit_card") && !origin) errors.origin = ["Choose where the money comes from"];
  if ((kind === "income" || kind === "transfer" || kind === "pay_credit_card") && !destination) errors.destination = ["Choose where the money goes"];
  if (kind === "income" && origin) errors.origin = ["Income comes from outside the workspace: leave the origin empty"];
  if (kind === "expense" && destination) errors.destination = ["An expense leaves the workspace: leave the destination empty"];
  if (kind === "pay_credit_card" && origin && origin.ref.type !== "account") errors.origin = ["Pay a card from an account"];
  if (kind === "pay_credit_card" && destination) {
    const target = destination.cardId ? lookup.cards.get(destination.cardId) : undefined;
    if (!target || destination.cardMode !== "credit") errors.destination = ["Choose a credit card"];
    else if (origin && target.card.accountId !== origin.accountId) errors.destination = ["Choose a card of the selected account"];
  }
  if (kind === "transfer" && origin && destination) {
    const sameAccount = origin.accountId !== null && origin.accountId === destination.accountId;
    const sameCard = origin.cardId !== null && origin.cardId === destination.cardId;
    if (sameAccount || sameCard) errors.destination = ["Origin and destination must be different"];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * Turns validated input into the row's money columns, enforcing SPEC §4/§5: the kind's legs,
 * archived accounts and cards kept out of new entries, and a conversion rate exactly when the
 * two sides hold different currencies.
 */
export function resolveTransaction(input: TransactionInput, lookup: Lookup, previous: TransactionLegs | null): ResolvedTransaction {
  const destination = resolveLeg(input.destination, lookup, "destination");
  const origin = resolveLeg(input.origin, lookup, "origin") ?? (input.type === "pay_credit_card" ? cardsOwnAccount(destination, lookup) : null);
  const kind = input.type ?? inferKind(origin, destination, lookup);
  checkKindRules(kind, origin, destination, lookup);
  for (const [field, leg] of [["origin", origin], ["destination", destination]] as const) {
    const wasThere = previous && leg && (leg.cardId ? [previous.originCardId, previous.destinationCardId].includes(leg.cardId) : [previous.originAccountId, previous.destinationAccountId].includes(leg.accountId));
    if (leg && !leg.isActive && !wasThere) throw invalid({ [field]: ["This account or card is archived"] });
  }
  const currency = (kind === "income" ? destination : origin)!.currency;
  const destinationCurrency = destination?.currency ?? currency;
  const isCrossCurrency = currency !== destinationCurrency;
  if (isCrossCurrency && !input.currency_conversion) {
    throw invalid({ currency_conversion: ["Enter the conversion rate between the two currencies"] });
  }
  const rate = isCrossCurrency ? input.currency_conversion! : null;
  const arrivingCents = rate ? convertCents(input.amount, rate) : input.amount;
  if (arrivingCents < 1) throw invalid({ amount: ["The converted amount is less than one cent"] });
  if (arrivingCents > maxAmountCents) throw invalid({ amount: [amountMessages.convertedTooLarge] });
  return {
    kind,
    amountCents: input.amount,
    currency,
    destinationAmountCents: arrivingCents,
    destinationCurrency,
    conversionRateMicros: rate,
    originAccountId: origin?.accountId ?? null,
    originCardId: origin?.cardId ?? null,
    originCardMode: origin?.cardMode ?? null,
    destinationAccountId: destination?.accountId ?? null,
    destinationCardId: destination?.cardId ?? null,
    destinationCardMode: destination?.cardMode ?? null,
  };
}
