import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

describe("recording transactions", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });

  it("records income into an account and answers the transaction", async () => {
    const response = await h.record({
      type: "income",
      destination_id: `account:${h.checking.id}`,
      amount: "3500.00",
      description: "Salário",
      date: "2026-11-05",
      tag_ids: [h.home.id],
    });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({
      type: "income",
      amount: "3500.00",
      currency: "BRL",
      date: "2026-11-05",
      description: "Salário",
      origin: { type: "external", uuid: null },
      destination: { type: "account", uuid: h.checking.id, name: "Nubank" },
      is_income: true,
      tags: [{ uuid: h.home.id, name: "Home" }],
      created_by: { uuid: h.member.user.id },
    });
    expect(await h.balances()).toMatchObject({ checking: 450_000 });
  });

  it("records an expense from an account, from a credit card and from a debit card", async () => {
    await h.record({ type: "expense", origin_id: `account:${h.checking.id}`, amount: 100, description: "Feira" });
    await h.record({ type: "expense", origin_id: `card:${h.credit.id}`, amount: "250.90", description: "Mercado" });
    const debit = await h.record({
      type: "expense",
      origin_id: `card:${h.debit.id}`,
      amount: "12.5",
      description: "Padaria",
    });
    expect((await debit.json()).data.origin).toMatchObject({ type: "card", uuid: h.debit.id });
    // The credit card holds its purchase as debt; the debit card's comes out of its account.
    expect(await h.balances()).toEqual({
      checking: 100_000 - 10_000 - 1_250,
      dollars: 50_000,
      creditDebt: 25_090,
      debitDebt: 0,
    });
  });

  it("moves money between accounts across currencies with the rate, storing both amounts", async () => {
    const response = await h.record({
      type: "transfer",
      origin_id: `account:${h.dollars.id}`,
      destination_id: `account:${h.checking.id}`,
      amount: "100.00",
      currency_conversion: "5.123457",
      description: "Câmbio",
    });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({
      amount: "100.00",
      currency: "USD",
      destination_amount: "512.35",
      destination_currency: "BRL",
      currency_conversion: "5.123457",
    });
    expect(await h.balances()).toMatchObject({ dollars: 40_000, checking: 151_235 });
  });

  it("requires a positive rate only when the currencies differ", async () => {
    const missing = await h.record({
      type: "transfer",
      origin_id: `account:${h.dollars.id}`,
      destination_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
    });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toHaveProperty("currency_conversion");
    const zero = await h.record({
      type: "transfer",
      origin_id: `account:${h.dollars.id}`,
      destination_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
      currency_conversion: "0",
    });
    expect((await zero.json()).errors.currency_conversion).toEqual([
      "Enter a positive conversion rate with at most 6 decimals",
    ]);
    const tooPrecise = await h.record({
      type: "transfer",
      origin_id: `account:${h.dollars.id}`,
      destination_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
      currency_conversion: "5.1234567",
    });
    expect(tooPrecise.status).toBe(422);
  });

  it("pays a credit card from its own account, lowering the debt", async () => {
    await h.record({ type: "expense", origin_id: `card:${h.credit.id}`, amount: "600.00", description: "TV" });
    const response = await h.record({
      type: "pay_credit_card",
      origin_id: `account:${h.checking.id}`,
      destination_id: `card:${h.credit.id}`,
      amount: "400.00",
      description: "Fatura",
    });
    expect(response.status).toBe(201);
    expect(await h.balances()).toMatchObject({ checking: 60_000, creditDebt: 20_000 });
  });

  it("refuses to pay a card from an account it does not belong to", async () => {
    const response = await h.record({
      type: "pay_credit_card",
      origin_id: `account:${h.dollars.id}`,
      destination_id: `card:${h.credit.id}`,
      amount: "1",
      description: "x",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.destination_id).toEqual(["Choose a card of the selected account"]);
  });

  it("accepts the first payload form and infers the kind from the legs", async () => {
    const income = await h.record({
      value: "10.00",
      description: "Pix",
      destination_account_uuid: h.checking.id,
      tag_uuids: [h.food.id],
    });
    expect((await income.json()).data).toMatchObject({ type: "income", amount: "10.00", tag_ids: [h.food.id] });
    const payment = await h.record({
      value: 5,
      description: "Fatura",
      origin_account_uuid: h.checking.id,
      destination_card_uuid: h.credit.id,
    });
    expect((await payment.json()).data.type).toBe("pay_credit_card");
    const transfer = await h.record({
      value: 5,
      description: "Poupança",
      origin_account_uuid: h.checking.id,
      destination_account_uuid: h.dollars.id,
      currency_conversion: 0.18,
    });
    expect((await transfer.json()).data).toMatchObject({ type: "transfer", destination_amount: "0.90" });
    const invalid = await h.record({ value: "abc", description: "", origin_account_uuid: h.checking.id });
    expect((await invalid.json()).errors).toEqual({
      value: ["Enter a valid amount with at most 2 decimals"],
      description: ["Description is required"],
    });
  });

  it.each([
    ["12.345", "Enter a valid amount with at most 2 decimals"],
    [12.345, "Enter a valid amount with at most 2 decimals"],
    ["1e3", "Enter a valid amount with at most 2 decimals"],
    ["NaN", "Enter a valid amount with at most 2 decimals"],
    ["Infinity", "Enter a valid amount with at most 2 decimals"],
    ["-10", "Enter a valid amount with at most 2 decimals"],
    [-10, "Enter a valid amount with at most 2 decimals"],
    ["0", "Amount must be greater than zero"],
    [null, "Enter a valid amount with at most 2 decimals"],
  ])("refuses the amount %j with 422 and changes nothing", async (amount, message) => {
    const before = await snapshotDatabase(t.db);
    const response = await h.record({
      type: "income",
      destination_id: `account:${h.checking.id}`,
      amount,
      description: "x",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ amount: [message] });
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("enforces each kind's legs", async () => {
    const cases = [
      [{ type: "income", origin_id: `account:${h.checking.id}`, destination_id: `account:${h.dollars.id}` }, "origin"],
      [{ type: "income" }, "destination"],
      [{ type: "expense" }, "origin"],
      [
        { type: "expense", origin_id: `account:${h.checking.id}`, destination_id: `account:${h.dollars.id}` },
        "destination",
      ],
      [
        { type: "transfer", origin_id: `account:${h.checking.id}`, destination_id: `account:${h.checking.id}` },
        "destination",
      ],
      [{ type: "transfer", origin_id: `account:${h.checking.id}` }, "destination"],
      [
        { type: "pay_credit_card", origin_id: `account:${h.checking.id}`, destination_id: `card:${h.debit.id}` },
        "destination",
      ],
      [{ type: "expense", origin_id: "account:not-a-uuid" }, "origin_id"],
    ] as const;
    for (const [legs, field] of cases) {
      const response = await h.record({ ...legs, amount: "1.00", description: "x" });
      expect({ legs, status: response.status }).toEqual({ legs, status: 422 });
      expect(Object.keys((await response.json()).errors)).toContain(
        field === "origin" || field === "destination" ? `${field}_id` : field,
      );
    }
  });

  it("refuses a credit card purchase beyond the available credit", async () => {
    const response = await h.record({
      type: "expense",
      origin_id: `card:${h.credit.id}`,
      amount: "2000.01",
      description: "Sofá",
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "INSUFFICIENT_CREDIT",
      message: "Insufficient available credit",
    });
    expect(await h.balances()).toMatchObject({ creditDebt: 0 });
  });

  it("dates a transaction today in the workspace's time zone when no date is sent", async () => {
    const late = await createTestApp({ now: "2026-12-01T02:30:00.000Z" });
    const ledger = await householdLedger(late);
    const { data } = await (
      await ledger.record({
        type: "income",
        destination_id: `account:${ledger.checking.id}`,
        amount: "1",
        description: "x",
      })
    ).json();
    expect(data.date).toBe("2026-11-30");
  });

  it("does not let a viewer record anything", async () => {
    const response = await h.record(
      { type: "income", destination_id: `account:${h.checking.id}`, amount: "1", description: "x" },
      h.viewer.token,
    );
    expect(response.status).toBe(403);
    expect(await h.balances()).toMatchObject({ checking: 100_000 });
  });

  it("refuses accounts of another workspace as a field error and writes nothing", async () => {
    const other = await householdLedger(t);
    const before = await snapshotDatabase(t.db);
    const response = await h.record({
      type: "transfer",
      origin_id: `account:${h.checking.id}`,
      destination_id: `account:${other.checking.id}`,
      amount: "1",
      description: "x",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.destination_id).toEqual(["Account not found in this workspace"]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});
