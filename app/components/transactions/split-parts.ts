/**
 * A split transaction in the wizard (README: "Split transactions"): an income or expense whose amount
 * is filed in parts, each with its own tags and note. Pure functions of the wizard's values, so the
 * details step only renders them. The amounts stay as typed and are read in the page's language
 * (app/lib/typed-amount.ts) into integer units: the remainder is counted in cents, never in floats.
 */
import { formatAmountInput } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { parseTypedAmount } from "~/lib/typed-amount";
import type { TransactionKind } from "../../../db/enums";
import type { WizardPart, WizardValues } from "./wizard-values";

/** The server takes 2 to 20 parts. */
export const minParts = 2;
export const maxParts = 20;

const emptyPart = (): WizardPart => ({ amount: "", tagIds: [], note: "" });

/** Only income and expenses are split: a transfer or a card payment files nothing under tags' spending. */
export const isSplittable = (kind: TransactionKind | null) => kind === "income" || kind === "expense";

/** Splitting: the first part takes the amount typed and the tags chosen, the second starts empty. */
export function withSplit(values: WizardValues): WizardValues {
  return { ...values, tagIds: [], parts: [{ amount: values.amount, tagIds: values.tagIds, note: "" }, emptyPart()] };
}

/** Back to one tag list, which keeps every part's tags. */
export function withoutSplit(values: WizardValues): WizardValues {
  const { parts, ...unsplit } = values;
  return { ...unsplit, tagIds: [...new Set([...values.tagIds, ...(parts ?? []).flatMap((part) => part.tagIds)])] };
}

export function withPartAdded(values: WizardValues): WizardValues {
  const parts = values.parts ?? [];
  return parts.length < maxParts ? { ...values, parts: [...parts, emptyPart()] } : values;
}

/** A split keeps at least two parts: "Remove split" is how it goes back to one. */
export function withPartRemoved(values: WizardValues, index: number): WizardValues {
  const parts = values.parts ?? [];
  return parts.length > minParts ? { ...values, parts: parts.filter((_, at) => at !== index) } : values;
}

export function withPartChanged(values: WizardValues, index: number, change: Partial<WizardPart>): WizardValues {
  return { ...values, parts: values.parts?.map((part, at) => (at === index ? { ...part, ...change } : part)) };
}

/** What the parts leave of the amount, in minor units: > 0 left to assign, < 0 over; null while the amount does not read. */
export function splitRemainder(values: WizardValues, language: Language, currency: string): number | null {
  const total = parseTypedAmount(values.amount, language, { currency });
  if (!total.ok || !values.parts) return null;
  return values.parts.reduce((left, part) => {
    const typed = parseTypedAmount(part.amount, language, { currency });
    return typed.ok ? left - typed.units : left;
  }, total.units);
}

/** The part offered the remainder: the first with no amount yet, else the last one. */
export function remainderPartOf(values: WizardValues): number {
  const parts = values.parts ?? [];
  const empty = parts.findIndex((part) => part.amount.trim() === "");
  return empty === -1 ? parts.length - 1 : empty;
}

/**
 * The remainder settled in the part offered it: its amount (none when it does not read) plus what
 * is left, or less what is over. Null when nothing is left or that would not be a positive amount.
 */
export function withRemainderFilled(values: WizardValues, language: Language, currency: string): WizardValues | null {
  const remainder = splitRemainder(values, language, currency);
  const index = remainderPartOf(values);
  const part = values.parts?.[index];
  if (!remainder || !part) return null;
  const typed = parseTypedAmount(part.amount, language, { currency });
  const units = (typed.ok ? typed.units : 0) + remainder;
  return units > 0 ? withPartChanged(values, index, { amount: formatAmountInput(units, currency, language) }) : null;
}

export type SplitProblem = "partAmounts" | "partTags";

/** What a split still lacks before it can be saved: every part an amount, together the whole; a tag on each part. */
export function splitProblems(values: WizardValues, language: Language, currency: string): SplitProblem[] {
  if (!values.parts) return [];
  const problems: SplitProblem[] = [];
  const everyPartReads = values.parts.every((part) => parseTypedAmount(part.amount, language, { currency }).ok);
  if (!everyPartReads || splitRemainder(values, language, currency) !== 0) problems.push("partAmounts");
  if (values.parts.some((part) => part.tagIds.length === 0)) problems.push("partTags");
  return problems;
}

/**
 * The parts as the server takes them, amounts as plain decimals; null for a transaction that is not
 * split (an edit then un-splits it, if it was). A part that does not read goes as typed, for the
 * server to refuse at its field.
 */
export function partsPayload(values: WizardValues, language: Language, currency: string) {
  if (!values.parts) return null;
  return values.parts.map((part) => {
    const typed = parseTypedAmount(part.amount, language, { currency });
    return { amount: typed.ok ? typed.text : part.amount, tag_ids: part.tagIds, note: part.note.trim() || null };
  });
}

/** Editing a split transaction starts from its parts, amounts as the page's language writes them. */
export function partsOfTransaction(
  parts: readonly { amount_cents: number; tag_ids: string[]; note: string | null }[] | null,
  currency: string,
  language: Language,
): WizardPart[] | undefined {
  return parts?.map((part) => ({
    amount: formatAmountInput(part.amount_cents, currency, language),
    tagIds: part.tag_ids,
    note: part.note ?? "",
  }));
}
