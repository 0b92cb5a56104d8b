/**
 * The transaction wizard's state (docs/product.md#transactions) as pure functions of its values, so
 * the dialog only renders them; the rules themselves are the service's (ledger/rules/transaction-rules.ts).
 * Legs are "account:{uuid}" or "card:{uuid}", the API's second payload form. The amount and rate stay as typed and are read in the page's
 * language (app/lib/typed-amount.ts) into integer units, never floats.
 */
import { formatAmountInput, formatRateInput } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { parseTypedAmount, parseTypedRate } from "~/lib/typed-amount";
import type { TransactionKind } from "../../../db/enums";
import { convertUnits } from "../../../worker/currency/conversion";
import { decimalToUnits } from "../../../worker/ledger/amounts";
import {
  currenciesOf as currenciesOfLegs,
  hasLegProblems,
  isCardOfAccount,
  legProblems,
  type LegProblems,
  type RuleLeg,
} from "../../../worker/ledger/rules/transaction-rules";
import {
  isSplittable,
  partsOfTransaction,
  partsPayload,
  splitProblems,
  type SplitProblem,
  withoutSplit,
} from "./split-parts";
import type { AccountOption, CardOption, LedgerOptions, Transaction } from "./types";
import { emptyValues, legValue, type WizardValues } from "./wizard-values";

export type { WizardValues };
/** 1 kind, 2 legs, 3 details; a recurring item's 4th step is its recurrence. */
export type WizardStep = 1 | 2 | 3 | 4;

export { legValue };

/** A chosen leg as the rules read it, found among the options; null when nothing (or nothing known) is chosen. */
export function resolveLeg(value: string, options: Pick<LedgerOptions, "accounts" | "cards">): RuleLeg | null {
  const [type, uuid] = value.split(":");
  if (type === "account") {
    const account = options.accounts.find((item) => item.uuid === uuid);
    return account ? { type, id: account.uuid, currency: account.currency } : null;
  }
  if (type === "card") {
    const card = options.cards.find((item) => item.uuid === uuid);
    return card
      ? { type, id: card.uuid, accountId: card.account.uuid, mode: card.mode, currency: card.currency }
      : null;
  }
  return null;
}

export { emptyValues };

/** Editing pre-fills everything, amounts as the page's language writes them; a split's tags are its parts'. */
export function valuesFromTransaction(transaction: Transaction, language: Language): WizardValues {
  const leg = (side: Transaction["origin"]) =>
    side.type !== "external" && side.uuid ? legValue(side.type, side.uuid) : "";
  return {
    kind: transaction.type,
    origin: leg(transaction.origin),
    destination: leg(transaction.destination),
    amount: formatAmountInput(transaction.amount_cents, transaction.currency, language),
    description: transaction.description,
    notes: transaction.note ?? "",
    payee: transaction.payee?.name ?? "",
    date: transaction.date,
    rate: transaction.currency_conversion
      ? formatRateInput(decimalToUnits(transaction.currency_conversion, 6) ?? 0, language)
      : "",
    tagIds: transaction.parts ? [] : transaction.tags.map((tag) => tag.uuid),
    parts: partsOfTransaction(transaction.parts, transaction.currency, language),
  };
}

/** Changing the kind starts the legs over; a kind that is not split takes back the parts' tags. */
export function withKind(values: WizardValues, kind: TransactionKind): WizardValues {
  if (values.kind === kind) return values;
  const next = { ...values, kind, origin: "", destination: "", rate: "" };
  return values.parts && !isSplittable(kind) ? withoutSplit(next) : next;
}

/** A card payment's card must belong to its account: a new account lets go of another's card. */
export function withOrigin(values: WizardValues, origin: string, options: LedgerOptions): WizardValues {
  const next = { ...values, origin };
  if (values.kind === "pay_credit_card" && values.destination) {
    const [account, card] = [resolveLeg(origin, options), resolveLeg(values.destination, options)];
    if (!account || !card || !isCardOfAccount(card, account)) next.destination = "";
  }
  return next;
}

/** The currency on each side, the chosen legs'; the workspace's until the side that decides is chosen. */
export function currenciesOf(values: WizardValues, options: LedgerOptions, workspaceCurrency: string) {
  const origin = resolveLeg(values.origin, options);
  const destination = resolveLeg(values.destination, options);
  const sides = values.kind ? currenciesOfLegs(values.kind, origin, destination) : null;
  if (!sides) return { currency: workspaceCurrency, destinationCurrency: workspaceCurrency, isCrossCurrency: false };
  return { currency: sides.currency, destinationCurrency: sides.destinationCurrency, isCrossCurrency: sides.needsRate };
}

/** The kept rate of a pair as this page writes a rate ("5,3412"), with its day and source; null when none is kept. */
export function suggestedRateOf(options: LedgerOptions, from: string, to: string, language: Language) {
  const kept = options.rates?.find((rate) => rate.from === from && rate.to === to);
  const micros = kept ? decimalToUnits(kept.rate, 6) : null;
  return kept && micros ? { text: formatRateInput(micros, language), date: kept.rate_date, source: kept.source } : null;
}

/**
 * A transfer that comes to cross currencies starts from the kept rate of its pair. Only when the
 * pair changes, and only over a rate the person has not typed (empty, or the previous pair's
 * suggestion): their own rate, their bank's, always wins and is what is saved.
 */
