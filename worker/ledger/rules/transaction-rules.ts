/**
 * The transaction rules (docs/product.md#transactions), written once for the wizard
 * in the browser and the service on the server: which legs each kind needs and allows, a card
 * payment's card belonging to its account, a transfer between two different places, and the
 * currencies of both sides. Plain functions of plain values — no Drizzle, no server imports —
 * because the browser bundles this file. The callers turn a problem code into their words: the
 * service into its field messages, the wizard into a disabled "Next" or a translated hint.
 */
import type { CardMode, Currency, TransactionKind } from "../../../db/enums.ts";

export type LegSide = "origin" | "destination";

/** One side of a transaction, as both callers know it: an account, or a card with its account and mode. */
export type RuleLeg =
  | { type: "account"; id: string; currency: Currency }
  | { type: "card"; id: string; accountId: string; mode: CardMode; currency: Currency };

/** What a side of a kind takes: nothing (the outside world), any account or card, an account, a credit card. */
export type LegNeed = "none" | "any" | "account" | "creditCard";

/**
 * Income comes from outside, an expense goes outside, a transfer moves between two places of the
 * workspace, a card payment moves from an account to a credit card of that account.
 */
export const legsOfKind = {
  income: { origin: "none", destination: "any" },
  expense: { origin: "any", destination: "none" },
  transfer: { origin: "any", destination: "any" },
  pay_credit_card: { origin: "account", destination: "creditCard" },
} as const satisfies Record<TransactionKind, Record<LegSide, LegNeed>>;

export type LegProblem =
  | "required"
  | "forbidden"
  | "accountRequired"
  | "creditCardRequired"
  | "cardOfAnotherAccount"
  | "sameLegs";
export type LegProblems = Partial<Record<LegSide, LegProblem>>;

/** The account whose balance a leg moves; a card in credit mode moves its own debt instead (null). */
export function balanceAccountOf(leg: RuleLeg): string | null {
  if (leg.type === "account") return leg.id;
  return leg.mode === "debit" ? leg.accountId : null;
}

export const isCreditCard = (leg: RuleLeg | null) => leg?.type === "card" && leg.mode === "credit";

/** A card payment's card must be one the chosen account pays. */
export function isCardOfAccount(card: RuleLeg, account: RuleLeg): boolean {
  return card.type === "card" && account.type === "account" && card.accountId === account.id;
}

/** Two legs are the same place when they are the same card, or move the same account's balance. */
export function isSamePlace(origin: RuleLeg, destination: RuleLeg): boolean {
  if (origin.type === "card" && destination.type === "card" && origin.id === destination.id) return true;
  const account = balanceAccountOf(origin);
  return account !== null && account === balanceAccountOf(destination);
}

function sideProblem(need: LegNeed, leg: RuleLeg | null): LegProblem | null {
  if (need === "none") return leg ? "forbidden" : null;
  if (!leg) return "required";
  if (need === "account" && leg.type !== "account") return "accountRequired";
  if (need === "creditCard" && !isCreditCard(leg)) return "creditCardRequired";
  return null;
}

/** What is wrong with the legs for the kind, per side; empty when they fit. */
export function legProblems(kind: TransactionKind, origin: RuleLeg | null, destination: RuleLeg | null): LegProblems {
  const needs = legsOfKind[kind];
  const problems: LegProblems = {};
  const originProblem = sideProblem(needs.origin, origin);
  const destinationProblem = sideProblem(needs.destination, destination);
  if (originProblem) problems.origin = originProblem;
  if (destinationProblem) problems.destination = destinationProblem;
  else if (
    kind === "pay_credit_card" &&
    origin?.type === "account" &&
    destination &&
    !isCardOfAccount(destination, origin)
  )
    problems.destination = "cardOfAnotherAccount";
  else if (kind === "transfer" && origin && destination && isSamePlace(origin, destination))
    problems.destination = "sameLegs";
  return problems;
}

export const hasLegProblems = (problems: LegProblems) => Object.keys(problems).length > 0;

/**
 * The kind of a transaction sent without one (the API's first payload form): income or an expense
 * when one side is outside, a card payment when an account pays one of its credit cards, else a
 * transfer — also with no leg at all, so the checks then ask for both.
 */
export function inferKind(origin: RuleLeg | null, destination: RuleLeg | null): TransactionKind {
  if (origin && !destination) return "expense";
  if (destination && !origin) return "income";
  const paysOwnCard = origin && destination && isCreditCard(destination) && isCardOfAccount(destination, origin);
  return paysOwnCard ? "pay_credit_card" : "transfer";
}

export type TransactionCurrencies = { currency: Currency; destinationCurrency: Currency; needsRate: boolean };

/**
 * A transaction's currency is never chosen — it is the chosen account's or card's. The
 * amount counts in the currency of the side it leaves (income: the side it arrives at), and arrives
 * in the destination's; when the two differ, the transaction needs a conversion rate. Null while
 * the side that decides is not chosen yet.
 */
export function currenciesOf(
  kind: TransactionKind,
  origin: RuleLeg | null,
  destination: RuleLeg | null,
): TransactionCurrencies | null {
  const currency = (kind === "income" ? destination : origin)?.currency;
  if (!currency) return null;
  const destinationCurrency = kind === "expense" ? currency : (destination?.currency ?? currency);
  return { currency, destinationCurrency, needsRate: currency !== destinationCurrency };
}
