import { describe, expect, it } from "vitest";
import { ruleSentence } from "~/components/rules/rule-sentence";
import type { RuleResponse } from "~/components/rules/rule-values";
import type { Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";

const transporte = "9b2f4c1e-0000-4000-8000-000000000001";
const food = "9b2f4c1e-0000-4000-8000-000000000002";
const home = "9b2f4c1e-0000-4000-8000-000000000003";
const nubank = "account:9b2f4c1e-0000-4000-8000-0000000000aa";

const rule = (fields: Partial<RuleResponse>): RuleResponse => ({
  uuid: "9b2f4c1e-0000-4000-8000-0000000000ff",
  name: "Rides",
  position: 0,
  paused: false,
  sources: ["imported"],
  conditions: [{ field: "description", operator: "contains", value: "uber" }],
  actions: { set_tags: [transporte], set_payee: "Uber" },
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: null,
  ...fields,
});

const sentence = (language: Language, of: RuleResponse) => {
  const i18n = serverI18n(language);
  return ruleSentence(of, {
    t: (key, values) => i18n.t(key, { lng: language, ...values }),
    language,
    currency: "BRL",
    tagNames: new Map([
      [transporte, "Transporte"],
      [food, "Food"],
      [home, "Home"],
    ]),
    placeNames: new Map([[nubank, "Nubank"]]),
  });
};

describe("a rule read as a sentence", () => {
  it("says what it looks for and what it does, in both languages", () => {
    expect(sentence("en", rule({}))).toBe("When description contains “uber” → tag Transporte, payee Uber");
    expect(sentence("pt-BR", rule({}))).toBe("Quando a descrição contém “uber” → etiqueta Transporte, favorecido Uber");
  });

  it("joins every condition with “and” and writes amounts, kinds and places the page's way", () => {
    const conditions: RuleResponse["conditions"] = [
      { field: "amount", operator: "between", value: "50.00", max: "1500.00" },
      { field: "type", operator: "is", value: "expense" },
      { field: "place", operator: "is", value: nubank },
    ];
    const of = rule({ conditions, actions: { add_note: "Check the receipt" } });
    expect(sentence("en", of)).toBe(
      "When amount is between R$50.00 and R$1,500.00 and it is an expense and it is on Nubank → note “Check the receipt”",
    );
    expect(sentence("pt-BR", of).replace(/\s/g, " ")).toBe(
      "Quando o valor está entre R$ 50,00 e R$ 1.500,00 e é uma despesa e é em Nubank → nota “Check the receipt”",
    );
  });

  it("reads a split's shares, the last part taking the rest, and a tag deleted since", () => {
    const of = rule({
      actions: {
        split: {
          parts: [
            { tag_ids: [food], percent: 60.5 },
            { tag_ids: ["9b2f4c1e-0000-4000-8000-00000000dead"], percent: 20 },
            { tag_ids: [home] },
          ],
        },
        set_description: "Groceries",
      },
    });
    expect(sentence("en", of)).toBe(
      "When description contains “uber” → split Food 60.5% · a deleted tag 20% · Home the rest, description “Groceries”",
    );
    expect(sentence("pt-BR", of).replace(/\s/g, " ")).toBe(
      "Quando a descrição contém “uber” → divide em Food 60,5% · uma etiqueta excluída 20% · Home o resto, descrição “Groceries”",
    );
  });
});