export function withSuggestedRate(
  previous: WizardValues,
  next: WizardValues,
  options: LedgerOptions,
  workspaceCurrency: string,
  language: Language,
): WizardValues {
  const pairOf = (values: WizardValues) => {
    const sides = currenciesOf(values, options, workspaceCurrency);
    return sides.isCrossCurrency ? ([sides.currency, sides.destinationCurrency] as const) : null;
  };
  const [before, after] = [pairOf(previous), pairOf(next)];
  if (!after || (before && before[0] === after[0] && before[1] === after[1])) return next;
  const previousSuggestion = before ? suggestedRateOf(options, before[0], before[1], language) : null;
  if (next.rate !== "" && next.rate !== previousSuggestion?.text) return next;
  return { ...next, rate: suggestedRateOf(options, after[0], after[1], language)?.text ?? "" };
}

/** What the rules find wrong with the chosen legs for the kind; step 2 goes on only when nothing is. */
export function legProblemsOf(values: WizardValues, options: LedgerOptions): LegProblems {
  if (!values.kind) return {};
  return legProblems(values.kind, resolveLeg(values.origin, options), resolveLeg(values.destination, options));
}

/** The typed amount (in the side's currency) and rate, read in the page's language. */
export function typedNumbersOf(values: WizardValues, language: Language, currency: string) {
  return {
    amount: parseTypedAmount(values.amount, language, { currency }),
    rate: parseTypedRate(values.rate, language),
  };
}

export function isStepValid(
  step: WizardStep,
  values: WizardValues,
  options: LedgerOptions,
  workspaceCurrency: string,
  language: Language,
): boolean {
  if (values.kind === null) return false;
  if (step === 1) return true;
  if (step === 2) return !hasLegProblems(legProblemsOf(values, options));
  if (step === 4) return true;
  return missingDetails(values, options, workspaceCurrency, language).length === 0;
}

export type MissingDetail = "amount" | "rate" | "description" | "date" | SplitProblem;

/** What the details step still lacks before it can be saved, in the order the fields come. */
export function missingDetails(
  values: WizardValues,
  options: LedgerOptions,
  workspaceCurrency: string,
  language: Language,
): MissingDetail[] {
  const { currency, isCrossCurrency } = currenciesOf(values, options, workspaceCurrency);
  const typed = typedNumbersOf(values, language, currency);
  const missing: MissingDetail[] = [];
  if (!typed.amount.ok) missing.push("amount");
  if (isCrossCurrency && !typed.rate.ok) missing.push("rate");
  if (values.description.trim().length === 0) missing.push("description");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) missing.push("date");
  if (typed.amount.ok) missing.push(...splitProblems(values, language, currency));
  return missing;
}

/** Leaves and arrives in each side's minor units, when the amount and the rate read as typed. */
export function conversionPreview(
  values: WizardValues,
  language: Language,
  currencies: { from: string; to: string },
): { leavesCents: number; arrivesCents: number } | null {
  const typed = typedNumbersOf(values, language, currencies.from);
  if (!typed.amount.ok || !typed.rate.ok) return null;
  const arrives = convertUnits(typed.amount.units, currencies.from, currencies.to, typed.rate.units);
  return { leavesCents: typed.amount.units, arrivesCents: Number(arrives) };
}

/**
 * What was typed in a new card purchase's installments: null for at once (empty or 1); anything
 * else is sent as typed, and the server says why it is not a number of installments.
 */
export function typedInstallments(values: WizardValues): string | null {
  const typed = values.installments?.trim() ?? "";
  return typed === "" || /^0*1$/.test(typed) ? null : typed;
}

/**
 * Where the wizard's form goes: a planned item (its notes as `notes`), or a transaction, with its note
 * and its parts in the currency of its side (decimals as the page's language writes them).
 */
export type FormTarget =
  | { type: "planned"; itemId?: string }
  | { type: "transaction"; transactionId?: string; language: Language; currency: string };

export function toFormData(values: WizardValues, isCrossCurrency: boolean, target: FormTarget): FormData {
  const transactionId = target.type === "planned" ? target.itemId : target.transactionId;
  const form = new FormData();
  form.set("intent", transactionId ? "update" : "create");
  if (transactionId) form.set("id", transactionId);
  form.set("type", values.kind ?? "");
  form.set("amount", values.amount.trim());
  form.set("description", values.description);
  if (target.type === "planned" && values.notes.trim()) form.set("notes", values.notes.trim());
  form.set("date", values.date);
  if (values.origin) form.set("origin_id", values.origin);
  if (values.destination) form.set("destination_id", values.destination);
  if (isCrossCurrency) form.set("currency_conversion", values.rate.trim());
  for (const tagId of values.tagIds) form.append("tag_ids", tagId);
  form.set("has_tags", "1");
  if (target.type === "transaction") {
    // Always sent: an emptied note clears the one kept, and no parts un-split a split transaction.
    form.set("note", values.notes.trim());
    form.set("parts", JSON.stringify(partsPayload(values, target.language, target.currency)));
    // An edit always says (empty takes it off); a new one names a payee only when one is typed, so it may
    // otherwise take the payee its description is known as.
    const payee = values.kind === "income" || values.kind === "expense" ? (values.payee ?? "").trim() : "";
    if (transactionId || payee) form.set("payee", payee);
  }
  const installments = transactionId ? null : typedInstallments(values);
  if (installments !== null) {
    form.set("installments_count", installments);
    if (values.installmentRate?.trim()) form.set("interest_rate", values.installmentRate.trim());
  }
  return form;
}

/** Which step shows a server field error, so the wizard can go back to it; `lastStepFields` are a 4th step's. */
export function stepOfField(field: string, lastStepFields: readonly string[] = []): WizardStep {
  if (lastStepFields.includes(field)) return 4;
  if (field === "type") return 1;
  return field === "origin" || field === "destination" ? 2 : 3;
}

export const isActiveAccount = (account: AccountOption) => account.is_active;
export const isActiveCard = (card: CardOption) => card.is_active;
