import { describe, expect, it } from "vitest";
import {
  conditionFor,
  emptyRuleValues,
  meaningfulWordsOf,
  type RuleResponse,
  ruleBodyOf,
  ruleValuesFromLine,
  ruleValuesOf,
} from "~/components/rules/rule-values";
import { createRuleSchema } from "../../../worker/rules/rules.schemas";

const food = "9b2f4c1e-0000-4000-8000-000000000002";
const home = "9b2f4c1e-0000-4000-8000-000000000003";

describe("a rule made from a statement line", () => {
  it("looks for the line's first meaningful words, as written, passing over codes and the bank's words", () => {
    expect(meaningfulWordsOf("UBER *TRIP 8F2K")).toBe("UBER");
    expect(meaningfulWordsOf("PIX ENVIADO Maria Silva 123")).toBe("Maria Silva");
    expect(meaningfulWordsOf("COMPRA CARTÃO 4412 Padaria Pão Quente")).toBe("Padaria Pão");
    expect(meaningfulWordsOf("NETFLIX.COM")).toBe("NETFLIX");
    expect(meaningfulWordsOf("12345 678")).toBe("12345 678");
  });

  it("runs on imported statements, named after the words it looks for", () => {
    const values = ruleValuesFromLine("UBER *TRIP 8F2K");
    expect(values.name).toBe("UBER");
    expect(values.sources).toEqual(["imported"]);
    expect(values.conditions).toEqual([{ field: "description", operator: "contains", value: "UBER", max: "" }]);
  });
});

describe("a rule's body from its dialog", () => {
  it("reads amounts and percentages the page's way into what the API takes", () => {
    const values = {
      ...emptyRuleValues(),
      name: "Market",
      conditions: [{ ...conditionFor("amount"), operator: "between", value: "1.234,5", max: "2.000" }],
      split: {
        by: "percent" as const,
        parts: [
          { tagIds: [food], share: "60,5" },
          { tagIds: [home], share: "" },
        ],
      },
      tagIds: [home],
    };
    const read = ruleBodyOf(values, "pt-BR");
    expect(read).toEqual({
      ok: true,
      body: {
        name: "Market",
        conditions: [{ field: "amount", operator: "between", value: "1234.50", max: "2000.00" }],
        sources: ["imported", "assistant", "bank"],
        actions: {
          set_tags: undefined,
          set_payee: undefined,
          set_description: undefined,
          add_note: undefined,
          split: { parts: [{ tag_ids: [food], percent: "60.5" }, { tag_ids: [home] }] },
        },
      },
    });
    // What the dialog sends, the server's own schema takes.
    expect(createRuleSchema.safeParse(read.ok && JSON.parse(JSON.stringify(read.body))).success).toBe(true);
  });

  it("names each amount or percentage the page's language cannot read, and sends nothing", () => {
    const values = {
      ...emptyRuleValues(),
      name: "Market",
      conditions: [{ ...conditionFor("amount"), value: "12.34" }],
      split: {
        by: "percent" as const,
        parts: [
          { tagIds: [food], share: "sixty" },
          { tagIds: [home], share: "" },
        ],
      },
    };
    expect(ruleBodyOf(values, "pt-BR")).toEqual({
      ok: false,
      refusals: {
        "conditions.0.value": { kind: "amount", reason: "otherFormat" },
        "actions.split.parts.0.percent": { kind: "percent" },
      },
    });
  });

  it("starts editing a saved rule with its amounts and percentages written the page's way", () => {
    const rule: RuleResponse = {
      uuid: "9b2f4c1e-0000-4000-8000-0000000000ff",
      name: "Market",
      position: 0,
      paused: false,
      sources: ["imported", "typed"],
      conditions: [{ field: "amount", operator: "equals", value: "1234.50" }],
      actions: { split: { parts: [{ tag_ids: [food], percent: 60.5 }, { tag_ids: [home] }] }, set_payee: "Big Market" },
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: null,
    };
    const values = ruleValuesOf(rule, "pt-BR");
    expect(values.conditions[0]).toEqual({ field: "amount", operator: "equals", value: "1.234,50", max: "" });
    expect(values.split).toEqual({
      by: "percent",
      parts: [
        { tagIds: [food], share: "60,5" },
        { tagIds: [home], share: "" },
      ],
    });
    expect(values.payee).toBe("Big Market");
    const again = ruleBodyOf(values, "pt-BR");
    expect(again.ok && again.body.conditions).toEqual([{ field: "amount", operator: "equals", value: "1234.50" }]);
  });
});
