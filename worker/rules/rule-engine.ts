import type { TransactionKind } from "../../db/enums.ts";
import { hundredthsToUnits, unitsToHundredths } from "../ledger/amounts.ts";
import type { RuleSource } from "./rule-sources.ts";
import type { RuleActions, RuleCondition } from "./rules.schemas.ts";

/**
 * Running rules on a line (README: "Rules"): plain code over plain values, the same wherever money enters
 * (an import's preview, the assistant, a bank's sync, a typed entry, "apply to existing"). Rules run in
 * their order; for each action — tags, payee, description, note, split — the first matching rule that has
 * it decides, and a paused rule does nothing. Text matches ignore letter case and accents. Rules are
 * compiled once per request, so a line costs a few string comparisons per rule.
 */

/** A rule as stored: its conditions (every one must hold, on lines from these sources) and actions. */
export type StoredRule = {
  id: string;
  name: string;
  paused: boolean;
  conditions: { sources: RuleSource[]; all: RuleCondition[] };
  actions: RuleActions;
};

/** What a rule reads of a line. */
export type RuleLine = {
  description: string;
  /** The payee's name the line already has, if any. */
  payee: string | null;
  amountUnits: number;
  currency: string;
  kind: TransactionKind;
  /** "account:{uuid}" or "card:{uuid}": where the money left (or, for income, arrived). */
  place: string | null;
  source: RuleSource;
};

/** A split's part as a rule makes it for a line: an amount in the line's minor units and its tags. */
export type RulePart = { amountUnits: number; tagIds: string[] };

/** What the rules decided for a line, and which rules decided it. */
export type RuleOutcome = {
  tagIds?: string[];
  payee?: string;
  description?: string;
  note?: string;
  parts?: RulePart[];
  ruleIds: string[];
};

const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

type Test = (line: RuleLine, texts: { description: string; payee: string }) => boolean;

function testOf(condition: RuleCondition): Test {
  switch (condition.field) {
    case "description":
    case "payee": {
      const value = folded(condition.value);
      const field = condition.field;
      if (condition.operator === "equals") return (_, texts) => texts[field] === value;
      if (condition.operator === "starts_with") return (_, texts) => texts[field].startsWith(value);
      return (_, texts) => texts[field].includes(value);
    }
    case "amount": {
      const least = condition.value;
      const most = condition.operator === "between" ? (condition.max ?? least) : least;
      return (line) => {
        const hundredths = unitsToHundredths(line.amountUnits, line.currency);
        return hundredths >= least && hundredths <= most;
      };
    }
    case "type":
      return (line) => line.kind === condition.value;
    case "place":
      return (line) => line.place === condition.value;
  }
}

type CompiledRule = { id: string; sources: ReadonlySet<RuleSource>; tests: Test[]; actions: RuleActions };

/** The workspace's rules ready to run: the paused ones left out, in their order. */
export function compileRules(rules: readonly StoredRule[]): CompiledRule[] {
  return rules
    .filter((rule) => !rule.paused)
    .map((rule) => ({
      id: rule.id,
      sources: new Set(rule.conditions.sources),
      tests: rule.conditions.all.map(testOf),
      actions: rule.actions,
    }));
}

/** A split's parts for an amount: each part's share, the last what is left; null when that leaves less than a cent. */
function partsFor(split: NonNullable<RuleActions["split"]>, amountUnits: number, currency: string): RulePart[] | null {
  const shared = split.parts.slice(0, -1);
  const shares: number[] = [];
  for (const part of shared) {
    const share =
      part.percent !== undefined
        ? Math.floor((amountUnits * part.percent) / 10_000)
        : hundredthsToUnits(part.amount!, currency);
    if (share === null || share < 1) return null;
    shares.push(share);
  }
  const left = amountUnits - shares.reduce((total, share) => total + share, 0);
  if (left < 1) return null;
  return split.parts.map((part, index) => ({ amountUnits: shares[index] ?? left, tagIds: part.tag_ids }));
}

/** What the rules decide for a line; null when none matched. */
export function outcomeOf(compiled: readonly CompiledRule[], line: RuleLine): RuleOutcome | null {
  const texts = { description: folded(line.description), payee: folded(line.payee ?? "") };
  const outcome: RuleOutcome = { ruleIds: [] };
  for (const rule of compiled) {
    if (!rule.sources.has(line.source) || !rule.tests.every((test) => test(line, texts))) continue;
    const { actions } = rule;
    let decided = false;
    const filed = outcome.tagIds !== undefined || outcome.parts !== undefined;
    if (actions.set_tags && !filed) {
      outcome.tagIds = actions.set_tags;
      decided = true;
    }
    if (actions.split && !filed) {
      const parts = partsFor(actions.split, line.amountUnits, line.currency);
      if (parts && (line.kind === "income" || line.kind === "expense")) {
        outcome.parts = parts;
        decided = true;
      }
    }
    if (actions.set_payee && outcome.payee === undefined) {
      outcome.payee = actions.set_payee;
      decided = true;
    }
    if (actions.set_description && outcome.description === undefined) {
      outcome.description = actions.set_description;
      decided = true;
    }
    if (actions.add_note && outcome.note === undefined) {
      outcome.note = actions.add_note;
      decided = true;
    }
    if (decided) outcome.ruleIds.push(rule.id);
  }
  return outcome.ruleIds.length > 0 ? outcome : null;
}
