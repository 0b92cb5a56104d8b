import { beforeEach, describe, expect, it, vi } from "vitest";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import type { workspaces } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

type Body = Record<string, unknown>;

/**
 * A BRL workspace (São Paulo unless told otherwise) with a checking, a savings, a credit-type
 * account and a US-dollar account; a credit card (limit R$ 3 000,00) and a debit card on the
 * checking account, and a dollar credit card. Transactions go through the real API, each a
 * second after the previous one, so "newest by created_at" is well defined.
 */
async function dashboardLedger(t: TestApp, workspace: Partial<typeof workspaces.$inferInsert> = {}) {
  const team = await workspaceWithTeam(t, {
    workspace: { currency: "BRL", timeZone: "America/Sao_Paulo", ...workspace },
  });
  const workspaceId = team.workspace.id;
  const checking = await insertAccount(t.db, { workspaceId, name: "Nubank", initialBalanceCents: 100_000 });
  const savings = await insertAccount(t.db, {
    workspaceId,
    name: "Poupança",
    type: "savings",
    initialBalanceCents: 500_000,
  });
  const creditLine = await insertAccount(t.db, { workspaceId, name: "Cheque especial", type: "credit" });
  const dollars = await insertAccount(t.db, {
    workspaceId,
    name: "Wise",
    currency: "USD",
    initialBalanceCents: 20_000,
  });
  const credit = await insertCard(t.db, { workspaceId, accountId: checking.id, creditLimitCents: 300_000 });
  const debit = await insertCard(t.db, {
    workspaceId,
    accountId: checking.id,
    type: "debit",
    mode: "debit",
    creditLimitCents: null,
  });
  const dollarCard = await insertCard(t.db, { workspaceId, accountId: dollars.id, creditLimitCents: 100_000 });
  const record = async (body: Body) => {
    t.clock.set(new Date(t.clock.now().getTime() + 1000).toISOString());
    const response = await t.request(`/api/workspaces/${workspaceId}/transactions`, {
      method: "POST",
      token: team.owner.token,
      json: body,
    });
    if (response.status !== 201) throw new Error(`recording failed: ${response.status} ${await response.text()}`);
    return (await response.json()).data as { uuid: string; description: string };
  };
  const get = async (path: string, as: SignedIn = team.owner) => {
    const response = await t.request(`/api/workspaces/${workspaceId}/dashboard/${path}`, { token: as.token });
    return { status: response.status, body: await response.json() };
  };
  return { ...team, workspaceId, checking, savings, creditLine, dollars, credit, debit, dollarCard, record, get };
}

const account = (id: string) => `account:${id}`;
const card = (id: string) => `card:${id}`;

/** The stats' ten recent transactions, newest date first, before one is recorded late (the last test). */
const recentBeforeIt = [
  "December gym",
  "Card bill",
  "Save",
  "Hotel (USD)",
  "App store (USD)",
  "Dentist",
  "Padaria",
  "Mercado",
  "Freelance (USD)",
  "November salary",
];

