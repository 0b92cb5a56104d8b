import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { users, workspaces } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import type { HouseholdLedger } from "../transactions/ledger-fixture.ts";
import { reportLedger } from "./report-ledger.ts";

/** The reports against figures worked out by hand on the ledger of ./report-ledger.ts. */
describe("the analytics reports", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    ({ h } = await reportLedger(t));
  });

  const report = async (name: string, query: string, token = h.member.token) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}/analytics/${name}?${query}`, { token });
    return { status: response.status, body: await response.json() };
  };
  const range = "from=2026-10-01&to=2026-11-30";

  it("spending trends: what was spent each month, card purchases when made, payments and transfers not", async () => {
    const { status, body } = await report("spending-trends", `${range}&group_by=month`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      currency: "BRL",
      from: "2026-10-01",
      to: "2026-11-30",
      previous_from: "2026-08-01",
      previous_to: "2026-09-30",
      total: "540.00",
      previous_total: "0.00",
      change_percentage: null,
      unconverted_currencies: ["EUR"],
    });
    expect(body.data.periods).toEqual([
      {
        start: "2026-10-01",
        end: "2026-10-31",
        amount: "350.00",
        amount_cents: 35_000,
        previous_amount: "0.00",
        previous_amount_cents: 0,
        transactions: 3,
      },
      {
        start: "2026-11-01",
        end: "2026-11-30",
        amount: "190.00",
        amount_cents: 19_000,
        previous_amount: "0.00",
        previous_amount_cents: 0,
        transactions: 2,
      },
    ]);
    // November by week, against October (the month before): each range's weeks count from its first day.
    const weeks = (await report("spending-trends", "from=2026-11-01&to=2026-11-30&group_by=week")).body.data;
    expect(weeks.previous_from).toBe("2026-10-01");
    expect(
      weeks.periods.map((week: { start: string; amount: string; previous_amount: string }) => [
        week.start,
        week.amount,
        week.previous_amount,
      ]),
    ).toEqual([
      ["2026-11-01", "0.00", "0.00"],
      ["2026-11-08", "110.00", "100.00"],
      ["2026-11-15", "80.00", "200.00"],
      ["2026-11-22", "0.00", "50.00"],
      ["2026-11-29", "0.00", "0.00"],
    ]);
    expect(weeks).toMatchObject({ total: "190.00", previous_total: "350.00", change_percentage: -45.7 });
  });

  it("income vs expenses: each month's net and savings rate", async () => {
    const { body } = await report("income-vs-expenses", range);
    expect(body.data.months).toEqual([
      expect.objectContaining({
        month: "2026-10",
        income: "3000.00",
        expenses: "350.00",
        net: "2650.00",
        savings_rate: 88.3,
      }),
      expect.objectContaining({
        month: "2026-11",
        income: "550.00",
        expenses: "190.00",
        net: "360.00",
        savings_rate: 65.5,
      }),
    ]);
    expect(body.data.totals).toMatchObject({
      income: "3550.00",
      expenses: "540.00",
      net: "3010.00",
      savings_rate: 84.8,
    });
  });

  it("category breakdown: each tag's whole amount and share, what has no tag, and income by tag", async () => {
    const { body } = await report("category-breakdown", range);
    expect(body.data.total).toBe("540.00");
    expect(
      body.data.categories.map(
        (row: { tag: { name: string } | null; amount: string; share: number; transactions: number }) => [
          row.tag?.name ?? null,
          row.amount,
          row.share,
          row.transactions,
        ],
      ),
    ).toEqual([
      ["Food", "350.00", 64.8, 3],
      ["Home", "310.00", 57.4, 2],
      [null, "80.00", 14.8, 1],
    ]);
    // The default range (the last 12 months, cut once the time zone is known) reads the same figures.
    const byDefault = (await report("category-breakdown", "")).body.data;
    expect(byDefault).toMatchObject({ from: "2025-12-01", to: "2026-11-21", total: "540.00", previous_total: "0.00" });
    expect(byDefault.categories.map((row: { amount: string }) => row.amount)).toEqual(["350.00", "310.00", "80.00"]);
    const income = (await report("category-breakdown", `${range}&type=income`)).body.data;
    expect(income).toMatchObject({ type: "income", total: "3550.00" });
    expect(income.categories).toEqual([expect.objectContaining({ tag: null, amount: "3550.00", share: 100 })]);
  });

  it("cash flow: a subcategory's money flows under its category only, never beside it", async () => {
    const rent = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Rent", parentId: h.home.id });
    const recorded = await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "60.00",
      date: "2026-11-16",
      description: "Rent",
      tag_ids: [rent.id],
    });
    expect(recorded.status).toBe(201);
    const { body } = await report("cash-flow", range);
    const link = (row: { tag: { name: string } | null; leg: { name: string }; amount: string }) =>
      `${row.tag?.name ?? "-"} ${row.leg.name} ${row.amount}`;
    expect(body.data.outflows.map(link)).toContain("Home Nubank 60.00");
    expect(body.data.outflows.some((row: { tag: { name: string } | null }) => row.tag?.name === "Rent")).toBe(false);
    const breakdown = (await report("category-breakdown", range)).body.data;
    expect(breakdown.categories).toContainEqual(
      expect.objectContaining({
        tag: expect.objectContaining({ name: "Rent", parent_id: h.home.id }),
        amount: "60.00",
      }),
    );
  });

  it("account performance: each account's opening, flows and closing, in its currency and in reais", async () => {
    const { body } = await report("account-performance", range);
    const byName = Object.fromEntries(body.data.accounts.map((account: { name: string }) => [account.name, account]));
    expect(byName.Nubank).toMatchObject({
      currency: "BRL",
      opening: "1000.00",
      inflows: "3000.00",
      outflows: "930.00",
      closing: "3070.00",
      change: "2070.00",
      converted: { opening: "1000.00", inflows: "3000.00", outflows: "930.00", closing: "3070.00" },
    });
    expect(byName["Wise USD"]).toMatchObject({
      currency: "USD",
      opening: "500.00",
      inflows: "210.00",
      outflows: "30.00",
      closing: "680.00",
      // Opening at the nearest rate (5.0), flows at their days' (110 × 5.0 + 100 × 5.5; 10 × 5.0 + 20 × 5.5), closing at 5.5.
      converted: { opening: "2500.00", inflows: "1100.00", outflows: "160.00", closing: "3740.00" },
    });
    expect(byName["Nomad EUR"]).toMatchObject({
      closing: "-5.00",
      // It opened at zero and nothing came in (zero in any currency); what went out and the closing have no rate.
      converted: { opening: "0.00", inflows: "0.00", outflows: null, closing: null },
    });
    // October only: November's movements are undone from today's balances.
    const october = (await report("account-performance", "from=2026-10-01&to=2026-10-31")).body.data;
    expect(october.accounts.find((account: { name: string }) => account.name === "Nubank")).toMatchObject({
      opening: "1000.00",
      closing: "3900.00",
    });
  });

  it("balance trend: the total at the end of every day, each account at that day's rate", async () => {
    const { status, body } = await report("balance-trend", "from=2026-11-01&to=2026-11-30");
    expect(status).toBe(200);
    expect(body.data.points).toHaveLength(30);
    const on = (date: string) => body.data.points.find((point: { date: string }) => point.date === date).total;
    expect([on("2026-11-01"), on("2026-11-10"), on("2026-11-30")]).toEqual(["6350.00", "6450.00", "6810.00"]);
    const dollars = body.data.accounts.find((account: { name: string }) => account.name === "Wise USD");
    expect([dollars.balances[0], dollars.balances[5], dollars.balances[29]]).toEqual(["490.00", "600.00", "680.00"]);
    expect(body.data.unconverted_currencies).toEqual(["EUR"]);
  });

  it("cash flow: income by tag into each account, spending by tag out of each, and the coming 30, 60 and 90 days", async () => {
    const scheduled = await t.request(`/api/workspaces/${h.workspaceId}/scheduled-transactions`, {
      method: "POST",
      token: h.member.token,
      json: {
        type: "expense",
        origin_id: `account:${h.checking.id}`,
        amount: "100.00",
        description: "Aluguel",
        scheduled_date: "2026-12-01",
      },
    });
    expect(scheduled.status).toBe(201);
    // Dated ahead: US$ 50,00 on 10 December, at the latest rate (5.5).
    await h.record({
      type: "income",
      destination_id: `account:${h.dollars.id}`,
      amount: "50.00",
      date: "2026-12-10",
      description: "Freela",
    });
    const { status, body } = await report("cash-flow", range);
    expect(status).toBe(200);
    expect(body.data.totals).toEqual({ income: "3550.00", expenses: "540.00", net: "3010.00" });
    const link = (row: { tag: { name: string } | null; leg: { name: string }; amount: string }) =>
      `${row.tag?.name ?? "-"} ${row.leg.name} ${row.amount}`;
    expect(body.data.inflows.map(link)).toEqual(["- Nubank 3000.00", "- Wise USD 550.00"]);
    expect(body.data.outflows.map(link)).toEqual([
      "Food Roxinho 200.00",
      "Home Roxinho 200.00",
      "Home Wise USD 110.00",
      "Food Nubank 100.00",
      "- Nubank 80.00",
      "Food Wise USD 50.00",
    ]);
    const noCards = { card_spending: "0.00", card_payments: "0.00", statements_due: "0.00", cash_net: "175.00" };
    expect(body.data.projection).toEqual([
      { days: 30, end_date: "2026-12-21", income: "275.00", expenses: "100.00", net: "175.00", ...noCards },
      { days: 60, end_date: "2027-01-20", income: "275.00", expenses: "100.00", net: "175.00", ...noCards },
      { days: 90, end_date: "2027-02-19", income: "275.00", expenses: "100.00", net: "175.00", ...noCards },
    ]);
  });

  /**
   * What is committed after today (Saturday 21 November), on top of the ledger, worked out by hand
   * below. The card (Roxinho) closes on the 5th and is due on the 15th; its October purchase is paid.
   *
   *   Nov 21  card purchase today          R$ 300,00 ─┐ statement closing Dec 05,
   *   Nov 28  card purchase dated ahead    R$ 120,00  │ due Dec 15: R$ 450,00
   *   Dec 04  recurring on the card        R$  30,00 ─┘ (and Jan 04, Feb 04: due Jan 15, Feb 15)
   *   Dec 01  scheduled rent from checking R$ 100,00
   *   Dec 08  recurring income to dollars  US$ 30,00   (and Jan 08, Feb 08; × 5.5 = R$ 165,00)
   *   Dec 11  installment 1/3 from checking R$ 50,00   (Jan 11, Feb 11)
   *   Dec 18  expense dated ahead, checking R$ 40,00
   */
  async function commitAhead() {
    await t.db.update(users).set({ hasBetaAccess: true }).where(eq(users.id, h.owner.user.id));
    await t.db.update(workspaces).set({ betaFeaturesEnabled: true }).where(eq(workspaces.id, h.workspaceId));
    const post = async (path: string, json: Record<string, unknown>) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${path}`, {
        method: "POST",
        token: h.member.token,
        json,
      });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    const card = `card:${h.credit.id}`;
    const checking = `account:${h.checking.id}`;
    await post("/transactions", {
      type: "expense",
      origin_id: card,
      amount: "300.00",
      date: "2026-11-21",
      description: "TV",
    });
    await post("/transactions", {
      type: "expense",
      origin_id: card,
      amount: "120.00",
      date: "2026-11-28",
      description: "Shoes",
    });
    await post("/transactions", {
      type: "expense",
      origin_id: checking,
      amount: "40.00",
      date: "2026-12-18",
      description: "Gift",
    });
    await post("/scheduled-transactions", {
      type: "expense",
      origin_id: checking,
      amount: "100.00",
      description: "Aluguel",
      scheduled_date: "2026-12-01",
    });
    await post("/recurring-transactions", {
      type: "expense",
      origin_id: card,
      amount: "30.00",
      description: "Streaming",
      name: "Streaming",
      frequency: "monthly",
      start_date: "2026-12-04",
    });
    await post("/recurring-transactions", {
      type: "income",
      destination_id: `account:${h.dollars.id}`,
      amount: "30.00",
      description: "Dividends",
      name: "Dividends",
      frequency: "monthly",
      start_date: "2026-12-08",
    });
    await post("/installment-plans", {
      description: "Sofa",
      purchase_date: "2026-11-21",
      total_amount: "150.00",
      installments_count: 3,
      origin: checking,
      first_payment_date: "2026-12-11",
    });
  }

  it("balance trend into the future: the days after today projected with what is committed, per account", async () => {
    await commitAhead();
    const { status, body } = await report("balance-trend", "from=2026-11-15&to=2026-12-31");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      from: "2026-11-15",
      to: "2026-12-31",
      today: "2026-11-21",
      projected_from: "2026-11-22",
    });
    const point = (date: string) => body.data.points.find((each: { date: string }) => each.date === date);
    expect(point("2026-11-21")).toMatchObject({ total: "6810.00", projected: false });
    const totals = ["2026-11-22", "2026-12-01", "2026-12-08", "2026-12-11", "2026-12-15", "2026-12-18", "2026-12-31"];
    expect(totals.map((date) => [date, point(date).total, point(date).projected])).toEqual([
      ["2026-11-22", "6810.00", true],
      ["2026-12-01", "6710.00", true], // rent
      ["2026-12-08", "6875.00", true], // US$ 30,00 of dividends at 5.5
      ["2026-12-11", "6825.00", true], // the first installment
      ["2026-12-15", "6375.00", true], // the card's statement: the two purchases and the streaming
      ["2026-12-18", "6335.00", true], // the expense dated ahead
      ["2026-12-31", "6335.00", true],
    ]);
    const balancesOf = (name: string) => {
      const account = body.data.accounts.find((each: { name: string }) => each.name === name);
      return Object.fromEntries(totals.map((date) => [date, account.balances[body.data.points.indexOf(point(date))]]));
    };
    expect(balancesOf("Nubank")).toEqual({
      "2026-11-22": "3070.00",
      "2026-12-01": "2970.00",
      "2026-12-08": "2970.00",
      "2026-12-11": "2920.00",
      "2026-12-15": "2470.00",
      "2026-12-18": "2430.00",
      "2026-12-31": "2430.00",
    });
    expect(balancesOf("Wise USD")["2026-12-08"]).toBe("710.00");
    // A range all in the past has nothing projected; one too far ahead is refused at `to`.
    const past = (await report("balance-trend", "from=2026-11-01&to=2026-11-21")).body.data;
    expect(past).toMatchObject({ projected_from: null });
    expect(past.points.every((each: { projected: boolean }) => !each.projected)).toBe(true);
    // Asked to run on (as the page asks, 30 days), a range ending today goes on projected; one in the past does not.
    const runsOn = (await report("balance-trend", "from=2026-11-15&to=2026-11-21&projection_days=30")).body.data;
    expect(runsOn).toMatchObject({ from: "2026-11-15", to: "2026-12-21", projected_from: "2026-11-22" });
    expect(runsOn.points.at(-1)).toMatchObject({ date: "2026-12-21", total: "6335.00", projected: true });
    expect((await report("balance-trend", "from=2026-11-01&to=2026-11-10&projection_days=30")).body.data).toMatchObject(
      {
        to: "2026-11-10",
        projected_from: null,
      },
    );
    const badDays = await report("balance-trend", "projection_days=91");
    expect([badDays.status, badDays.body.errors]).toEqual([422, { projection_days: ["Project 0 to 90 days ahead"] }]);
    const tooFar = await report("balance-trend", "from=2027-11-01&to=2027-11-30");
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors).toEqual({
      to: ["The balance trend projects up to 366 days ahead: choose an end date up to 2027-11-22"],
    });
  });

  it("cash flow projection: card statements due in each horizon, each card purchase counted once in the cash net", async () => {
    await commitAhead();
    const { body } = await report("cash-flow", range);
    // Expenses count card purchases when made (R$ 120,00 dated ahead, R$ 30,00 of streaming a month);
    // the cash net counts them by the statements that pay them, due 15 December (R$ 450,00: today's
    // R$ 300,00 too), 15 January and 15 February (R$ 30,00 each).
    expect(body.data.projection).toEqual([
      {
        days: 30,
        end_date: "2026-12-21",
        income: "165.00",
        expenses: "340.00",
        net: "-175.00",
        card_spending: "150.00",
        card_payments: "0.00",
        statements_due: "450.00",
        cash_net: "-475.00",
      },
      {
        days: 60,
        end_date: "2027-01-20",
        income: "330.00",
        expenses: "420.00",
        net: "-90.00",
        card_spending: "180.00",
        card_payments: "0.00",
        statements_due: "480.00",
        cash_net: "-390.00",
      },
      {
        days: 90,
        end_date: "2027-02-19",
        income: "495.00",
        expenses: "500.00",
        net: "-5.00",
        card_spending: "210.00",
        card_payments: "0.00",
        statements_due: "510.00",
        cash_net: "-305.00",
      },
    ]);
    // A payment of the December statement recorded for 14 December is a card payment, no longer due.
    const paid = await h.record({
      type: "pay_credit_card",
      origin_id: `account:${h.checking.id}`,
      destination_id: `card:${h.credit.id}`,
      amount: "450.00",
      date: "2026-12-14",
      description: "Fatura",
    });
    expect(paid.status).toBe(201);
    const [thirty] = (await report("cash-flow", range)).body.data.projection;
    expect(thirty).toMatchObject({ card_payments: "450.00", statements_due: "0.00", cash_net: "-475.00" });
  });

  it("on the free plan: three reports for the last 12 months, the rest an upgrade answer", async () => {
    await t.db.update(users).set({ tier: "free" }).where(eq(users.id, h.owner.user.id));
    expect((await report("spending-trends", "")).status).toBe(200);
    expect((await report("income-vs-expenses", range)).status).toBe(200);
    expect((await report("balance-trend", "from=2025-12-01&to=2026-11-21")).status).toBe(200);
    for (const [name, query] of [
      ["category-breakdown", range],
      ["account-performance", range],
      ["cash-flow", range],
      ["spending-trends", "from=2025-11-01&to=2026-11-21"],
    ] as const) {
      const { status, body } = await report(name, query);
      expect(status, name).toBe(403);
      expect(body).toMatchObject({
        code: "PLAN_UPGRADE_REQUIRED",
        message:
          "This report needs a plan with advanced analytics. The free plan shows spending trends, income vs expenses and the balance trend from 2025-12-01 on.",
      });
    }
  });

  it("defaults to the last 12 months and refuses ranges it cannot answer, at the field", async () => {
    const { body } = await report("income-vs-expenses", "");
    expect(body.data).toMatchObject({ from: "2025-12-01", to: "2026-11-21" });
    expect(body.data.months).toHaveLength(12);
    const backwards = await report("spending-trends", "from=2026-11-02&to=2026-11-01");
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ from: ["The start date must be on or before the end date"] });
    const daily = await report("spending-trends", "from=2025-01-01&to=2026-11-21&group_by=day");
    expect(daily.body.errors).toEqual({ group_by: ["Group by week or month for ranges longer than 366 days"] });
    const badGrouping = await report("spending-trends", "group_by=year");
    expect(badGrouping.body.errors).toEqual({ group_by: ["Group by day, week or month"] });
  });
});
