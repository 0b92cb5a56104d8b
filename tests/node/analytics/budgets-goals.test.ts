import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag, insertWorkspace } from "../../../db/factories.ts";
import { exchangeRates, users } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import type { HouseholdLedger } from "../transactions/ledger-fixture.ts";
import { reportLedger } from "./report-ledger.ts";

/**
 * Budgets and goals on the hand-worked ledger of ./report-ledger.ts (today is 21 November 2026).
 * Spending under Food: October R$ 350,00 (the euros have no rate); under Home: October R$ 200,00,
 * November R$ 110,00; in all: October R$ 350,00, November R$ 190,00.
 */
describe("budgets and goals", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    ({ h } = await reportLedger(t));
  });

  const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
    return { status: response.status, body: await response.json() };
  };

  async function threeBudgets() {
    for (const body of [
      { tag_id: h.food.id, amount: "300.00", rollover: true, start_month: "2026-10" },
      { tag_id: h.home.id, amount: "250.00", rollover: true, start_month: "2026-10" },
      { amount: "400.00", start_month: "2026-10" },
    ]) {
      const created = await send("POST", "/budgets", body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }

  it("lists each budget with this month: what rolled over, what is available and spent, and the status", async () => {
    await threeBudgets();
    const { status, body } = await send("GET", "/budgets", undefined, h.viewer.token);
    expect(status).toBe(200);
    expect(body.meta).toEqual({ month: "2026-11", unconverted_currencies: ["EUR"] });
    expect(
      body.data.map((budget: { tag: { name: string } | null; current_month: Record<string, unknown> }) => ({
        tag: budget.tag?.name ?? null,
        ...budget.current_month,
      })),
    ).toEqual([
      expect.objectContaining({ tag: null, available: "400.00", spent: "190.00", percent_used: 47.5, status: "ok" }),
      // October overspent Food (R$ 350,00 of 300,00): nothing carries into November.
      expect.objectContaining({ tag: "Food", carried: "0.00", available: "300.00", spent: "0.00", status: "ok" }),
      // Home left R$ 50,00 in October, which November adds.
      expect.objectContaining({
        tag: "Home",
        carried: "50.00",
        available: "300.00",
        spent: "110.00",
        remaining: "190.00",
        percent_used: 36.7,
      }),
    ]);
  });

  it("answers a budget's creation with the figures the list then shows for it (two reads of the same spending)", async () => {
    // The create reads the spending with the budget about to exist; the list reads it with the budgets as they are.
    for (const body of [
      { tag_id: h.home.id, amount: "250.00", rollover: true, start_month: "2026-10" },
      { amount: "400.00", rollover: true, start_month: "2026-10" },
      { tag_id: h.food.id, amount: "300.00", start_month: "2026-11" },
    ]) {
      const created = await send("POST", "/budgets", body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const listed = await send("GET", "/budgets");
      const same = listed.body.data.find((budget: { uuid: string }) => budget.uuid === created.body.data.uuid);
      expect(same.current_month).toEqual(created.body.data.current_month);
    }
  });

  it("analyses each budget over the range and month by month, with warnings at 80 % and over 100 %", async () => {
    await threeBudgets();
    const { body } = await send("GET", "/analytics/budget-analysis?from=2026-10-01&to=2026-11-30");
    const byTag = Object.fromEntries(
      body.data.budgets.map((budget: { tag: { name: string } | null }) => [budget.tag?.name ?? "all", budget]),
    );
    const months = (name: string) =>
      byTag[name].months.map(
        (month: { month: string; available: string; spent: string; percent_used: number; status: string }) => [
          month.month,
          month.available,
          month.spent,
          month.percent_used,
          month.status,
        ],
      );
    expect(months("all")).toEqual([
      ["2026-10", "400.00", "350.00", 87.5, "warning"],
      ["2026-11", "400.00", "190.00", 47.5, "ok"],
    ]);
    expect(months("Food")).toEqual([
      ["2026-10", "300.00", "350.00", 116.7, "exceeded"],
      ["2026-11", "300.00", "0.00", 0, "ok"],
    ]);
    expect(months("Home")).toEqual([
      ["2026-10", "250.00", "200.00", 80, "warning"],
      ["2026-11", "300.00", "110.00", 36.7, "ok"],
    ]);
    expect(byTag.Home.period).toMatchObject({
      budgeted: "500.00",
      available: "500.00",
      spent: "310.00",
      remaining: "190.00",
    });
    expect(body.data.unconverted_currencies).toEqual(["EUR"]);
  });

  it("keeps one budget per tag, checks its tag and amount, edits and deletes it, and goes with its tag", async () => {
    await threeBudgets();
    const again = await send("POST", "/budgets", { tag_id: h.food.id, amount: "10.00" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "BUDGET_EXISTS", errors: { tag_id: ["This tag already has a budget"] } });
    expect((await send("POST", "/budgets", { amount: "10.00" })).body.code).toBe("BUDGET_EXISTS");
    const elsewhere = await insertWorkspace(t.db, { ownerId: h.owner.user.id });
    const foreignTag = await insertTag(t.db, { workspaceId: elsewhere.id });
    const before = await snapshotDatabase(t.db);
    expect((await send("POST", "/budgets", { tag_id: foreignTag.id, amount: "10.00" })).body.errors).toEqual({
      tag_id: ["Tag not found in this workspace"],
    });
    expect((await send("POST", "/budgets", { tag_id: null, amount: "12.345" })).status).toBe(422);
    expect((await send("POST", "/budgets", { amount: "10.00" }, h.viewer.token)).status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);

    const food = (await send("GET", "/budgets")).body.data.find(
      (budget: { tag: { name: string } | null }) => budget.tag?.name === "Food",
    );
    const edited = await send("PUT", `/budgets/${food.uuid}`, { amount: "400.00", rollover: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ amount: "400.00", rollover: false, start_month: "2026-10" });
    expect((await send("DELETE", `/tags/${h.home.id}`)).status).toBe(200);
    expect(
      (await send("GET", "/budgets")).body.data.map(
        (budget: { tag: { name: string } | null }) => budget.tag?.name ?? null,
      ),
    ).toEqual([null, "Food"]);
    expect((await send("DELETE", `/budgets/${food.uuid}`)).status).toBe(200);
    expect((await send("GET", `/budgets/${food.uuid}`)).status).toBe(404);
  });

  it("carries a rolling budget's older foreign days at each day's own rate, the way pairRate picks it", async () => {
    // Kept besides the dollar's 5.0 (15 Oct) and 5.5 (10 Nov): 3.0 on 1 April; the reais' 0.3 a dollar on
    // 8 April (a dollar at 1 / 0.3 = 3.333333); on 15 May both 4.5 and the reais' 0.2 (the direct pair wins).
    for (const [base, quote, rateDate, rateMicros] of [
      ["USD", "BRL", "2026-04-01", 3_000_000],
      ["BRL", "USD", "2026-04-08", 300_000],
      ["USD", "BRL", "2026-05-15", 4_500_000],
      ["BRL", "USD", "2026-05-15", 200_000],
    ] as const)
      await t.db.insert(exchangeRates).values({
        base,
        quote,
        rateDate,
        rateMicros,
        source: "frankfurter",
        fetchedAt: `${rateDate}T16:00:00.000Z`,
      });
    const travel = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Travel" });
    // 5 Mar, before any rate: the first after it (3.0) → R$ 30,00. 10 Apr: the latest before it is the reais'
    // 0.3 → R$ 33,33. 20 May: 4.5 → R$ 45,00. 14 Nov: 5.5 → R$ 308,00. Not the 5.0 of the months read.
    for (const [amount, date] of [
      ["10.00", "2026-03-05"],
      ["10.00", "2026-04-10"],
      ["10.00", "2026-05-20"],
      ["56.00", "2026-11-14"],
    ]) {
      const response = await h.record({
        type: "expense",
        description: "trip",
        origin_id: `account:${h.dollars.id}`,
        amount,
        date,
        tag_ids: [travel.id],
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    // In all: March leaves 100 − 30 = 70; April 170 − 33,33 = 136,67; May 236,67 − 45 = 191,67; June to
    // September add 100 each: 591,67 carried into October, which spends 350 of 691,67: 341,67 into November.
    // Travel: 20, then 36,67, then 41,67; 241,67 into October, which spends nothing: 291,67 into November.
    const created = [];
    for (const body of [
      { amount: "100.00", rollover: true, start_month: "2026-03" },
      { tag_id: travel.id, amount: "50.00", rollover: true, start_month: "2026-03" },
    ]) {
      const response = await send("POST", "/budgets", body);
      expect(response.status).toBe(201);
      created.push(response.body.data.current_month);
    }
    const current = (await send("GET", "/budgets")).body.data.map(
      (budget: { tag: { name: string } | null; current_month: Record<string, unknown> }) => [
        budget.tag?.name ?? "all",
        budget.current_month.carried,
        budget.current_month.available,
        budget.current_month.spent,
        budget.current_month.percent_used,
      ],
    );
    expect(current).toEqual([
      ["all", "341.67", "441.67", "498.00", 112.8],
      ["Travel", "291.67", "341.67", "308.00", 90.1],
    ]);
    // A create answers its budget as every later read does, the workspace's first budget included.
    expect(created).toEqual([
      expect.objectContaining({ carried: "341.67", available: "441.67", spent: "498.00" }),
      expect.objectContaining({ carried: "291.67", available: "341.67", spent: "308.00" }),
    ]);
    const { body } = await send("GET", "/analytics/budget-analysis?from=2026-10-01&to=2026-11-30");
    expect(
      body.data.budgets.map((budget: { months: Array<{ month: string; carried: string; available: string }> }) =>
        budget.months.map((month) => [month.month, month.carried, month.available]),
      ),
    ).toEqual([
      [
        ["2026-10", "591.67", "691.67"],
        ["2026-11", "341.67", "441.67"],
      ],
      [
        ["2026-10", "241.67", "291.67"],
        ["2026-11", "291.67", "341.67"],
      ],
    ]);
    const alerts = (await send("GET", "/dashboard/stats")).body.data.budget_alerts;
    expect(
      alerts.map((alert: { available: string; percent_used: number }) => [alert.available, alert.percent_used]),
    ).toEqual([
      ["441.67", 112.8],
      ["341.67", 90.1],
    ]);
  });

  it("follows a goal's progress from its accounts and contributions: pace, what is needed a month, the status", async () => {
    // Dollars: US$ 680,00 today × 5.5 = R$ 3.740,00, plus R$ 260,00 put aside: R$ 4.000,00 of 5.000,00.
    // The last 90 days: −50 + 550 − 110 + 550 (each at its day's rate) + 260 = R$ 1.200,00, R$ 400,00 a month.
    // Six months to 21 May 2027: R$ 166,67 a month needed. At R$ 400,00 a month, 77 days to go.
    const trip = await send("POST", "/goals", {
      name: "Viagem",
      target_amount: "5000.00",
      target_date: "2027-05-21",
      account_ids: [h.dollars.id],
    });
    expect(trip.status).toBe(201);
    expect(trip.body.data).toMatchObject({ current_amount: "3740.00", status: "on_track" });
    const contributed = await send("POST", `/goals/${trip.body.data.uuid}/contributions`, {
      amount: "260.00",
      note: "13º",
    });
    expect(contributed.status).toBe(201);
    expect(contributed.body.data).toMatchObject({
      currency: "BRL",
      target_amount: "5000.00",
      current_amount: "4000.00",
      remaining: "1000.00",
      percent: 80,
      last_90_days: "1200.00",
      monthly_pace: "400.00",
      months_left: 6,
      monthly_needed: "166.67",
      projected_date: "2027-02-06",
      status: "on_track",
      accounts: [{ name: "Wise USD", currency: "USD", balance: "680.00", converted_balance: "3740.00" }],
      contributions: [{ date: "2026-11-21", amount: "260.00", note: "13º" }],
    });
    // A reserve reached by hand, and a house far ahead of its pace.
    const reserve = await send("POST", "/goals", { name: "Reserva", target_amount: "1000.00" });
    expect(reserve.body.data.status).toBe("no_date");
    await send("POST", `/goals/${reserve.body.data.uuid}/contributions`, { amount: "1000.00" });
    const house = await send("POST", "/goals", {
      name: "Casa",
      target_amount: "100000.00",
      target_date: "2027-01-21",
      account_ids: [h.checking.id],
    });
    // R$ 3.070,00 of 100.000,00, R$ 32.310,00 a month needed over 3 months; the pace is R$ 690,00.
    expect(house.body.data).toMatchObject({
      current_amount: "3070.00",
      monthly_needed: "32310.00",
      monthly_pace: "690.00",
      status: "behind",
    });

    const progress = await send("GET", "/analytics/goals-progress");
    expect(progress.body.data.goals.map((goal: { name: string; status: string }) => [goal.name, goal.status])).toEqual([
      ["Viagem", "on_track"],
      ["Reserva", "reached"],
      ["Casa", "behind"],
    ]);

    // Editing replaces the links; taking money out is a negative contribution; deleting one undoes it.
    const edited = await send("PUT", `/goals/${trip.body.data.uuid}`, {
      name: "Viagem ao Japão",
      target_amount: "5000.00",
      account_ids: [],
    });
    expect(edited.body.data).toMatchObject({
      name: "Viagem ao Japão",
      current_amount: "260.00",
      target_date: null,
      status: "no_date",
    });
    const out = await send("POST", `/goals/${trip.body.data.uuid}/contributions`, {
      amount: "-60.00",
      date: "2026-11-20",
    });
    expect(out.body.data.current_amount).toBe("200.00");
    const withdrawal = out.body.data.contributions.find((row: { amount: string }) => row.amount === "-60.00");
    expect(out.body.data.contributions[0]).toMatchObject({ amount: "-60.00" });
    expect((await send("DELETE", `/goals/${trip.body.data.uuid}/contributions/${withdrawal.uuid}`)).status).toBe(200);
    expect((await send("GET", `/goals/${trip.body.data.uuid}`)).body.data.current_amount).toBe("260.00");
  });

  it("refuses what a goal cannot be, and keeps the reports to plans with advanced analytics", async () => {
    const elsewhere = await insertWorkspace(t.db, { ownerId: h.owner.user.id });
    const refusals = [
      [{ name: "", target_amount: "10.00" }, "name"],
      [{ name: "X", target_amount: "0" }, "target_amount"],
      [{ name: "X", target_amount: "10.00", target_date: "2026-11-21" }, "target_date"],
      [{ name: "X", target_amount: "10.00", account_ids: [elsewhere.id] }, "account_ids"],
    ] as const;
    for (const [body, field] of refusals) {
      const refused = await send("POST", "/goals", body);
      expect(refused.status, field).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
    const goal = await send("POST", "/goals", { name: "X", target_amount: "10.00" });
    expect((await send("POST", `/goals/${goal.body.data.uuid}/contributions`, { amount: "0" })).body.errors).toEqual({
      amount: ["Enter an amount other than zero, with a minus sign to take money out"],
    });
    await t.db.update(users).set({ tier: "free" }).where(eq(users.id, h.owner.user.id));
    expect((await send("GET", "/analytics/goals-progress")).body.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect((await send("GET", "/analytics/budget-analysis")).body.code).toBe("PLAN_UPGRADE_REQUIRED");
    // Budgets and goals themselves are every plan's.
    expect((await send("GET", "/goals")).status).toBe(200);
    expect((await send("POST", "/budgets", { amount: "100.00" })).status).toBe(201);
  });
});
