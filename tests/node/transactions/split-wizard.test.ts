import { describe, expect, it } from "vitest";
import {
  partsOfTransaction,
  splitProblems,
  splitRemainder,
  withoutSplit,
  withPartAdded,
  withPartChanged,
  withPartRemoved,
  remainderPartOf,
  withRemainderFilled,
  withSplit,
} from "~/components/transactions/split-parts";
import { missingDetails, toFormData, withKind } from "~/components/transactions/wizard-state";
import { emptyValues, type WizardValues } from "~/components/transactions/wizard-values";
import { readLedgerForm } from "~/lib/ledger-form.server";
import { transactionSchema } from "../../../worker/transactions/transactions.schemas";

const [groceries, cleaning, home] = [
  "11111111-1111-4111-8111-111111111111",
  "22222222-2222-4222-8222-222222222222",
  "33333333-3333-4333-8333-333333333333",
];
const account = "44444444-4444-4444-8444-444444444444";
const options = {
  accounts: [
    {
      uuid: account,
      name: "Conta",
      currency: "BRL",
      is_active: true,
    } as unknown as Parameters<typeof missingDetails>[1]["accounts"][number],
  ],
  cards: [],
  tags: [],
};

const expense = (amount: string, tagIds: string[] = [groceries]): WizardValues => ({
  ...emptyValues("2026-11-28"),
  kind: "expense",
  origin: `account:${account}`,
  amount,
  description: "Supermercado",
  tagIds,
});

/** A split of 100,00 typed on a Portuguese page, its parts' amounts as given. */
const splitOf = (...amounts: string[]) => {
  const values = withSplit(expense("100,00"));
  return { ...values, parts: amounts.map((amount, at) => ({ amount, tagIds: [at ? cleaning : groceries], note: "" })) };
};

describe("starting and leaving a split", () => {
  it("gives the first part the amount typed and the tags chosen, and starts the second empty", () => {
    const values = withSplit(expense("100,00", [groceries, home]));
    expect(values.tagIds).toEqual([]);
    expect(values.parts).toEqual([
      { amount: "100,00", tagIds: [groceries, home], note: "" },
      { amount: "", tagIds: [], note: "" },
    ]);
  });

  it("goes back to one tag list holding every part's tags, once each", () => {
    const values = withPartChanged(withSplit(expense("100,00", [groceries])), 1, { tagIds: [cleaning, groceries] });
    const unsplit = withoutSplit(values);
    expect(unsplit.parts).toBeUndefined();
    expect(unsplit.tagIds).toEqual([groceries, cleaning]);
  });

  it("keeps two parts at least and twenty at most", () => {
    const values = withSplit(expense("100,00"));
    expect(withPartRemoved(values, 0)).toBe(values);
    const three = withPartAdded(values);
    expect(withPartRemoved(three, 1).parts).toEqual([values.parts?.[0], three.parts?.[2]]);
    let many = values;
    for (let added = 0; added < 30; added++) many = withPartAdded(many);
    expect(many.parts).toHaveLength(20);
  });

  it("lets go of the parts when the kind changes to one that is not split", () => {
    const values = withSplit(expense("100,00", [groceries]));
    expect(withKind(values, "transfer")).toMatchObject({ kind: "transfer", tagIds: [groceries] });
    expect(withKind(values, "transfer").parts).toBeUndefined();
    expect(withKind(values, "income").parts).toEqual(values.parts);
  });
});

