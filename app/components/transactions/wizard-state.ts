/**
 * The transaction wizard's rules (SPEC §4 Transaction wizard, §5 Transaction) as pure functions
 * of its values, so the dialog only renders them. Legs are "account:{uuid}" or "card:{uuid}",
 * the API's second payload form. The amount and rate stay as typed and are read in the page's
 * language (app/lib/typed-amount.ts) into integer units, never floats.
 */
import { formatAmountInput, formatRateInput } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { parseTypedAmount, parseTypedRate } from "~/lib/typed-amount";
import { convertCents, decimalToUnits } from "../../../worker/ledger/money";
import type { AccountOption, CardOption, LedgerOptions, Transaction, TransactionKind } from "./types";

export type WizardStep = 1 | 2 | 3;
export type WizardValues = {
  kind: TransactionKind | null;
  origin: string;
  destination: string;
  amount: string;
  description: string;
  date: string;
  rate: string;
  tagIds: string[];
};

export type ResolvedLeg =
  | { type: "account"; uuid: string; currency: string; accountId: string; account: AccountOption }
  | { type: "card"; uuid: string; currency: string; accountId: string; card: CardOption };

export const legValue = (type: "account" | "card", uuid: string) => `${type}:${uuid}`;

export function resolveLeg(value: string, options: Pick<LedgerOptions, "accounts" | "cards">): ResolvedLeg | null {
  const [type, uuid] = value.split(":");
  if (type === "account") {
    const account = options.accounts.find((item) => item.uuid === uuid);
    return account ? { type, uuid: account.uuid, currency: account.currency, accountId: account.uuid, account } : null;
  }
  if (type === "card") {
    const card = options.cards.find((item) => item.uuid === uuid);
    return card ? { type, uuid: card.uuid, currency: card.currency, accountId: card.account.uuid, card } : null;
  }
  return null;
}

export function emptyValues(today: string): WizardValues {
  return { kind: null, origin: "", destination: "", amount: "", description: "", date: today, rate: "", tagIds: [] };
}

/** SPEC §4: editing pre-fills everything, amounts as the page's language writes them; the kind is the row's, else inferred from its legs. */
export function valuesFromTransaction(transaction: Transaction, language: Language): WizardValues {
  const leg = (side: Transaction["origin"]) => (side.type !== "external" && side.uuid ? legValue(side.type, side.uuid) : "");
  const origin = leg(transaction.origin);
  const destination = leg(transaction.destination);
  const inferred: TransactionKind = origin && destination ? "transfer" : origin ? "expense" : "income";
  return {
    kind: transaction.type ?? inferred,
    origin,
    destination,
    amount: formatAmountInput(transaction.amount_cents, language),
    description: transaction.description,
    date: transaction.date,
    rate: transaction.currency_conversion ? formatRateInput(decimalToUnits(transaction.currency_conversion, 6) ?? 0, language) : "",
    tagIds: transaction.tags.map((tag) => tag.uuid),
  };
}

/** Changing the kind starts the legs over; a card payment's card must belong to its account. */
export function withKind(values: WizardValues, kind: TransactionKind): WizardValues {
  return values.kind === kind ? values : { ...values, kind, origin: "", destination: "", rate: "" };
}

export function withOrigin(values: WizardValues, origin: string, options: LedgerOptions): WizardValues {
  const next = { ...values, origin };
  if (values.kind === "pay_credit_card" && values.destination) {
    const card = resolveLeg(values.destination, options);
    if (!card || card.accountId !== origin.split(":")[1]) next.destination = "";
  }
  return next;
}

/** The currency on each side: income counts in the destination's, everything else in the origin's. */
export function currenciesOf(values: WizardValues, options: LedgerOptions, workspaceCurrency: string) {
  const origin = resolveLeg(values.origin, options);
  const destination = resolveLeg(values.destination, options);
  const currency = (values.kind === "income" ? destination?.currency : origin?.currency) ?? workspaceCurrency;
  const destinationCurrency = values.kind === "income" || values.kind === "expense" ? currency : (destination?.currency ?? currency);
  return { currency, destinationCurrency, isCrossCurrency: currency !== destinationCurrency };
}

