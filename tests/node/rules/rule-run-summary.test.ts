import { describe, expect, it } from "vitest";
import {
  type RuleRun,
  type RuleRunChange,
  runChangeLines,
  runStatusSentences,
} from "~/components/rules/rule-run-summary";
import type { Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";

const transporte = "9b2f4c1e-0000-4000-8000-000000000001";
const food = "9b2f4c1e-0000-4000-8000-000000000002";

const run = (fields: Partial<RuleRun>): RuleRun => ({
  uuid: "9b2f4c1e-0000-4000-8000-0000000000ff",
  rule_id: null,
  status: "scanning",
  scanned: 0,
  matched: 0,
  applied: 0,
  skipped: 0,
  undone: 0,
  kept: 0,
  sample: [],
  ...fields,
});

const context = (language: Language) => {
  const i18n = serverI18n(language);
  return {
    t: (key: string, values?: Record<string, unknown>) => i18n.t(key, { lng: language, ...values }),
    language,
    tagNames: new Map([
      [transporte, "Transporte"],
      [food, "Food"],
    ]),
  };
};

const sentences = (language: Language, of: RuleRun, step: "scan" | "apply" | "undo" | null = null) =>
  runStatusSentences(of, step, context(language));

describe("where a run of rules over existing transactions stands", () => {
  it("counts the transactions looked through while scanning", () => {
    expect(sentences("en", run({ scanned: 4000 }), "scan")).toEqual([
      "Looking through your transactions… 4,000 so far",
    ]);
    expect(sentences("pt-BR", run({ scanned: 4000 }), "scan")).toEqual([
      "Procurando nas suas transações… 4.000 até agora",
    ]);
  });

  it("says how many would change, in each language's plural", () => {
    expect(sentences("en", run({ status: "ready", matched: 12 }))).toEqual(["12 transactions would change"]);
    expect(sentences("en", run({ status: "ready", matched: 1 }))).toEqual(["1 transaction would change"]);
    expect(sentences("pt-BR", run({ status: "ready", matched: 1 }))).toEqual(["1 transação mudaria"]);
    expect(sentences("pt-BR", run({ status: "ready", matched: 12 }))).toEqual(["12 transações mudariam"]);
    expect(sentences("en", run({ status: "ready", matched: 0 }))).toEqual(["Nothing would change"]);
  });

  it("says what was applied, and what was skipped because it changed meanwhile", () => {
    expect(sentences("en", run({ status: "applied", matched: 14, applied: 12, skipped: 2 }))).toEqual([
      "Applied to 12 transactions",
      "2 were skipped because they changed meanwhile",
    ]);
    expect(sentences("pt-BR", run({ status: "applied", matched: 1, applied: 1 }))).toEqual(["Aplicado a 1 transação"]);
    expect(sentences("en", run({ status: "ready", matched: 300, applied: 100 }), "apply")).toEqual([
      "Applying… 100 of 300",
    ]);
  });

  it("says what an undo kept because it was edited since", () => {
    expect(sentences("en", run({ status: "undone", undone: 9, kept: 3 }))).toEqual([
      "Undone",
      "3 kept because they were edited since",
    ]);
    expect(sentences("pt-BR", run({ status: "undone", undone: 1 }))).toEqual(["Desfeito"]);
  });
});

describe("what a sampled transaction would get", () => {
  const change = (before: Partial<RuleRunChange["before"]>, after: RuleRunChange["after"]): RuleRunChange => ({
    transaction: { uuid: "t", date: "2026-11-02", description: "UBER *TRIP", amount: "-23.90", currency: "BRL" },
    before: { tag_ids: [], payee_id: null, description: "UBER *TRIP", note: null, ...before },
    after,
  });

  it("names the tags before and after, the payee, the description and the note it adds", () => {
    expect(
      runChangeLines(
        change({ tag_ids: [food] }, { tag_ids: [transporte], payee: "Uber", description: "Uber", note: "corrida" }),
        context("en"),
      ),
    ).toEqual(["Tags: Food → Transporte", "Payee → Uber", "Description: UBER *TRIP → Uber", "Note: adds “corrida”"]);
  });

  it("shows a dash for no tags, and only what changes", () => {
    expect(runChangeLines(change({}, { tag_ids: [transporte] }), context("pt-BR"))).toEqual(["Tags: — → Transporte"]);
  });
});
