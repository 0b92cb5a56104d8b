import { describe, expect, it } from "vitest";
import { compileRules, outcomeOf, type RuleLine, type StoredRule } from "../../../worker/rules/rule-engine.ts";
import { createRuleSchema } from "../../../worker/rules/rules.schemas.ts";

/**
 * The rules engine (README: "Rules"): every condition must hold on a line from one of the rule's sources;
 * for each action the first matching rule that has it decides; a paused rule does nothing.
 */
const FOOD = "00000000-0000-4000-8000-000000000001";
const TRANSPORT = "00000000-0000-4000-8000-000000000002";
const HOME = "00000000-0000-4000-8000-000000000003";
const ACCOUNT = "00000000-0000-4000-8000-0000000000aa";

/** A rule as the API takes it, checked by its schema and stored as the service stores it. */
function rule(id: string, body: Record<string, unknown>, paused = false): StoredRule {
  const input = createRuleSchema.parse({ name: id, ...body });
  return {
    id,
    name: id,
    paused,
    conditions: { sources: input.sources ?? ["imported", "assistant", "bank"], all: input.conditions },
    actions: input.actions,
  };
}

const line = (fields: Partial<RuleLine>): RuleLine => ({
  description: "UBER *TRIP 8F2K",
  payee: null,
  amountUnits: 2_590,
  currency: "BRL",
  kind: "expense",
  place: `account:${ACCOUNT}`,
  source: "imported",
  ...fields,
});

