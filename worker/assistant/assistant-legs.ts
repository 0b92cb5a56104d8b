import type { userPreferences } from "../../db/schema/index.ts";
import type { ParsedTransaction } from "../bot/message-parser.ts";
import { normalisePhrase } from "../bot/message-text.ts";
import type { AssistantWorkspace } from "./assistant-reads.ts";
import type { ChosenLegs, LegOption } from "./conversation-state.ts";

export type Leg = LegOption & { currency: string; isCreditCard: boolean };
export type WrittenKind = "expense" | "income" | "transfer" | "pay_credit_card";

/** Where a message's money moves, or the one question (or problem) that stands in the way. */
export type LegsFound =
  | { status: "found"; kind: WrittenKind; origin: Leg | null; destination: Leg | null }
  | {
      status: "ask";
      side: "account" | "toAccount";
      question: "chooseAccount" | "chooseCard" | "sameName";
      options: Leg[];
    }
  | { status: "problem"; problem: "noAccounts" | "noCards" | "installmentsNeedCard" | "transferNeedsAccounts" };

type Preferences = Pick<
  typeof userPreferences.$inferSelect,
  "defaultAccountId" | "defaultCardId" | "defaultCurrency"
> | null;

export function legsOf(workspace: AssistantWorkspace): { accounts: Leg[]; cards: Leg[] } {
  return {
    accounts: workspace.accounts.map((account) => ({
      type: "account",
      id: account.id,
      name: account.name,
      currency: account.currency,
      isCreditCard: false,
    })),
    cards: workspace.cards.map((card) => ({
      type: "card",
      id: card.id,
      name: card.name,
      currency: card.currency,
      isCreditCard: card.mode === "credit",
    })),
  };
}

/**
 * The legs of a parsed transaction in the default workspace. Never a guess between two real
 * candidates: an account and a card of the same name, or "no cartão" with several cards and no
 * default card, is asked. Without a name, the default account (else the first in the default
 * currency, else the first) and the default card (else the only one) are used — that is what the
 * settings say.
 */
export function findLegs(
  parsed: ParsedTransaction,
  chosen: ChosenLegs,
  workspace: AssistantWorkspace,
  preferences: Preferences,
): LegsFound {
  const { accounts, cards } = legsOf(workspace);
  if (accounts.length === 0) return { status: "problem", problem: "noAccounts" };
  const everything = [...accounts, ...cards];
  const asLeg = (option: LegOption | undefined) =>
    option ? everything.find((leg) => leg.type === option.type && leg.id === option.id) : undefined;

  const defaultAccount = (): Leg =>
    accounts.find((account) => account.id === preferences?.defaultAccountId) ??
    accounts.find((account) => account.currency === preferences?.defaultCurrency) ??
    accounts[0]!;
  const creditCards = cards.filter((card) => card.isCreditCard);
  const defaultCard = (onlyCredit: boolean): Leg | LegsFound => {
    const candidates = onlyCredit ? creditCards : cards;
    const preferred = candidates.find((card) => card.id === preferences?.defaultCardId);
    if (preferred) return preferred;
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length === 0) return { status: "problem", problem: "noCards" };
    return { status: "ask", side: "account", question: "chooseCard", options: candidates };
  };
  /** A leg by what the message said: a role, a name, or nothing. */
  const find = (said: string | null, side: "account" | "toAccount", wantsCard: boolean): Leg | LegsFound => {
    const picked = asLeg(chosen[side]);
    if (picked) return picked;
    if (said === "card" || (said === null && wantsCard)) return defaultCard(wantsCard);
    if (said === null || said === "debit" || said === "pix") return defaultAccount();
    const wanted = normalisePhrase(said);
    const named = everything.filter((leg) => normalisePhrase(leg.name) === wanted);
    if (named.length === 1) return named[0]!;
    if (named.length > 1) return { status: "ask", side, question: "sameName", options: named };
    return { status: "ask", side, question: "chooseAccount", options: everything };
  };
  const isLeg = (found: Leg | LegsFound): found is Leg => !("status" in found);

  if (parsed.kind === "transfer") {
    const origin = find(parsed.account, "account", false);
    if (!isLeg(origin)) return origin;
    const destination = find(parsed.toAccount, "toAccount", false);
    if (!isLeg(destination)) return destination;
    if (origin.type === "card") return { status: "problem", problem: "transferNeedsAccounts" };
    return {
      status: "found",
      kind: destination.type === "card" ? "pay_credit_card" : "transfer",
      origin,
      destination,
    };
  }
  const wantsCard = parsed.kind === "expense" && parsed.installments !== null;
  const leg = find(parsed.account, "account", wantsCard);
  if (!isLeg(leg)) return leg;
  if (wantsCard && !leg.isCreditCard) return { status: "problem", problem: "installmentsNeedCard" };
  return parsed.kind === "income"
    ? { status: "found", kind: "income", origin: null, destination: leg }
    : { status: "found", kind: "expense", origin: leg, destination: null };
}