/** Two legs are the same place when they are the same card, or move the same account's balance. */
function isSamePlace(origin: ResolvedLeg, destination: ResolvedLeg): boolean {
  if (origin.type === "card" && destination.type === "card") return origin.uuid === destination.uuid;
  const accountOf = (leg: ResolvedLeg) => (leg.type === "account" ? leg.uuid : leg.card.mode === "debit" ? leg.accountId : null);
  const [a, b] = [accountOf(origin), accountOf(destination)];
  return a !== null && a === b;
}

export type LegProblem = "sameLegs" | null;

export function legsProblem(values: WizardValues, options: LedgerOptions): LegProblem {
  if (values.kind !== "transfer") return null;
  const origin = resolveLeg(values.origin, options);
  const destination = resolveLeg(values.destination, options);
  return origin && destination && isSamePlace(origin, destination) ? "sameLegs" : null;
}

/** The typed amount (in the side's currency) and rate, read in the page's language. */
export function typedNumbersOf(values: WizardValues, language: Language, currency: string) {
  return { amount: parseTypedAmount(values.amount, language, { currency }), rate: parseTypedRate(values.rate, language) };
}

export function isStepValid(step: WizardStep, values: WizardValues, options: LedgerOptions, workspaceCurrency: string, language: Language): boolean {
  if (step === 1) return values.kind !== null;
  const origin = resolveLeg(values.origin, options);
  const destination = resolveLeg(values.destination, options);
  if (step === 2) {
    switch (values.kind) {
      case "income":
        return destination !== null;
      case "expense":
        return origin !== null;
      case "transfer":
        return origin !== null && destination !== null && legsProblem(values, options) === null;
      case "pay_credit_card":
        return origin?.type === "account" && destination?.type === "card" && destination.accountId === origin.uuid;
      default:
        return false;
    }
  }
  const { currency, isCrossCurrency } = currenciesOf(values, options, workspaceCurrency);
  const typed = typedNumbersOf(values, language, currency);
  return typed.amount.ok && (!isCrossCurrency || typed.rate.ok) && values.description.trim().length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(values.date);
}

/** Leaves and arrives in cents, when the amount and the rate read as typed. */
export function conversionPreview(values: WizardValues, language: Language, currency: string): { leavesCents: number; arrivesCents: number } | null {
  const typed = typedNumbersOf(values, language, currency);
  if (!typed.amount.ok || !typed.rate.ok) return null;
  return { leavesCents: typed.amount.units, arrivesCents: convertCents(typed.amount.units, typed.rate.units) };
}

/** The form the route action reads (the API's second payload form, field by field; amounts as typed). */
export function toFormData(values: WizardValues, isCrossCurrency: boolean, transactionId?: string): FormData {
  const form = new FormData();
  form.set("intent", transactionId ? "update" : "create");
  if (transactionId) form.set("id", transactionId);
  form.set("type", values.kind ?? "");
  form.set("amount", values.amount.trim());
  form.set("description", values.description);
  form.set("date", values.date);
  if (values.origin) form.set("origin_id", values.origin);
  if (values.destination) form.set("destination_id", values.destination);
  if (isCrossCurrency) form.set("currency_conversion", values.rate.trim());
  for (const tagId of values.tagIds) form.append("tag_ids", tagId);
  form.set("has_tags", "1");
  return form;
}

/** Which step shows a server field error, so the wizard can go back to it. */
export function stepOfField(field: string): WizardStep {
  if (field === "type") return 1;
  return field === "origin" || field === "destination" ? 2 : 3;
}

/** "-12.30" → -1230; the API's balances may be negative. */
export function signedCents(decimal: string | null): number | null {
  if (decimal === null) return null;
  const isNegative = decimal.startsWith("-");
  const cents = decimalToUnits(isNegative ? decimal.slice(1) : decimal, 2);
  return cents === null ? null : isNegative ? -cents : cents;
}

export const isActiveAccount = (account: AccountOption) => account.is_active;
export const isActiveCard = (card: CardOption) => card.is_active;