describe("rules on a line", () => {
  const uber = rule("uber", {
    conditions: [{ field: "description", operator: "starts_with", value: "Uber" }],
    actions: { set_tags: [TRANSPORT], set_payee: "Uber" },
  });
  const anyTrip = rule("trip", {
    conditions: [{ field: "description", operator: "contains", value: "trip" }],
    actions: { set_tags: [FOOD], add_note: "viagem", set_description: "Corrida" },
  });

  it("lets the first matching rule decide each action, and the next ones the rest", () => {
    expect(outcomeOf(compileRules([uber, anyTrip]), line({}))).toEqual({
      tagIds: [TRANSPORT],
      payee: "Uber",
      note: "viagem",
      description: "Corrida",
      ruleIds: ["uber", "trip"],
    });
    expect(outcomeOf(compileRules([anyTrip, uber]), line({}))?.tagIds).toEqual([FOOD]);
  });

  it("skips a paused rule, a line from a source it does not run on, and a condition that fails", () => {
    const paused = rule("uber", { conditions: uber.conditions.all, actions: uber.actions }, true);
    expect(outcomeOf(compileRules([paused]), line({}))).toBeNull();
    expect(outcomeOf(compileRules([uber]), line({ source: "typed" }))).toBeNull();
    expect(outcomeOf(compileRules([uber]), line({ description: "99 Taxi" }))).toBeNull();
    const typedToo = rule("typed", {
      conditions: uber.conditions.all,
      sources: ["typed"],
      actions: { set_tags: [HOME] },
    });
    expect(outcomeOf(compileRules([typedToo]), line({ source: "typed" }))?.tagIds).toEqual([HOME]);
  });

  it("matches text whatever its letter case and accents, and the payee, kind, place and amount", () => {
    const bakery = rule("bakery", {
      conditions: [
        { field: "payee", operator: "equals", value: "padaria sao joao" },
        { field: "type", operator: "is", value: "expense" },
        { field: "place", operator: "is", value: `account:${ACCOUNT}` },
        { field: "amount", operator: "between", value: "5", max: "30.00" },
      ],
      actions: { set_tags: [FOOD] },
    });
    const compiled = compileRules([bakery]);
    expect(outcomeOf(compiled, line({ payee: "Padaria São João" }))?.tagIds).toEqual([FOOD]);
    expect(outcomeOf(compiled, line({ payee: "Padaria São João", amountUnits: 3_001 }))).toBeNull();
    expect(outcomeOf(compiled, line({ payee: "Padaria São João", kind: "income" }))).toBeNull();
    expect(outcomeOf(compiled, line({ payee: "Padaria São João", place: "card:x" }))).toBeNull();
    // ¥ has no cents: "between 5 and 30" is ¥5 to ¥30.
    expect(outcomeOf(compiled, line({ payee: "Padaria São João", amountUnits: 30, currency: "JPY" }))).not.toBeNull();
  });

  it("splits by percentages or fixed amounts, the last part taking what is left, exact to the cent", () => {
    const byPercent = rule("market", {
      conditions: [{ field: "description", operator: "contains", value: "mercado" }],
      actions: { split: { parts: [{ tag_ids: [FOOD], percent: "33.33" }, { tag_ids: [HOME] }] } },
    });
    const parts = outcomeOf(compileRules([byPercent]), line({ description: "MERCADO DIA", amountUnits: 10_001 }))!
      .parts!;
    expect(parts).toEqual([
      { amountUnits: 3_333, tagIds: [FOOD] },
      { amountUnits: 6_668, tagIds: [HOME] },
    ]);
    const byAmount = rule("fixed", {
      conditions: [{ field: "description", operator: "contains", value: "mercado" }],
      actions: { split: { parts: [{ tag_ids: [HOME], amount: "20.00" }, { tag_ids: [FOOD] }] } },
    });
    expect(outcomeOf(compileRules([byAmount]), line({ description: "Mercado", amountUnits: 10_000 }))!.parts).toEqual([
      { amountUnits: 2_000, tagIds: [HOME] },
      { amountUnits: 8_000, tagIds: [FOOD] },
    ]);
    // Nothing would be left for the last part: the split does not apply, and a later rule may file the line.
    const fallback = rule("fallback", {
      conditions: [{ field: "description", operator: "contains", value: "mercado" }],
      actions: { set_tags: [FOOD] },
    });
    expect(outcomeOf(compileRules([byAmount, fallback]), line({ description: "Mercado", amountUnits: 2_000 }))).toEqual(
      {
        tagIds: [FOOD],
        ruleIds: ["fallback"],
      },
    );
    // A transfer is never split.
    expect(outcomeOf(compileRules([byAmount]), line({ description: "Mercado", kind: "transfer" }))).toBeNull();
  });

  it("refuses rules that cannot run", () => {
    const refused = (body: Record<string, unknown>) =>
      createRuleSchema
        .safeParse({ name: "x", conditions: [{ field: "type", operator: "is", value: "income" }], ...body })
        .error?.issues.map((issue) => issue.message);
    expect(refused({ actions: {} })).toEqual(["errors:fields.ruleNoAction"]);
    expect(
      refused({
        actions: { set_tags: [FOOD], split: { parts: [{ tag_ids: [FOOD], percent: 50 }, { tag_ids: [HOME] }] } },
      }),
    ).toEqual(["errors:fields.ruleTagsAndSplit"]);
    expect(
      refused({ actions: { split: { parts: [{ tag_ids: [FOOD], percent: "100" }, { tag_ids: [HOME] }] } } }),
    ).toEqual(["errors:fields.rulePercent"]);
    expect(
      refused({
        actions: {
          split: {
            parts: [
              { tag_ids: [FOOD], percent: "60" },
              { tag_ids: [HOME], percent: "40" },
            ],
          },
        },
      }),
    ).toEqual(["errors:fields.ruleSplitShares"]);
    expect(refused({ conditions: [], actions: { add_note: "x" } })).toEqual(["errors:fields.ruleConditions"]);
  });
});

describe("rules at scale", () => {
  it("files each of 10,000 lines by the one of 200 rules that names its shop (npm run bench:import times it)", () => {
    const rules = Array.from({ length: 200 }, (_, index) =>
      rule(`r${index}`, {
        conditions: [
          { field: "description", operator: "equals", value: `Compra Loja ${index}` },
          { field: "amount", operator: "between", value: "1", max: "1000" },
        ],
        actions: { set_tags: [FOOD], set_payee: `Loja ${index}` },
      }),
    );
    const compiled = compileRules(rules);
    const lines = Array.from({ length: 10_000 }, (_, index) => line({ description: `COMPRA LOJA ${index % 400}` }));
    const outcomes = lines.map((each) => outcomeOf(compiled, each));
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(5_000);
    expect(outcomes[399]).toBeNull();
    expect(outcomes[505]).toEqual({ tagIds: [FOOD], payee: "Loja 105", ruleIds: ["r105"] });
  });
});