describe("what is left to assign", () => {
  it("counts in cents what the parts leave of the amount, or go over it", () => {
    expect(splitRemainder(splitOf("80,00", ""), "pt-BR", "BRL")).toBe(2000);
    expect(splitRemainder(splitOf("80,00", "25"), "pt-BR", "BRL")).toBe(-500);
    expect(splitRemainder(splitOf("0,10", "99,90"), "pt-BR", "BRL")).toBe(0);
    expect(splitRemainder(splitOf("33,33", "33,33", "33,34"), "pt-BR", "BRL")).toBe(0);
  });

  it("leaves out a part that does not read, and knows nothing while the amount does not read", () => {
    expect(splitRemainder(splitOf("80.00", "10"), "pt-BR", "BRL")).toBe(9000);
    expect(splitRemainder({ ...splitOf("80,00", "20,00"), amount: "cem" }, "pt-BR", "BRL")).toBeNull();
    expect(splitRemainder(expense("100,00"), "pt-BR", "BRL")).toBeNull();
  });

  it("offers the remainder to the first part with no amount, else to the last", () => {
    expect(remainderPartOf(splitOf("80,00", ""))).toBe(1);
    expect(remainderPartOf(splitOf("", "20,00", ""))).toBe(0);
    expect(remainderPartOf(splitOf("80,00", "25,00", "1,00"))).toBe(2);
  });

  it("fills that part with what is left, or takes off what is over, as the page writes amounts", () => {
    expect(withRemainderFilled(splitOf("80,00", ""), "pt-BR", "BRL")?.parts?.[1]?.amount).toBe("20,00");
    expect(withRemainderFilled(splitOf("80,00", "25,00"), "pt-BR", "BRL")?.parts?.[1]?.amount).toBe("20,00");
    expect(withRemainderFilled({ ...splitOf("", ""), amount: "1,234.50" }, "en", "BRL")?.parts).toEqual([
      { amount: "1,234.50", tagIds: [groceries], note: "" },
      { amount: "", tagIds: [cleaning], note: "" },
    ]);
  });

  it("fills nothing when all is assigned or the part would come to nothing", () => {
    expect(withRemainderFilled(splitOf("80,00", "20,00"), "pt-BR", "BRL")).toBeNull();
    expect(withRemainderFilled(splitOf("80,00", "20,00", "5,00"), "pt-BR", "BRL")).toBeNull();
  });

  it("holds the details step until the parts add up and each has a tag", () => {
    const missing = (values: WizardValues) => missingDetails(values, options, "BRL", "pt-BR");
    expect(missing(splitOf("80,00", ""))).toEqual(["partAmounts"]);
    expect(missing(splitOf("80,00", "25,00"))).toEqual(["partAmounts"]);
    expect(missing(splitOf("80,00", "20,00"))).toEqual([]);
    expect(missing(withPartChanged(splitOf("80,00", "20,00"), 1, { tagIds: [] }))).toEqual(["partTags"]);
    expect(splitProblems(expense("100,00"), "pt-BR", "BRL")).toEqual([]);
  });
});

describe("the form the wizard posts, as the page's action reads it", () => {
  const posted = (values: WizardValues, transactionId?: string) =>
    readLedgerForm(
      toFormData(values, false, { type: "transaction", transactionId, language: "pt-BR", currency: "BRL" }),
      "pt-BR",
      transactionSchema,
    );

  it("sends the parts, which the action reads as it reads the amount, and no tags of the transaction's own", () => {
    const values = withPartChanged(splitOf("80,00", "20,00"), 1, { note: " Produtos de limpeza " });
    expect(posted({ ...values, notes: "Compra do mês" })).toMatchObject({
      success: true,
      data: {
        amount: 10000,
        tag_ids: [],
        note: "Compra do mês",
        parts: [
          { amount: 8000, tag_ids: [groceries], note: null },
          { amount: 2000, tag_ids: [cleaning], note: "Produtos de limpeza" },
        ],
      },
    });
  });

  it("un-splits with no parts and the tags, and clears an emptied note", () => {
    expect(posted({ ...expense("100,00", [groceries]), notes: "  " }, account)).toMatchObject({
      success: true,
      data: { tag_ids: [groceries], note: null, parts: null },
    });
  });

  it("answers a part's refusal at its field", () => {
    const values = withPartChanged(splitOf("80,00", "20,00"), 1, { tagIds: [] });
    const read = posted(values);
    expect(read.success).toBe(false);
    expect(read.success ? null : Object.keys(read.fieldErrors)).toEqual(["parts.1.tag_ids"]);
  });

  it("names a payee when one is typed; an edit always says, so emptying it takes it off", () => {
    expect(posted({ ...expense("100,00", [groceries]), payee: " Uber " })).toMatchObject({
      success: true,
      data: { payee: "Uber" },
    });
    // A new one with no payee sends none, so the payee its description is known as may be taken.
    expect(posted(expense("100,00", [groceries]))).toMatchObject({ success: true, data: { payee: undefined } });
    expect(posted({ ...expense("100,00", [groceries]), payee: "" }, account)).toMatchObject({
      success: true,
      data: { payee: null },
    });
    // A transfer has no payee to send.
    expect(posted({ ...expense("100,00"), kind: "transfer", payee: "Uber" }, account)).toMatchObject({
      data: { payee: null },
    });
  });

  it("sends a planned item's notes as before, without a note or parts", () => {
    const form = toFormData({ ...expense("100,00"), notes: "Aluguel" }, false, { type: "planned" });
    expect(form.get("notes")).toBe("Aluguel");
    expect(form.has("note")).toBe(false);
    expect(form.has("parts")).toBe(false);
  });
});

describe("editing a split transaction", () => {
  it("starts from its parts, amounts as the page writes them", () => {
    const parts = [
      { amount_cents: 123456, tag_ids: [groceries], note: "Feira" },
      { amount_cents: 544, tag_ids: [cleaning, home], note: null },
    ];
    expect(partsOfTransaction(parts, "BRL", "pt-BR")).toEqual([
      { amount: "1.234,56", tagIds: [groceries], note: "Feira" },
      { amount: "5,44", tagIds: [cleaning, home], note: "" },
    ]);
    expect(partsOfTransaction(null, "BRL", "pt-BR")).toBeUndefined();
  });
});
