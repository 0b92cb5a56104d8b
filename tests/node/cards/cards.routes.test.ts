import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import { accounts, cards, transactions } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

describe("cards API", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let checking: typeof accounts.$inferSelect;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
    checking = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      name: "Checking",
      initialBalanceCents: 100_000,
    });
  });
  const path = (rest = "") => `/api/workspaces/${team.workspace.id}/cards${rest}`;
  const send = (method: string, rest: string, by: SignedIn, json?: unknown) =>
    t.request(path(rest), { method, token: by.token, json });
  const create = async (json: Record<string, unknown>) => {
    const response = await send("POST", "", team.member, { name: "Card", account_uuid: checking.id, ...json });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  };
  const card = (fields: Partial<typeof cards.$inferInsert> = {}) =>
    insertCard(t.db, { workspaceId: team.workspace.id, accountId: checking.id, ...fields });
  const spend = (id: string, amount: string, date?: string) =>
    send("POST", `/${id}/purchase`, team.member, { amount, description: "Shop", date });
  const pay = (id: string, amount: string, date?: string) =>
    send("POST", `/${id}/payment`, team.member, { amount, date });
  const errorsOf = async (json: Record<string, unknown>) => {
    const response = await send("POST", "", team.member, {
      name: "Card",
      account_uuid: checking.id,
      type: "credit",
      credit_limit: "100.00",
      ...json,
    });
    expect(response.status).toBe(422);
    return (await response.json()).errors;
  };
  const balanceOf = async () =>
    (await t.db.select().from(accounts).where(eq(accounts.id, checking.id)))[0]!.balanceCents;
  const unknownId = "01900000-0000-7000-8000-000000000000";

  it("creates a credit card and answers with every field", async () => {
    const json = {
      name: " Gold ",
      account_uuid: checking.id,
      last_four_digits: "1234",
      issuer: "Visa",
      expiry_date: "2030-04",
      type: "credit",
      credit_limit: "5000",
      billing_cycle_day: 31,
      color: "#4caf50",
    };
    const response = await send("POST", "", team.member, json);
    expect(response.status).toBe(201);
    expect((await response.json()).data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Gold",
      display_name: "Gold •••• 1234",
      account: { uuid: checking.id, name: "Checking", currency: "BRL" },
      account_uuid: checking.id,
      currency: "BRL",
      last_four_digits: "1234",
      issuer: "Visa",
      expiry_date: "2030-04",
      type: "credit",
      mode: "credit",
      credit_limit: "5000.00",
      billing_cycle_day: 31,
      due_day: 10,
      color: "#4CAF50",
      icon: "credit-card",
      debt_amount: "0.00",
      debt_cents: 0,
      available_credit: "5000.00",
      held_amount: "0.00",
      current_balance: "0.00",
      utilization: 0,
      is_active: true,
      created_at: "2026-11-21T12:00:00.000Z",
    });
  });

  it("applies the card rules: debit is debit without a limit, credit is credit, hybrid chooses (credit by default)", async () => {
    const debit = await create({ type: "debit", mode: "credit", credit_limit: "900.00" });
    expect(debit).toMatchObject({
      mode: "debit",
      credit_limit: null,
      available_credit: null,
      current_balance: "1000.00",
      last_four_digits: null,
      display_name: "Card",
    });
    expect(await create({ type: "debit", credit_limit: 0 })).toMatchObject({ mode: "debit", credit_limit: null });
    expect(await create({ type: "credit", mode: "debit", credit_limit: "10.00" })).toMatchObject({
      mode: "credit",
      credit_limit: "10.00",
    });
    expect(await create({ type: "hybrid", credit_limit: "20.00" })).toMatchObject({
      mode: "credit",
      credit_limit: "20.00",
    });
    expect(await create({ type: "hybrid", mode: "debit", credit_limit: "20.00" })).toMatchObject({
      mode: "debit",
      credit_limit: null,
    });
    expect(await create({ type: "debit" })).toMatchObject({
      billing_cycle_day: 1,
      due_day: 11,
      color: "#F44336",
      icon: "credit-card",
      issuer: null,
    });
  });

  it("refuses each invalid field with 422 and its message", async () => {
    expect(
      await errorsOf({
        name: " ",
        account_uuid: undefined,
        last_four_digits: "123",
        issuer: "Amex",
        type: "prepaid",
        billing_cycle_day: 0,
        color: "#000000",
        expiry_date: "2030-13",
      }),
    ).toEqual({
      name: ["Card name is required"],
      account_uuid: ["Account must be selected"],
      last_four_digits: ["Enter exactly 4 digits"],
      issuer: ["Choose an issuer from the list"],
      type: ["Choose credit, debit or hybrid"],
      billing_cycle_day: ["Choose a day from 1 to 31"],
      color: ["Choose one of the preset colours"],
      expiry_date: ["Enter the expiry as YYYY-MM"],
    });
    expect(await errorsOf({ last_four_digits: "12a4", billing_cycle_day: 32 })).toEqual({
      last_four_digits: ["Enter exactly 4 digits"],
      billing_cycle_day: ["Choose a day from 1 to 31"],
    });
    for (const due_day of [0, 32, 1.5, "x"]) {
      expect(await errorsOf({ credit_limit: "10.00", due_day })).toEqual({
        due_day: ["Choose a due day from 1 to 31"],
      });
    }
    for (const json of [{ credit_limit: undefined }, { credit_limit: 0 }, { type: "hybrid", credit_limit: null }]) {
      expect(await errorsOf(json)).toEqual({ credit_limit: ["Credit limit is required for credit cards"] });
    }
    expect(await errorsOf({ credit_limit: "10.001" })).toEqual({
      credit_limit: ["Enter a valid amount with at most 2 decimals"],
    });
    expect(await t.db.select().from(cards)).toEqual([]);
  });

  it("only issues cards on an existing, active account of the workspace", async () => {
    const archived = await insertAccount(t.db, { workspaceId: team.workspace.id, isActive: false });
    expect(await errorsOf({ account_uuid: archived.id })).toEqual({ account_uuid: ["This account is archived"] });
    expect(await errorsOf({ account_uuid: unknownId })).toEqual({ account_uuid: ["Account must be selected"] });
    expect((await create({ type: "debit", account_uuid: checking.id.toUpperCase() })).account_uuid).toBe(checking.id);
  });

  it("lists and reads cards; 404 for an unknown card", async () => {
    const first = await card({ name: "One", createdAt: "2026-01-01T00:00:00.000Z" });
    const second = await card({ name: "Two", createdAt: "2026-02-01T00:00:00.000Z" });
    const list = await (await send("GET", "", team.viewer)).json();
    expect(list.data.map((row: { uuid: string }) => row.uuid)).toEqual([first.id, second.id]);
    expect((await (await send("GET", `/${second.id}`, team.viewer)).json()).data).toMatchObject({
      uuid: second.id,
      name: "Two",
      credit_limit: "5000.00",
    });
    for (const id of [unknownId, "nope"]) {
      const missing = await send("GET", `/${id}`, team.viewer);
      expect([missing.status, (await missing.json()).message]).toEqual([404, "Card not found."]);
    }
  });

  it("updates a card, and keeps a card with debt acting as credit until it is paid off (409)", async () => {
    const hybrid = await create({ type: "hybrid", credit_limit: "300.00" });
    const updated = await send("PUT", `/${hybrid.uuid}`, team.member, {
      name: "Renamed",
      account_uuid: checking.id,
      type: "hybrid",
      credit_limit: "400.00",
      billing_cycle_day: 15,
      due_day: 5,
      is_active: false,
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).data).toMatchObject({
      name: "Renamed",
      credit_limit: "400.00",
      billing_cycle_day: 15,
      due_day: 5,
      is_active: false,
      mode: "credit",
    });
    await send("PUT", `/${hybrid.uuid}`, team.member, {
      name: "Renamed",
      account_uuid: checking.id,
      type: "hybrid",
      credit_limit: "400.00",
      is_active: true,
    });
    expect((await spend(hybrid.uuid, "25.00")).status).toBe(201);
    const toDebit = { name: "Renamed", account_uuid: checking.id, type: "hybrid", mode: "debit" };
    const refused = await send("PUT", `/${hybrid.uuid}`, team.member, toDebit);
    expect([refused.status, (await refused.json()).code]).toEqual([409, "CARD_HAS_DEBT"]);
    expect((await pay(hybrid.uuid, "25.00")).status).toBe(201);
    const switched = await send("PUT", `/${hybrid.uuid}`, team.member, toDebit);
    expect((await switched.json()).data).toMatchObject({
      mode: "debit",
      credit_limit: null,
      current_balance: "975.00",
    });
    expect((await send("PUT", `/${unknownId}`, team.member, toDebit)).status).toBe(404);
  });

  it("moves a card with history only to an account in the same currency", async () => {
    const gold = await card();
    await spend(gold.id, "1.00");
    const dollars = await insertAccount(t.db, { workspaceId: team.workspace.id, currency: "USD" });
    const moved = await send("PUT", `/${gold.id}`, team.member, {
      name: "Gold",
      account_uuid: dollars.id,
      type: "credit",
      credit_limit: "50.00",
    });
    expect([moved.status, (await moved.json()).errors]).toEqual([
      422,
      { account_uuid: ["A card with transactions can only move to an account in the same currency"] },
    ]);
  });

  it("deletes a card without transactions and refuses one with (409 CARD_HAS_TRANSACTIONS)", async () => {
    const unused = await card();
    const deleted = await send("DELETE", `/${unused.id}`, team.member);
    expect(await deleted.json()).toEqual({ data: { message: "Card deleted" } });
    const used = await card();
    await spend(used.id, "1.00");
    const refused = await send("DELETE", `/${used.id}`, team.owner);
    expect([refused.status, (await refused.json()).code]).toEqual([409, "CARD_HAS_TRANSACTIONS"]);
    expect((await t.db.select().from(cards)).map((row) => row.id)).toEqual([used.id]);
    expect((await send("DELETE", `/${unknownId}`, team.owner)).status).toBe(404);
  });

  it("lets a viewer read but change nothing: 403 on every write", async () => {
    const existing = await card();
    const before = await snapshotDatabase(t.db);
    for (const [method, rest, json] of [
      ["POST", "", { name: "Mine", account_uuid: checking.id, type: "debit" }],
      ["PUT", `/${existing.id}`, { name: "Mine", account_uuid: checking.id, type: "debit" }],
      ["DELETE", `/${existing.id}`, undefined],
      ["POST", `/${existing.id}/purchase`, { amount: "1.00", description: "Coffee" }],
      ["POST", `/${existing.id}/payment`, { amount: "1.00" }],
    ] as const) {
      const response = await send(method, rest, team.viewer, json);
      expect([response.status, (await response.json()).code]).toEqual([403, "FORBIDDEN"]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("records a purchase as an expense that raises debt and lowers available credit, leaving the account alone", async () => {
    const gold = await card({ creditLimitCents: 50_000 });
    const response = await spend(gold.id, "120.50");
    expect(response.status).toBe(201);
    expect((await response.json()).data).toMatchObject({
      type: "expense",
      amount: "120.50",
      origin: { type: "card", uuid: gold.id },
      destination_type: "external",
      date: "2026-11-21",
    });
    const after = (await (await send("GET", `/${gold.id}`, team.member)).json()).data;
    expect(after).toMatchObject({
      debt_amount: "120.50",
      available_credit: "379.50",
      current_balance: "120.50",
      utilization: 24.1,
    });
    expect(await balanceOf()).toBe(100_000);
  });

  it("refuses a purchase past the limit (422 INSUFFICIENT_CREDIT) and invalid amounts, changing nothing", async () => {
    const gold = await card({ creditLimitCents: 10_000 });
    await spend(gold.id, "60.00");
    const before = await snapshotDatabase(t.db);
    const refused = await spend(gold.id, "40.01");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: "INSUFFICIENT_CREDIT",
      message: "Insufficient available credit",
      errors: { amount: ["Insufficient available credit"] },
    });
    const invalid = await send("POST", `/${gold.id}/purchase`, team.member, { amount: "0", description: " " });
    expect((await invalid.json()).errors).toEqual({
      amount: ["Amount must be greater than zero"],
      description: ["Description is required"],
    });
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect((await spend(gold.id, "40.00")).status).toBe(201);
    expect((await spend(unknownId, "1.00")).status).toBe(404);
  });

  it("charges a debit card's purchase to its account", async () => {
    const debit = await card({ type: "debit", mode: "debit", creditLimitCents: null });
    expect((await spend(debit.id, "30.00")).status).toBe(201);
    expect(await balanceOf()).toBe(97_000);
    expect((await t.db.select().from(cards))[0]!.debtCents).toBe(0);
  });

  it("pays a credit card from its account: debt and account balance both go down", async () => {
    const gold = await card();
    await spend(gold.id, "200.00");
    const response = await pay(gold.id, "150.00");
    expect(response.status).toBe(201);
    expect((await response.json()).data).toMatchObject({
      type: "pay_credit_card",
      description: "Card payment",
      origin: { type: "account", uuid: checking.id },
      destination: { type: "card", uuid: gold.id },
    });
    expect((await (await send("GET", `/${gold.id}`, team.member)).json()).data).toMatchObject({
      debt_amount: "50.00",
      available_credit: "4950.00",
    });
    expect(await balanceOf()).toBe(85_000);
    const debit = await card({ type: "debit", mode: "debit", creditLimitCents: null });
    expect((await (await pay(debit.id, "1.00")).json()).errors).toEqual({ destination: ["Choose a credit card"] });
    expect((await (await send("POST", `/${gold.id}/payment`, team.member, {})).json()).errors).toEqual({
      amount: ["Enter a valid amount with at most 2 decimals"],
    });
    expect((await pay(unknownId, "1.00")).status).toBe(404);
  });

  it("builds statements over two cycles: payments settle the oldest charges first", async () => {
    const gold = await card({ billingCycleDay: 10 });
    await spend(gold.id, "100.00", "2026-10-05");
    await spend(gold.id, "80.00", "2026-10-15");
    await spend(gold.id, "30.00", "2026-11-15");
    await pay(gold.id, "120.00", "2026-11-01");
    const response = await send("GET", `/${gold.id}/statements?count=3`, team.viewer);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.card).toMatchObject({ uuid: gold.id, debt_amount: "90.00" });
    expect(data.statements).toEqual([
      {
        period_start: "2026-11-11",
        closing_date: "2026-12-10",
        due_date: "2026-12-20",
        total: "30.00",
        paid: "0.00",
        remaining: "30.00",
        to_settle: "90.00",
        total_cents: 3_000,
        paid_cents: 0,
        remaining_cents: 3_000,
        to_settle_cents: 9_000,
        status: "open",
      },
      {
        period_start: "2026-10-11",
        closing_date: "2026-11-10",
        due_date: "2026-11-20",
        total: "80.00",
        paid: "20.00",
        remaining: "60.00",
        to_settle: "60.00",
        total_cents: 8_000,
        paid_cents: 2_000,
        remaining_cents: 6_000,
        to_settle_cents: 6_000,
        status: "overdue",
      },
      {
        period_start: "2026-09-11",
        closing_date: "2026-10-10",
        due_date: "2026-10-20",
        total: "100.00",
        paid: "100.00",
        remaining: "0.00",
        to_settle: "0.00",
        total_cents: 10_000,
        paid_cents: 10_000,
        remaining_cents: 0,
        to_settle_cents: 0,
        status: "paid",
      },
    ]);
    await pay(gold.id, "60.00");
    const settled = (await (await send("GET", `/${gold.id}/statements`, team.viewer)).json()).data.statements;
    // Six asked for, three listed: none before the card's first purchase (5 October).
    expect(settled).toHaveLength(3);
    expect(settled.slice(0, 2).map((statement: { status: string }) => statement.status)).toEqual(["open", "paid"]);
  });

  it("refuses a statement count outside 1–24 and 404s an unknown card", async () => {
    const gold = await card();
    for (const count of ["0", "25", "x"]) {
      const response = await send("GET", `/${gold.id}/statements?count=${count}`, team.viewer);
      expect([response.status, Object.keys((await response.json()).errors)]).toEqual([422, ["count"]]);
    }
    expect((await send("GET", `/${unknownId}/statements`, team.viewer)).status).toBe(404);
  });

  it("pages the card's own transactions, payments included", async () => {
    const gold = await card();
    const other = await card();
    await spend(gold.id, "5.00", "2026-11-01");
    await pay(gold.id, "5.00", "2026-11-02");
    await spend(other.id, "5.00");
    const body = await (await send("GET", `/${gold.id}/transactions`, team.viewer)).json();
    expect(body.data.map((row: { type: string }) => row.type)).toEqual(["pay_credit_card", "expense"]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    expect(await t.db.select().from(transactions)).toHaveLength(3);
    const missing = await send("GET", `/${unknownId}/transactions`, team.viewer);
    expect([missing.status, (await missing.json()).message]).toEqual([404, "Card not found."]);
  });
});
