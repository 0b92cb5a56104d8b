import type { accounts, cards, CardMode, Currency, TransactionKind } from "../../db/schema/index.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { ErrorMessageKey, FieldMessages } from "../http/messages.ts";
import { amountBounds, amountMessages, maxAmountUnitsOf } from "../ledger/money.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { convertUnits } from "../currency/conversion.ts";
import type { TransactionLegs } from "../ledger/effects.ts";
import {
  balanceAccountOf,
  currenciesOf,
  inferKind,
  legProblems,
  type LegProblem,
  type LegSide,
  type RuleLeg,
} from "../ledger/rules/transaction-rules.ts";
import type { LegRef, TransactionInput } from "./transactions.schemas.ts";

type AccountRow = typeof accounts.$inferSelect;
type CardRow = typeof cards.$inferSelect;
export type CardWithAccount = { card: CardRow; account: AccountRow };

/** One side of a transaction, resolved against the workspace's accounts and cards: what the rules read, and the row's columns. */
type Leg = {
  rule: RuleLeg;
  accountId: string | null;
  cardId: string | null;
  cardMode: CardMode | null;
  isActive: boolean;
};

export type Lookup = { accounts: Map<string, AccountRow>; cards: Map<string, CardWithAccount> };

/** The accounts and cards a write read, by id. */
export function lookupOf(accountRows: readonly AccountRow[], cardRows: readonly CardWithAccount[]): Lookup {
  return {
    accounts: new Map(accountRows.map((account) => [account.id, account])),
    cards: new Map(cardRows.map((row) => [row.card.id, row])),
  };
}

/** The row columns a valid input produces: kind, legs, amounts in both currencies. */
export type ResolvedTransaction = TransactionLegs & {
  kind: TransactionKind;
  currency: Currency;
  destinationCurrency: Currency;
  conversionRateMicros: number | null;
};

export const cardMissingMessage = "errors:fields.cardMissing";

function resolveLeg(ref: LegRef | null | undefined, lookup: Lookup, field: string): Leg | null {
  if (!ref) return null;
  if (ref.type === "account") {
    const account = lookup.accounts.get(ref.id);
    if (!account) throw fieldError(field, "errors:fields.accountMissing");
    return accountLeg(account);
  }
  const found = lookup.cards.get(ref.id);
  if (!found) throw fieldError(field, cardMissingMessage);
  const { card, account } = found;
  const rule: RuleLeg = {
    type: "card",
    id: card.id,
    accountId: account.id,
    mode: card.mode,
    currency: account.currency,
  };
  return {
    rule,
    accountId: balanceAccountOf(rule),
    cardId: card.id,
    cardMode: card.mode,
    isActive: card.isActive && account.isActive,
  };
}

function accountLeg(account: AccountRow): Leg {
  return {
    rule: { type: "account", id: account.id, currency: account.currency },
    accountId: account.id,
    cardId: null,
    cardMode: null,
    isActive: account.isActive,
  };
}

/** The currency a leg holds: an account's, or a card's account's (a field error when it is not in the workspace). */
export function currencyOfLeg(ref: LegRef, lookup: Lookup, field: string): Currency {
  return resolveLeg(ref, lookup, field)!.rule.currency;
}

/** A card payment sent without an origin (POST /cards/{id}/payment) is paid from the card's account. */
function cardsOwnAccount(destination: Leg | null, lookup: Lookup): Leg | null {
  const found = destination?.cardId ? lookup.cards.get(destination.cardId) : undefined;
  return found ? accountLeg(found.account) : null;
}

/** The service's words for the rules' problems (ledger/rules/transaction-rules.ts); the wizard has its own. */
function legMessage(side: LegSide, problem: LegProblem): ErrorMessageKey {
  switch (problem) {
    case "required":
      return side === "origin" ? "errors:fields.originRequired" : "errors:fields.destinationRequired";
    case "forbidden":
      return side === "origin" ? "errors:fields.originForbidden" : "errors:fields.destinationForbidden";
    case "accountRequired":
      return "errors:fields.payFromAccount";
    case "creditCardRequired":
      return "errors:fields.creditCardRequired";
    case "cardOfAnotherAccount":
      return "errors:fields.cardOfAccount";
    case "sameLegs":
      return "errors:fields.mustDiffer";
  }
}

function checkKindRules(kind: TransactionKind, origin: RuleLeg | null, destination: RuleLeg | null): void {
  const problems = legProblems(kind, origin, destination);
  const errors: FieldMessages = {};
  for (const side of ["origin", "destination"] as const) {
    const problem = problems[side];
    if (problem) errors[side] = [{ key: legMessage(side, problem) }];
  }
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION_FAILED", undefined, { fieldErrors: errors });
}

/**
 * Turns validated input into the row's money columns, enforcing docs/product.md#transactions: the kind's legs,
 * archived accounts and cards kept out of new entries, and a conversion rate exactly when the
 * two sides hold different currencies. `amountIs` says what `input.amount` counts: "typed" —
 * hundredths, as the API's schemas read it, turned here into the origin currency's minor units
 * (¥10.50 refused); "units" — minor units already (a template's kept amount, a computed installment).
 */
export function resolveTransaction(
  input: TransactionInput,
  lookup: Lookup,
  previous: TransactionLegs | null,
  amountIs: "typed" | "units",
): ResolvedTransaction {
  const destination = resolveLeg(input.destination, lookup, "destination");
  const origin =
    resolveLeg(input.origin, lookup, "origin") ??
    (input.type === "pay_credit_card" ? cardsOwnAccount(destination, lookup) : null);
  const [originRule, destinationRule] = [origin?.rule ?? null, destination?.rule ?? null];
  const kind = input.type ?? inferKind(originRule, destinationRule);
  checkKindRules(kind, originRule, destinationRule);
  for (const [field, leg] of [
    ["origin", origin],
    ["destination", destination],
  ] as const) {
    const wasThere =
      previous &&
      leg &&
      (leg.cardId
        ? [previous.originCardId, previous.destinationCardId].includes(leg.cardId)
        : [previous.originAccountId, previous.destinationAccountId].includes(leg.accountId));
    if (leg && !leg.isActive && !wasThere) throw fieldError(field, "errors:fields.legArchived");
  }
  // The kind's checks above made sure the side that decides the currency is there.
  const { currency, destinationCurrency, needsRate } = currenciesOf(kind, originRule, destinationRule)!;
  if (needsRate && !input.currency_conversion) {
    throw fieldError("currency_conversion", "errors:fields.rateRequired");
  }
  const rate = needsRate ? input.currency_conversion! : null;
  const amountUnits = amountIs === "typed" ? unitsIn(input.amount, currency, "amount") : input.amount;
  const arrivingUnits = rate ? Number(convertUnits(amountUnits, currency, destinationCurrency, rate)) : amountUnits;
  if (arrivingUnits < 1) throw fieldError("amount", "errors:fields.underOneCent");
  if (arrivingUnits > maxAmountUnitsOf(destinationCurrency))
    throw fieldError("amount", amountMessages.convertedTooLarge, { values: amountBounds.amount });
  return {
    kind,
    amountCents: amountUnits,
    currency,
    destinationAmountCents: arrivingUnits,
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
