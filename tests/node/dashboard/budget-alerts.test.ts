import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { users } from "../../../db/schema/index.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { getDashboardPage } from "../../../worker/pages/dashboard-page.service.ts";
import { countingBatches } from "../../support/counting-batches.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

/**
 * It is 1 December 01:00 UTC: still 30 November in São Paulo, so "this month" is November.
 * November's spending: Food R$ 170,00; Home R$ 60,00; untagged R$ 70,00 — R$ 300,00 in all
 * (October's R$ 500,00 under Food is last month's). The budgets:
 *   Food  R$ 200,00 → 170 / 200 = 85 %    warning, R$ 30,00 left
 *   all   R$ 250,00 → 300 / 250 = 120 %   exceeded, R$ 50,00 over
 *   Home  R$ 120,00 →  60 / 120 = 50 %    no alert
 */
describe("the dashboard's budget alerts", () => {
  let t: TestApp;
  let h: HouseholdLedger;

  const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
    return { status: response.status, body: await response.json() };
  };
  const stats = async (token = h.viewer.token) => (await send("GET", "/dashboard/stats", undefined, token)).body.data;

  beforeEach(async () => {
    t = await createTestApp({ now: "2026-12-01T01:00:00.000Z" });
    h = await householdLedger(t);
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
    const spend = (amount: string, date: string, tagIds: string[] = []) =>
      h.record({
        type: "expense",
        description: "spent",
        origin_id: `account:${h.checking.id}`,
        amount,
        date,
        tag_ids: tagIds,
      });
    for (const response of [
      await spend("500.00", "2026-10-31", [h.food.id]),
      await spend("120.00", "2026-11-03", [h.food.id]),
      await spend("50.00", "2026-11-30", [h.food.id]),
      await spend("60.00", "2026-11-10", [h.home.id]),
      await spend("70.00", "2026-11-15"),
    ])
      expect(response.status, await response.clone().text()).toBe(201);
    for (const body of [
      // No first month: the month of today in São Paulo, November.
      { tag_id: h.food.id, amount: "200.00" },
      { amount: "250.00", start_month: "2026-11" },
      { tag_id: h.home.id, amount: "120.00", start_month: "2026-11" },
    ])
      expect((await send("POST", "/budgets", body)).status).toBe(201);
  });

  it("lists this month's budgets at 80 % or more, most used first, with what is left or over", async () => {
    expect((await stats()).budget_alerts).toEqual([
      {
        uuid: expect.any(String),
        tag: null,
        currency: "BRL",
        month: "2026-11",
        available: "250.00",
        spent: "300.00",
        remaining: "-50.00",
        percent_used: 120,
        status: "exceeded",
      },
      {
        uuid: expect.any(String),
        tag: { uuid: h.food.id, name: "Food", color: h.food.color },
        currency: "BRL",
        month: "2026-11",
        available: "200.00",
        spent: "170.00",
        remaining: "30.00",
        percent_used: 85,
        status: "warning",
      },
    ]);
  });

  it("never shows another workspace's budget", async () => {
    const other = await householdLedger(t);
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, other.owner.user.id));
    const groceries = await insertTag(t.db, { workspaceId: other.workspaceId, name: "Groceries" });
    const response = await t.request(`/api/workspaces/${other.workspaceId}/budgets`, {
      method: "POST",
      token: other.member.token,
      json: { tag_id: groceries.id, amount: "1.00" },
    });
    expect(response.status).toBe(201);
    const spent = await other.record({
      type: "expense",
      description: "groceries",
      origin_id: `account:${other.checking.id}`,
      amount: "10.00",
      date: "2026-11-20",
      tag_ids: [groceries.id],
    });
    expect(spent.status).toBe(201);
    const theirs = await t.request(`/api/workspaces/${other.workspaceId}/dashboard/stats`, {
      token: other.viewer.token,
    });
    expect((await theirs.json()).data.budget_alerts).toMatchObject([
      { tag: { name: "Groceries" }, percent_used: 1000 },
    ]);
    expect((await stats()).budget_alerts.map((alert: { percent_used: number }) => alert.percent_used)).toEqual([
      120, 85,
    ]);
  });

  it("shows none on a plan without advanced analytics, though the budgets stay listed", async () => {
    await t.db.update(users).set({ tier: "free" }).where(eq(users.id, h.owner.user.id));
    expect((await stats()).budget_alerts).toEqual([]);
    expect((await send("GET", "/budgets")).body.data).toHaveLength(3);
  });

  it("shows none once every budget is under 80 %", async () => {
    const listed = (await send("GET", "/budgets")).body.data as Array<{ uuid: string; start_month: string }>;
    for (const budget of listed)
      expect(
        (await send("PUT", `/budgets/${budget.uuid}`, { amount: "1000.00", start_month: budget.start_month })).status,
      ).toBe(200);
    expect((await stats()).budget_alerts).toEqual([]);
  });

  it("gives the dashboard page its alerts in the same single round trip", async () => {
    const { database, counted } = countingBatches(t.db);
    const ctx = actingAs(testServiceContext(database, { clock: t.clock }), {
      type: "person",
      userId: h.viewer.user.id,
      sessionId: h.viewer.sessionId,
      via: "cookie",
    });
    const page = await getDashboardPage({ ctx, input: { workspaceId: h.workspaceId } });
    expect(counted.batches).toBe(1);
    expect(
      page.stats.budget_alerts.map((alert) => [alert.tag?.name ?? "all", alert.percent_used, alert.status]),
    ).toEqual([
      ["all", 120, "exceeded"],
      ["Food", 85, "warning"],
    ]);
  });
});
