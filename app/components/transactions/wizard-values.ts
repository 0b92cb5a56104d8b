/**
 * The wizard's values and the drafts pages open it with. Kept apart from wizard-state.ts, which
 * brings the typed-amount parser and the ledger rules, so a page that only fills in a draft (the
 * cards page's "Pay statement") does not load them before the wizard opens.
 */
import { formatAmountInput } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { TransactionKind } from "../../../db/enums";
import type { CardOption } from "./types";

export type WizardValues = {
  kind: TransactionKind | null;
  origin: string;
  destination: string;
  amount: string;
  description: string;
  /** A planned item's notes, a transaction's note. */
  notes: string;
  /** An income's or expense's payee, by name; empty for none (a new one may then take a learned one). */
  payee?: string;
  date: string;
  rate: string;
  /** The transaction's own tags; a split transaction's are its parts'. */
  tagIds: string[];
  /** An income or expense split in parts (./split-parts.ts); absent when it is not split. */
  parts?: WizardPart[];
  /** A new card purchase only: "parcelar em N vezes" (1 or empty: at once) and the rate a month. */
  installments?: string;
  installmentRate?: string;
};

/** One part of a split as typed: its amount (read like the transaction's), tags and note. */
export type WizardPart = { amount: string; tagIds: string[]; note: string };

export const legValue = (type: "account" | "card", uuid: string) => `${type}:${uuid}`;

export function emptyValues(today: string): WizardValues {
  return {
    kind: null,
    origin: "",
    destination: "",
    amount: "",
    description: "",
    notes: "",
    date: today,
    rate: "",
    tagIds: [],
  };
}

/** A card payment from the card's own account, filled in (a statement's remaining amount, say). */
export function cardPaymentValues(
  card: Pick<CardOption, "uuid" | "account" | "currency">,
  payment: { amountCents: number; description: string; date: string },
  language: Language,
): WizardValues {
  return {
    ...emptyValues(payment.date),
    kind: "pay_credit_card",
    origin: legValue("account", card.account.uuid),
    destination: legValue("card", card.uuid),
    amount: formatAmountInput(payment.amountCents, card.currency, language),
    description: payment.description,
  };
}
