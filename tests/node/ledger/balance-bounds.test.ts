import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import { accounts, cards } from "../../../db/schema/index.ts";
import { maxAmountCents, maxBalanceCents } from "../../../worker/ledger/money.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * The money bounds (README: "Money model"): one amount at most 999 999 999.99, every kept
 * balance and card debt within ±99 999 999 999.99, checked inside the write batch. Out of
 * range is a 422 naming the field the client sent, nothing is written, and every read still
 * answers with the exact figures.
 */
const tooLarge = "Amount is too large (the maximum is 999,999,999.99)";
const outOfRange = "This would take a balance or card debt beyond ±99,999,999,999.99";
const maxAmount = "999999999.99";

describe("money bounds", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t, { workspace: { currency: "BRL" } });
  });
  const api = (rest: string) => `/api/workspaces/${team.workspace.id}${rest}`;
  const send = (method: string, rest: string, json?: unknown) =>
    t.request(api(rest), { method, token: team.member.token, json });
  const income = (accountId: string, amount: string) =>
    send("POST", "/transactions", {
      type: "income",
      destination_id: `account:${accountId}`,
      amount,
      description: "Salary",
    });
  const balanceOf = async (id: string) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;
  const debtOf = async (id: string) => (await t.db.select().from(cards).where(eq(cards.id, id)))[0]!.debtCents;

  async function expectReadsAnswer(accountId: string) {
    for (const rest of [
      "/accounts",
      `/accounts/${accountId}`,
      `/accounts/${accountId}/balance/history?days=3`,
      "/dashboard/stats",
      "/dashboard/virtual-balance",
      "/transactions",
    ]) {
      const response = await send("GET", rest);
      expect(response.status, rest).toBe(200);
    }
  }

  it("refuses the issue's opening balance of 999999999999.99 with 422 on `balance`", async () => {
    const response = await send("POST", "/accounts", { name: "Vault", type: "checking", balance: "999999999999.99" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: { balance: [tooLarge] } });
    expect(await t.db.select().from(accounts)).toEqual([]);
  });

  it("takes incomes of the largest amount up to the bound, refuses the one past it, and every read still answers exactly", async () => {
    const opened = await send("POST", "/accounts", { name: "Vault", type: "checking", balance: maxAmount });
    expect(opened.status).toBe(201);
    const account = (await opened.json()).data;
    // The opening and 99 incomes: 100 × 999 999 999.99, one real below the bound.
    for (let count = 1; count <= 99; count += 1) expect((await income(account.uuid, maxAmount)).status).toBe(201);
    expect(await balanceOf(account.uuid)).toBe(100 * maxAmountCents);

    const before = await snapshotDatabase(t.db);
    const refused = await income(account.uuid, maxAmount);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: "BALANCE_OUT_OF_RANGE",
      message: outOfRange,
      errors: { amount: [outOfRange] },
    });
    expect(await snapshotDatabase(t.db)).toEqual(before);

    expect((await income(account.uuid, "0.99")).status).toBe(201);
    expect(await balanceOf(account.uuid)).toBe(maxBalanceCents);
    await expectReadsAnswer(account.uuid);
    const stats = await (await send("GET", "/dashboard/stats")).json();
    expect(stats.data.total_balance).toBe("99999999999.99");
    expect((await (await send("GET", `/accounts/${account.uuid}`)).json()).data).toMatchObject({
      balance: "99999999999.99",
      balance_cents: maxBalanceCents,
    });
  });

  it("lets only one of two racing incomes past the bound land: the guard is inside the batch", async () => {
    const account = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      initialBalanceCents: maxBalanceCents - 15_000,
    });
    const answers = await Promise.all([income(account.id, "100.00"), income(account.id, "100.00")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(await balanceOf(account.id)).toBe(maxBalanceCents - 5_000);
  });

  it("names the field as the client sent it, and guards the negative side too", async () => {
    const account = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      initialBalanceCents: -maxBalanceCents + 100,
    });
    const response = await send("POST", "/transactions", {
      value: "1.01",
      origin_account_uuid: account.id,
      description: "Rent",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ value: [outOfRange] });
    expect(await balanceOf(account.id)).toBe(-maxBalanceCents + 100);
  });

  it("refuses an edit or a delete that would take a balance past the bound, changing nothing", async () => {
    const account = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      initialBalanceCents: maxBalanceCents - 5_000,
    });
    const expense = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${account.id}`,
      amount: "100.00",
      description: "Rent",
    });
    const expenseId = (await expense.json()).data.uuid;
    const salary = await (await income(account.id, "120.00")).json();
    const before = await snapshotDatabase(t.db);

    const edit = await send("PUT", `/transactions/${salary.data.uuid}`, {
      type: "income",
      destination_id: `account:${account.id}`,
      amount: "220.01",
      description: "Salary",
    });
    expect(edit.status).toBe(422);
    expect((await edit.json()).code).toBe("BALANCE_OUT_OF_RANGE");
    const removal = await send("DELETE", `/transactions/${expenseId}`);
    expect(removal.status).toBe(422);
    expect((await removal.json()).code).toBe("BALANCE_OUT_OF_RANGE");
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("lets a balance already past the bound (stored before it existed) move back, never further out", async () => {
    const account = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      initialBalanceCents: maxBalanceCents + 1_000,
    });
    const out = await income(account.id, "0.01");
    expect((await out.json()).code).toBe("BALANCE_OUT_OF_RANGE");
    const back = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${account.id}`,
      amount: "5.00",
      description: "Rent",
    });
    expect(back.status).toBe(201);
    expect(await balanceOf(account.id)).toBe(maxBalanceCents + 500);
  });

  it("bounds a card's debt both ways when it has no limit, and keeps 'Insufficient available credit' for one that has", async () => {
    const account = await insertAccount(t.db, { workspaceId: team.workspace.id });
    const open = await insertCard(t.db, {
      workspaceId: team.workspace.id,
      accountId: account.id,
      creditLimitCents: null,
    });
    await t.db
      .update(cards)
      .set({ debtCents: maxBalanceCents - 100 })
      .where(eq(cards.id, open.id));
    const purchase = await send("POST", `/cards/${open.id}/purchase`, { amount: "1.01", description: "TV" });
    expect(purchase.status).toBe(422);
    expect((await purchase.json()).code).toBe("BALANCE_OUT_OF_RANGE");
    expect(await debtOf(open.id)).toBe(maxBalanceCents - 100);

    await t.db
      .update(cards)
      .set({ debtCents: -maxBalanceCents + 100 })
      .where(eq(cards.id, open.id));
    const refund = await send("POST", "/transactions", {
      type: "income",
      destination_id: `card:${open.id}`,
      amount: "1.01",
      description: "Refund",
    });
    expect(refund.status).toBe(422);
    expect((await refund.json()).code).toBe("BALANCE_OUT_OF_RANGE");

    const limited = await insertCard(t.db, {
      workspaceId: team.workspace.id,
      accountId: account.id,
      creditLimitCents: 10_000,
    });
    const overLimit = await send("POST", `/cards/${limited.id}/purchase`, { amount: "100.01", description: "TV" });
    expect((await overLimit.json()).code).toBe("INSUFFICIENT_CREDIT");
  });

  it("refuses a card limit or a converted amount above the largest amount", async () => {
    const account = await insertAccount(t.db, { workspaceId: team.workspace.id });
    const card = await send("POST", "/cards", {
      account_uuid: account.id,
      name: "Black",
      type: "credit",
      credit_limit: "1000000000.00",
    });
    expect(card.status).toBe(422);
    expect((await card.json()).errors).toEqual({ credit_limit: [tooLarge] });

    const dollars = await insertAccount(t.db, { workspaceId: team.workspace.id, currency: "USD" });
    const transfer = await send("POST", "/transactions", {
      type: "transfer",
      origin_id: `account:${account.id}`,
      destination_id: `account:${dollars.id}`,
      amount: "500000000.00",
      currency_conversion: "2.000001",
      description: "Exchange",
    });
    expect(transfer.status).toBe(422);
    expect((await transfer.json()).errors).toEqual({
      amount: ["The converted amount is too large (the maximum is 999,999,999.99)"],
    });
  });
});