describe("dashboard stats for a month of household finances", () => {
  let t: TestApp;
  let l: Awaited<ReturnType<typeof dashboardLedger>>;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    l = await dashboardLedger(t);
    await insertAccount(t.db, {
      workspaceId: l.workspaceId,
      name: "Old bank",
      initialBalanceCents: 1_000,
      isActive: false,
    });
    const entries: Body[] = [
      {
        type: "expense",
        origin_id: account(l.checking.id),
        amount: "50.00",
        description: "September bill",
        date: "2026-09-30",
      },
      {
        type: "income",
        destination_id: account(l.checking.id),
        amount: "3000.00",
        description: "October salary",
        date: "2026-10-05",
      },
      {
        type: "expense",
        origin_id: account(l.checking.id),
        amount: "400.00",
        description: "October rent share",
        date: "2026-10-10",
      },
      { type: "expense", origin_id: card(l.credit.id), amount: "100.00", description: "Halloween", date: "2026-10-31" },
      {
        type: "income",
        destination_id: account(l.checking.id),
        amount: "3500.00",
        description: "November salary",
        date: "2026-11-01",
      },
      {
        type: "income",
        destination_id: account(l.dollars.id),
        amount: "50.00",
        description: "Freelance (USD)",
        date: "2026-11-03",
      },
      { type: "expense", origin_id: card(l.credit.id), amount: "250.90", description: "Mercado", date: "2026-11-10" },
      { type: "expense", origin_id: card(l.debit.id), amount: "12.50", description: "Padaria", date: "2026-11-12" },
      {
        type: "expense",
        origin_id: account(l.creditLine.id),
        amount: "300.00",
        description: "Dentist",
        date: "2026-11-15",
      },
      {
        type: "expense",
        origin_id: account(l.dollars.id),
        amount: "20.00",
        description: "App store (USD)",
        date: "2026-11-15",
      },
      {
        type: "expense",
        origin_id: card(l.dollarCard.id),
        amount: "30.00",
        description: "Hotel (USD)",
        date: "2026-11-16",
      },
      {
        type: "transfer",
        origin_id: account(l.checking.id),
        destination_id: account(l.savings.id),
        amount: "1000.00",
        description: "Save",
        date: "2026-11-16",
      },
      {
        type: "pay_credit_card",
        origin_id: account(l.checking.id),
        destination_id: card(l.credit.id),
        amount: "100.00",
        description: "Card bill",
        date: "2026-11-18",
      },
      {
        type: "expense",
        origin_id: account(l.checking.id),
        amount: "99.00",
        description: "December gym",
        date: "2026-12-01",
      },
    ];
    for (const entry of entries) await l.record(entry);
  });

  it("answers every figure of the dashboard page with exact amounts", async () => {
    const { status, body } = await l.get("stats");
    expect(status).toBe(200);
    const { recent_transactions, ...figures } = body.data;
    expect(figures).toEqual({
      currency: "BRL",
      // checking 5937.50 + savings 6000.00 + credit line −300.00 + archived 10.00; dollars apart. The
      // December gym (1 December) is not today's: checking keeps its 99.00 until then.
      total_balance: "11647.50",
      // No dollar rate was ever kept here: the dollars are listed, unconverted, and counted nowhere.
      other_currencies: [
        {
          currency: "USD",
          total_balance: "230.00",
          converted_balance: null,
          rate: null,
          rate_date: null,
          source: null,
          lastUpdated: null,
          is_stale: false,
        },
      ],
      unconverted_currencies: ["USD"],
      // October 3000.00 → November 3500.00; the dollar income and the December entry stay out.
      monthly_income: {
        current_income: "3500.00",
        previous_income: "3000.00",
        change_percentage: 16.7,
        change_type: "increase",
      },
      // 250.90 + 12.50 + 300.00 against 400.00 + 100.00 (the 31st is October's, the 30th of September is not).
      monthly_expenses: {
        current_expenses: "563.40",
        previous_expenses: "500.00",
        change_percentage: 12.7,
        change_type: "increase",
      },
      credit_card_spending: {
        current_spending: "250.90",
        previous_spending: "100.00",
        change_percentage: 150.9,
        change_type: "increase",
      },
      accounts_count: 4,
      // No loans here; the net figure is the total less the R$ 250.90 the card owes today.
      loans_owed: "0.00",
      net_worth: "11396.60",
      // R$ 250.90 owed (100 + 250.90 − 100 paid) of R$ 3000.00; the dollar card is left out.
      credit_utilization: 8.4,
      // No budgets here (tests/node/dashboard/budget-alerts.test.ts has them).
      budget_alerts: [],
    });
    expect(recent_transactions).toHaveLength(10);
    expect(recent_transactions.map((row: { description: string }) => row.description)).toEqual(recentBeforeIt);
    expect(recent_transactions[0]).toMatchObject({
      type: "expense",
      amount: "99.00",
      currency: "BRL",
      date: "2026-12-01",
      origin: { type: "account", uuid: l.checking.id },
    });
  });

  it("answers each stat card alone, the same as in the stats", async () => {
    const stats = (await l.get("stats")).body.data;
    expect((await l.get("monthly-income")).body.data).toEqual(stats.monthly_income);
    expect((await l.get("monthly-expenses")).body.data).toEqual(stats.monthly_expenses);
    expect((await l.get("credit-card-spending")).body.data).toEqual(stats.credit_card_spending);
  });

  it("compares December with November once the month turns, reporting the decreases", async () => {
    t.clock.set("2026-12-02T15:00:00.000Z");
    expect((await l.get("monthly-income")).body.data).toEqual({
      current_income: "0.00",
      previous_income: "3500.00",
      change_percentage: -100,
      change_type: "decrease",
    });
    // (99.00 − 563.40) / 563.40 = −82.43 %
    expect((await l.get("monthly-expenses")).body.data).toEqual({
      current_expenses: "99.00",
      previous_expenses: "563.40",
      change_percentage: -82.4,
      change_type: "decrease",
    });
    expect((await l.get("credit-card-spending")).body.data).toMatchObject({
      current_spending: "0.00",
      change_percentage: -100,
      change_type: "decrease",
    });
  });

  it("reads the stats and the virtual balance in one database round trip each", async () => {
    const batch = vi.spyOn(t.db.$client, "batch");
    const execute = vi.spyOn(t.db.$client, "execute");
    for (const path of ["stats", "virtual-balance?end_date=2026-12-31"]) {
      batch.mockClear();
      execute.mockClear();
      expect((await l.get(path)).status).toBe(200);
      expect({ path, batches: batch.mock.calls.length, executes: execute.mock.calls.length }).toEqual({
        path,
        batches: 1,
        executes: 0,
      });
    }
  });

  it("lets a viewer read every dashboard figure", async () => {
    for (const path of ["stats", "monthly-income", "monthly-expenses", "credit-card-spending", "virtual-balance"]) {
      expect({ path, status: (await l.get(path, l.viewer)).status }).toEqual({ path, status: 200 });
    }
  });

  it("answers 404 to someone outside the workspace", async () => {
    const stranger = await signInAs(t);
    for (const path of ["stats", "monthly-income", "virtual-balance?end_date=2026-12-31"]) {
      const { status, body } = await l.get(path, stranger);
      expect({ path, status, code: body.code }).toEqual({ path, status: 404, code: "NOT_FOUND" });
    }
  });

  it("lists the recent transactions by date, then by entry: one recorded late for an earlier day takes that day's place", async () => {
    await l.record({
      type: "expense",
      origin_id: account(l.checking.id),
      amount: "8.00",
      description: "Forgotten coffee",
      date: "2026-11-02",
    });
    const { body } = await l.get("stats");
    // It takes November 2nd's place, between the freelance job (3rd) and the salary (1st), which drops off.
    expect(body.data.recent_transactions.map((row: { description: string }) => row.description)).toEqual([
      ...recentBeforeIt.slice(0, 9),
      "Forgotten coffee",
    ]);
  });
});

