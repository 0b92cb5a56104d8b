import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { accounts, exchangeRates } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * The yen held by an account (docs/decisions/033-amounts-in-each-currencys-minor-unit.md): its amounts are
 * whole yen in the database, in the API's text ("1234", never "1234.00") and in every figure computed from
 * them; an amount with decimals is refused at its field, never rounded.
 */
describe("a workspace holding yen", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let reais: { id: string };
  let yen: { id: string };
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    team = await workspaceWithTeam(t, { workspace: { currency: "BRL", timeZone: "America/Sao_Paulo" } });
    reais = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      name: "Nubank",
      currency: "BRL",
      initialBalanceCents: 100_000,
    });
    yen = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      name: "Wise JPY",
      currency: "JPY",
      initialBalanceCents: 50_000,
    });
  });

  const send = async (method: string, rest: string, json?: unknown) => {
    const response = await t.request(`/api/workspaces/${team.workspace.id}${rest}`, {
      method,
      token: team.member.token,
      json,
    });
    return { status: response.status, body: await response.json() };
  };
  const balanceOf = async (id: string) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;

  it("opens a yen account with a whole opening balance and refuses one with decimals", async () => {
    const opened = await send("POST", "/accounts", {
      name: "Japan Post",
      type: "savings",
      currency: "JPY",
      balance: "12000",
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({
      currency: "JPY",
      balance: "12000",
      balance_cents: 12_000,
      initial_balance: "12000",
    });
    const before = await snapshotDatabase(t.db);
    const refused = await send("POST", "/accounts", {
      name: "Odd",
      type: "savings",
      currency: "JPY",
      balance: "10.50",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.balance).toEqual(["Amounts in JPY have no decimals: enter whole units"]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("records yen expenses in whole yen and answers them without decimals", async () => {
    const spent = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${yen.id}`,
      amount: "1234",
      description: "ラーメン",
      date: "2026-11-20",
    });
    expect(spent.status).toBe(201);
    expect(spent.body.data).toMatchObject({ amount: "1234", amount_cents: 1_234, currency: "JPY" });
    expect(await balanceOf(yen.id)).toBe(48_766);
    // "1234.00" is the same whole amount; "12.34" is not one in yen.
    const same = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${yen.id}`,
      amount: 1234.0,
      description: "Again",
      date: "2026-11-20",
    });
    expect(same.body.data).toMatchObject({ amount: "1234" });
    const refused = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${yen.id}`,
      amount: "12.34",
      description: "Fraction",
      date: "2026-11-20",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount).toEqual(["Amounts in JPY have no decimals: enter whole units"]);
    expect(await balanceOf(yen.id)).toBe(47_532);
  });

  it("transfers between reais and yen at the typed rate, rounding to each side's own unit", async () => {
    // R$ 100,01 × 28.5 = ¥2 850.285 → ¥2 850.
    const toYen = await send("POST", "/transactions", {
      type: "transfer",
      origin_id: `account:${reais.id}`,
      destination_id: `account:${yen.id}`,
      amount: "100.01",
      currency_conversion: "28.5",
      description: "Para o Japão",
      date: "2026-11-20",
    });
    expect(toYen.status).toBe(201);
    expect(toYen.body.data).toMatchObject({
      amount: "100.01",
      currency: "BRL",
      destination_amount: "2850",
      destination_currency: "JPY",
    });
    // ¥1 001 × 0.035088 = R$ 35,123088 → R$ 35,12.
    const toReais = await send("POST", "/transactions", {
      type: "transfer",
      origin_id: `account:${yen.id}`,
      destination_id: `account:${reais.id}`,
      amount: "1001",
      currency_conversion: "0.035088",
      description: "De volta",
      date: "2026-11-20",
    });
    expect(toReais.body.data).toMatchObject({ amount: "1001", destination_amount: "35.12" });
    expect(await balanceOf(yen.id)).toBe(50_000 + 2_850 - 1_001);
    expect(await balanceOf(reais.id)).toBe(100_000 - 10_001 + 3_512);
  });

  it("keeps a yen card's limit, a plan's installments and a loan's schedule in whole yen", async () => {
    const card = await send("POST", "/cards", {
      name: "JCB",
      account_uuid: yen.id,
      type: "credit",
      credit_limit: "300000",
      billing_cycle_day: 5,
    });
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ currency: "JPY", credit_limit: "300000", available_credit: "300000" });
    const fractionalLimit = await send("POST", "/cards", {
      name: "X",
      account_uuid: yen.id,
      type: "credit",
      credit_limit: "10.5",
    });
    expect(fractionalLimit.body.errors.credit_limit).toEqual(["Amounts in JPY have no decimals: enter whole units"]);

    const plan = await send("POST", "/installment-plans", {
      description: "Câmera",
      purchase_date: "2026-11-21",
      total_amount: "100000",
      installments_count: 3,
      origin: `card:${card.body.data.uuid}`,
    });
    expect(plan.status).toBe(201);
    expect(plan.body.data).toMatchObject({ currency: "JPY", total_amount: "100000", monthly_payment: "33333" });
    const schedule = (await send("GET", `/installment-plans/${plan.body.data.uuid}`)).body.data.schedule;
    expect(schedule.map((row: { payment: string }) => row.payment)).toEqual(["33334", "33333", "33333"]);

    const loan = await send("POST", "/loans", {
      name: "Scooter",
      principal_amount: "120000",
      interest_rate: "12",
      term_months: 12,
      start_date: "2026-11-01",
      payment_account_id: yen.id,
    });
    expect(loan.status).toBe(201);
    expect(loan.body.data.currency).toBe("JPY");
    expect(loan.body.data.principal_amount).toBe("120000");
    expect(loan.body.data.payment_amount).toMatch(/^\d+$/);
    const paid = await send("POST", `/loans/${loan.body.data.uuid}/record-payment`, { amount: "10.5" });
    expect(paid.body.errors.amount).toEqual(["Amounts in JPY have no decimals: enter whole units"]);

    const calculated = await send("POST", "/installment-plans/calculate", {
      principal: "1000",
      currency: "JPY",
      months: 3,
    });
    expect(calculated.body.data.schedule.map((row: { payment: string }) => row.payment)).toEqual(["334", "333", "333"]);
  });

  it("filters by amount as typed, whatever places a row's currency has", async () => {
    for (const [origin, amount] of [
      [yen.id, "150"],
      [reais.id, "150.00"],
      [yen.id, "90"],
    ] as const)
      await send("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${origin}`,
        amount,
        description: `${amount}`,
        date: "2026-11-20",
      });
    const list = await send("GET", "/transactions?min_amount=100");
    expect(
      list.body.data.map((row: { amount: string; currency: string }) => `${row.amount} ${row.currency}`).sort(),
    ).toEqual(["150 JPY", "150.00 BRL"]);
  });

  it("moves an unused account's opening balance to another currency's places, refusing one it cannot hold", async () => {
    const fresh = await send("POST", "/accounts", {
      name: "Travel",
      type: "checking",
      currency: "BRL",
      balance: "1200.00",
    });
    const moved = await send("PUT", `/accounts/${fresh.body.data.uuid}`, { currency: "JPY" });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ currency: "JPY", balance: "1200", initial_balance: "1200" });
    const back = await send("PUT", `/accounts/${fresh.body.data.uuid}`, { currency: "USD" });
    expect(back.body.data).toMatchObject({ currency: "USD", balance: "1200.00", balance_cents: 120_000 });
    const odd = await send("POST", "/accounts", { name: "Odd", type: "checking", currency: "BRL", balance: "10.50" });
    const refused = await send("PUT", `/accounts/${odd.body.data.uuid}`, { currency: "JPY" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.currency).toEqual(["Amounts in JPY have no decimals: enter whole units"]);
  });

  it("converts the yen balance into the workspace's reais on the dashboard at the kept rate", async () => {
    await t.db.insert(exchangeRates).values({
      base: "JPY",
      quote: "BRL",
      rateDate: "2026-11-20",
      rateMicros: 34_500,
      source: "frankfurter",
      fetchedAt: "2026-11-21T14:30:00.000Z",
    });
    const stats = await send("GET", "/dashboard/stats");
    expect(stats.status).toBe(200);
    // ¥50 000 × 0.0345 = R$ 1 725,00, plus R$ 1 000,00.
    expect(stats.body.data.total_balance).toBe("2725.00");
    expect(stats.body.data.other_currencies).toMatchObject([
      { currency: "JPY", total_balance: "50000", converted_balance: "1725.00" },
    ]);
  });
});
