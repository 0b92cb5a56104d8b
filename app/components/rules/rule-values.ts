import type { z } from "zod";
import type { Language } from "~/lib/i18n";
import { parseTypedAmount, type TypedRefusal } from "~/lib/typed-amount";
import { numberFormat } from "../../../worker/i18n/formats";
import type { ruleResponseSchema } from "../../../worker/rules/rules.responses";
import { defaultRuleSources, type RuleSource } from "../../../worker/rules/rule-sources";

/**
 * A rule as its dialog edits it — every field text as typed, amounts in the page's language — and the
 * API's body made from it (README: "Rules"). Pure, so the node tests read the same conversions.
 */

export type RuleResponse = z.infer<typeof ruleResponseSchema>;
export type RuleConditionField = "description" | "payee" | "amount" | "type" | "place";

export type ConditionValues = { field: RuleConditionField; operator: string; value: string; max: string };
export type SplitPartValues = { tagIds: string[]; share: string };
export type RuleValues = {
  name: string;
  conditions: ConditionValues[];
  sources: RuleSource[];
  tagIds: string[];
  payee: string;
  description: string;
  note: string;
  /** null: no split; else every part but the last takes a percentage or an amount, the last the rest. */
  split: { by: "percent" | "amount"; parts: SplitPartValues[] } | null;
};

/** Where a rule runs, as the dialog offers and the list names them: money from outside first, what people type last. */
export const sourceOrder: readonly RuleSource[] = ["imported", "assistant", "bank", "typed"];

/** Each field's operators, the first the one a new condition starts with. */
export const operatorsOf: Record<RuleConditionField, readonly string[]> = {
  description: ["contains", "starts_with", "equals"],
  payee: ["contains", "starts_with", "equals"],
  amount: ["equals", "between"],
  type: ["is"],
  place: ["is"],
};

export const conditionFor = (field: RuleConditionField, value = ""): ConditionValues => ({
  field,
  operator: operatorsOf[field][0]!,
  value: field === "type" && value === "" ? "expense" : value,
  max: "",
});

export const emptyRuleValues = (): RuleValues => ({
  name: "",
  conditions: [conditionFor("description")],
  sources: [...defaultRuleSources],
  tagIds: [],
  payee: "",
  description: "",
  note: "",
  split: null,
});

// Words a bank puts before the one that says who: "PIX ENVIADO Maria", "COMPRA CARTAO Padaria".
const statementNoise = new Set(
  "pix ted doc pag pagto pagamento compra cartao debito credito deb cred transf transferencia enviado enviada recebido recebida de da do dos das em no na int elo visa master".split(
    " ",
  ),
);

/**
 * The first meaningful words of a statement line, as they are written in it, so "contains" finds them
 * again: "UBER *TRIP 8F2K" → "UBER", "PIX ENVIADO Maria Silva 123" → "Maria Silva". At most two words,
 * next to each other; codes (anything with a digit) and the bank's own words are passed over.
 */
export function meaningfulWordsOf(description: string): string {
  const words = [...description.matchAll(/[\p{L}\p{N}]+/gu)];
  const isMeaningful = (word: string) =>
    word.length >= 2 &&
    !/\d/.test(word) &&
    !statementNoise.has(word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
  const first = words.findIndex((match) => isMeaningful(match[0]));
  if (first === -1) return description.trim().slice(0, 100);
  const start = words[first]!.index!;
  let end = start + words[first]![0].length;
  const next = words[first + 1];
  if (next && isMeaningful(next[0]) && description.slice(end, next.index) === " ") end = next.index! + next[0].length;
  return description.slice(start, end);
}

/** A new rule for a statement line: its first meaningful words, on imported statements, named after them. */
export function ruleValuesFromLine(description: string): RuleValues {
  const words = meaningfulWordsOf(description);
  return { ...emptyRuleValues(), name: words, conditions: [conditionFor("description", words)], sources: ["imported"] };
}

const amountTyped = (decimal: string, language: Language) =>
  numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(decimal as `${number}`);

const percentTyped = (percent: number, language: Language) =>
  numberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(percent);

/** A saved rule as its dialog starts: amounts and percentages written the page's way. */
export function ruleValuesOf(rule: RuleResponse, language: Language): RuleValues {
  const split = rule.actions.split;
  const by = split?.parts[0]?.amount !== undefined ? "amount" : "percent";
  return {
    name: rule.name,
    conditions: rule.conditions.map((condition) => ({
      field: condition.field,
      operator: condition.operator,
      value: condition.field === "amount" ? amountTyped(condition.value, language) : condition.value,
      max: condition.field === "amount" && condition.max ? amountTyped(condition.max, language) : "",
    })),
    sources: rule.sources,
    tagIds: rule.actions.set_tags ?? [],
    payee: rule.actions.set_payee ?? "",
    description: rule.actions.set_description ?? "",
    note: rule.actions.add_note ?? "",
    split: split
      ? {
          by,
          parts: split.parts.map((part) => ({
            tagIds: part.tag_ids,
            share:
              part.amount !== undefined
                ? amountTyped(part.amount, language)
                : part.percent !== undefined
                  ? percentTyped(part.percent, language)
                  : "",
          })),
        }
      : null,
  };
}

/** What the page's language could not read, by the field the server would name. */
export type TypedRefusals = Record<string, { kind: "amount"; reason: TypedRefusal } | { kind: "percent" }>;

type RuleBody = {
  name: string;
  conditions: Array<Record<string, string>>;
  sources: RuleSource[];
  actions: Record<string, unknown>;
};

/** The API's body for a rule, or the typed amounts and percentages the page's language cannot read. */
export function ruleBodyOf(
  values: RuleValues,
  language: Language,
): { ok: true; body: RuleBody } | { ok: false; refusals: TypedRefusals } {
  const refusals: TypedRefusals = {};
  const amount = (typed: string, field: string) => {
    const read = parseTypedAmount(typed, language);
    if (read.ok) return read.text;
    refusals[field] = { kind: "amount", reason: read.reason };
    return "";
  };
  const conditions = values.conditions.map((condition, index): Record<string, string> => {
    if (condition.field !== "amount")
      return { field: condition.field, operator: condition.operator, value: condition.value.trim() };
    const value = amount(condition.value, `conditions.${index}.value`);
    if (condition.operator !== "between") return { field: "amount", operator: "equals", value };
    return { field: "amount", operator: "between", value, max: amount(condition.max, `conditions.${index}.max`) };
  });
  const split = values.split;
  const parts = split?.parts.map((part, index) => {
    if (index === split.parts.length - 1) return { tag_ids: part.tagIds };
    const field = `actions.split.parts.${index}.${split.by}`;
    if (split.by === "amount") return { tag_ids: part.tagIds, amount: amount(part.share, field) };
    const percent = language === "pt-BR" ? part.share.trim().replace(",", ".") : part.share.trim();
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent)) refusals[field] = { kind: "percent" };
    return { tag_ids: part.tagIds, percent };
  });
  if (Object.keys(refusals).length > 0) return { ok: false, refusals };
  const text = (typed: string) => typed.trim() || undefined;
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      conditions,
      sources: values.sources,
      actions: {
        set_tags: split || values.tagIds.length === 0 ? undefined : values.tagIds,
        set_payee: text(values.payee),
        set_description: text(values.description),
        add_note: text(values.note),
        split: parts ? { parts } : undefined,
      },
    },
  };
}