describe("dashboard stats in a new workspace", () => {
  it("reports zeros as neutral, and a first month of income as a 100 % increase", async () => {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const l = await dashboardLedger(t);
    expect((await l.get("stats")).body.data).toMatchObject({
      monthly_income: { current_income: "0.00", change_percentage: 0, change_type: "neutral" },
      credit_utilization: 0,
      recent_transactions: [],
    });
    await l.record({
      type: "income",
      destination_id: account(l.checking.id),
      amount: "10.00",
      description: "First",
      date: "2026-11-02",
    });
    expect((await l.get("stats")).body.data).toMatchObject({
      monthly_income: {
        current_income: "10.00",
        previous_income: "0.00",
        change_percentage: 100,
        change_type: "increase",
      },
      monthly_expenses: { current_expenses: "0.00", change_percentage: 0, change_type: "neutral" },
    });
  });
});

describe("the month in the workspace's time zone", () => {
  it("is still November in São Paulo at 01:00 UTC on 1 December, and December in a UTC workspace", async () => {
    const t = await createTestApp({ now: "2026-12-01T01:00:00.000Z" });
    const saoPaulo = await dashboardLedger(t);
    const utc = await dashboardLedger(t, { timeZone: "UTC" });
    for (const l of [saoPaulo, utc]) {
      await l.record({
        type: "income",
        destination_id: account(l.checking.id),
        amount: "100.00",
        description: "Last of November",
        date: "2026-11-30",
      });
      await l.record({
        type: "income",
        destination_id: account(l.checking.id),
        amount: "7.00",
        description: "First of December",
        date: "2026-12-01",
      });
    }
    expect((await saoPaulo.get("monthly-income")).body.data).toMatchObject({
      current_income: "100.00",
      previous_income: "0.00",
    });
    expect((await utc.get("monthly-income")).body.data).toMatchObject({
      current_income: "7.00",
      previous_income: "100.00",
      change_type: "decrease",
    });
    // For São Paulo the 1st is still tomorrow: outside the balance of today, inside December's horizon.
    expect((await saoPaulo.get("virtual-balance")).body.data).toMatchObject({
      today: "2026-11-30",
      end_date: "2026-11-30",
      current_balance: "6100.00",
      end_balance: "6100.00",
    });
    expect((await saoPaulo.get("virtual-balance?end_date=2026-12-01")).body.data).toMatchObject({
      future_income: "7.00",
      end_balance: "6107.00",
    });
    expect((await utc.get("virtual-balance")).body.data).toMatchObject({
      today: "2026-12-01",
      end_date: "2026-12-31",
      current_balance: "6107.00",
    });
  });
});

describe("virtual balance", () => {
  let t: TestApp;
  let l: Awaited<ReturnType<typeof dashboardLedger>>;
  beforeEach(async () => {
    // Saturday 21 November 2026, noon in São Paulo.
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    l = await dashboardLedger(t);
    const entries: Body[] = [
      {
        type: "expense",
        origin_id: account(l.checking.id),
        amount: "100.00",
        description: "Today",
        date: "2026-11-21",
      },
      {
        type: "income",
        destination_id: account(l.checking.id),
        amount: "200.00",
        description: "Sunday gig",
        date: "2026-11-22",
      },
      {
        type: "income",
        destination_id: account(l.dollars.id),
        amount: "10.00",
        description: "Dollar tip",
        date: "2026-11-22",
      },
      {
        type: "transfer",
        origin_id: account(l.checking.id),
        destination_id: account(l.savings.id),
        amount: "25.00",
        description: "Save",
        date: "2026-11-23",
      },
      {
        type: "pay_credit_card",
        origin_id: account(l.checking.id),
        destination_id: card(l.credit.id),
        amount: "40.00",
        description: "Card bill",
        date: "2026-11-24",
      },
      { type: "expense", origin_id: card(l.credit.id), amount: "70.00", description: "Concert", date: "2026-11-25" },
      { type: "expense", origin_id: account(l.checking.id), amount: "50.00", description: "Gas", date: "2026-11-29" },
      {
        type: "income",
        destination_id: account(l.checking.id),
        amount: "300.00",
        description: "December bonus",
        date: "2026-12-10",
      },
    ];
    for (const entry of entries) await l.record(entry);
  });

  it("takes future-dated entries out of today's balance and adds those up to the end of the month by default", async () => {
    const { status, body } = await l.get("virtual-balance");
    expect(status).toBe(200);
    expect(body.data).toEqual({
      currency: "BRL",
      today: "2026-11-21",
      end_date: "2026-11-30",
      // 1000.00 + 5000.00 opening (checking, savings, credit line) − 100.00 spent today; the credit line is 0.
      current_balance: "5900.00",
      future_income: "200.00",
      // 70.00 on the card and 50.00 of gas; the transfer and the card payment are neither.
      future_expenses: "120.00",
      // The concert (70.00) and the card bill (40.00) are dated later: today the card owes nothing.
      credit_card_debt: "0.00",
      end_balance: "5980.00",
      // The dollar account has no kept rate here: left out, and said so.
      unconverted_currencies: ["USD"],
      // Nothing scheduled or recurring here (tests/node/planning/projection.routes.test.ts).
      upcoming: [],
    });
  });

  /** The BRL accounts' balances as the accounts API answers them: their sum, and the checking account's in the list and alone. */
  const realBalances = async () => {
    const listed = (
      await (await t.request(`/api/workspaces/${l.workspaceId}/accounts`, { token: l.owner.token })).json()
    ).data as { uuid: string; currency: string; balance_cents: number }[];
    const alone = await (
      await t.request(`/api/workspaces/${l.workspaceId}/accounts/${l.checking.id}`, { token: l.owner.token })
    ).json();
    const card = await (
      await t.request(`/api/workspaces/${l.workspaceId}/cards/${l.credit.id}`, { token: l.owner.token })
    ).json();
    return {
      total: listed.filter((row) => row.currency === "BRL").reduce((sum, row) => sum + row.balance_cents, 0),
      checking: listed.find((row) => row.uuid === l.checking.id)?.balance_cents,
      checkingAlone: alone.data.balance_cents,
      cardOwes: card.data.current_balance,
      projectedCardDebt: (await l.get("virtual-balance")).body.data.credit_card_debt,
    };
  };

  it("gives one balance: the stats' total is the projection's current balance and the accounts' sum, and this month stops at today", async () => {
    const stats = (await l.get("stats")).body.data;
    const projection = (await l.get("virtual-balance")).body.data;
    expect(stats.total_balance).toBe("5900.00");
    expect(stats.total_balance).toBe(projection.current_balance);
    // Only "Today" has come: the Sunday gig, the concert and the gas later this month have not.
    expect(stats.monthly_income.current_income).toBe("0.00");
    expect(stats.monthly_expenses.current_expenses).toBe("100.00");
    expect(stats.credit_card_spending.current_spending).toBe("0.00");
    expect((await l.get("monthly-expenses")).body.data).toEqual(stats.monthly_expenses);
    // The accounts say the same: each one's balance as of today, whose sum is the total.
    expect(await realBalances()).toEqual({
      total: 590_000,
      checking: 90_000,
      checkingAlone: 90_000,
      cardOwes: "0.00",
      projectedCardDebt: "0.00",
    });

    // On the 29th the gig, the concert and the gas have come, and count as they come.
    t.clock.set("2026-11-29T15:00:00.000Z");
    const later = (await l.get("stats")).body.data;
    expect(later.monthly_income.current_income).toBe("200.00");
    expect(later.monthly_expenses.current_expenses).toBe("220.00");
    expect(later.credit_card_spending.current_spending).toBe("70.00");
    // 5900.00 + 200.00 (gig) − 40.00 (card bill) − 50.00 (gas); the transfer stays within the total.
    expect(later.total_balance).toBe("6010.00");
    expect(later.total_balance).toBe((await l.get("virtual-balance")).body.data.current_balance);
    // 900.00 + 200.00 − 25.00 − 40.00 − 50.00
    // The card: 70.00 of concert less the 40.00 bill.
    expect(await realBalances()).toEqual({
      total: 601_000,
      checking: 98_500,
      checkingAlone: 98_500,
      cardOwes: "30.00",
      projectedCardDebt: "30.00",
    });
  });

  it("follows each horizon the dashboard offers", async () => {
    const horizons: Record<string, string> = {
      "2026-11-21": "5900.00", // today: nothing ahead
      "2026-11-22": "6100.00", // end of the week (Sunday)
      "2026-12-06": "5980.00", // the next 15 days
      "2026-12-10": "6280.00", // a custom date that reaches the bonus
    };
    for (const [endDate, endBalance] of Object.entries(horizons)) {
      const { body } = await l.get(`virtual-balance?end_date=${endDate}`);
      expect({ endDate, current: body.data.current_balance, end: body.data.end_balance }).toEqual({
        endDate,
        current: "5900.00",
        end: endBalance,
      });
    }
  });

  it("refuses an end date before today, or one that is no date, with 422 on end_date", async () => {
    for (const endDate of ["2026-11-20", "2020-01-01", "2026-02-30", "tomorrow"]) {
      const { status, body } = await l.get(`virtual-balance?end_date=${endDate}`);
      expect({ endDate, status, code: body.code }).toEqual({ endDate, status: 422, code: "VALIDATION_FAILED" });
      expect(body.errors).toHaveProperty("end_date");
    }
  });
});
