import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema/index.ts";
import { useRateServices } from "../../support/rate-services.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

/**
 * The dashboard in the workspace's currency (README: "Exchange rates"): a BRL household with
 * R$ 1 000,00 and a US$ 500.00 account. Balances convert at the latest kept rate, each day's
 * income and expenses at that day's, and a currency without any rate is never counted.
 */
describe("the dashboard across currencies", () => {
  const rates = useRateServices();

  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    await rates.reset();
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z", env: rates.env() });
    h = await householdLedger(t);
  });
  // What a page fetched after answering lands before the next test clears the cache.
  afterEach(() => t.settleDeferred());

  const stats = async () => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}/dashboard/stats`, { token: h.member.token });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const keep = (rateDate: string, rate: number, fetchedAt = "2026-11-21T14:30:00.000Z") =>
    t.db
      .insert(exchangeRates)
      .values({ base: "USD", quote: "BRL", rateDate, rateMicros: rate, source: "frankfurter", fetchedAt });
  const dollarExpense = (amount: string, date: string) =>
    h.record({ type: "expense", origin_id: `account:${h.dollars.id}`, amount, description: "Coffee", date });

  it("leaves dollars out while no rate was ever kept, fetches one after answering, then counts them in reais", async () => {
    const before = await stats();
    expect(before.total_balance).toBe("1000.00");
    expect(before.unconverted_currencies).toEqual(["USD"]);
    expect(before.other_currencies).toEqual([expect.objectContaining({ currency: "USD", converted_balance: null })]);
    await t.settleDeferred();
    const after = await stats();
    // US$ 500.00 × 5.341200 = R$ 2 670,60.
    expect(after.total_balance).toBe("3670.60");
    expect(after.unconverted_currencies).toEqual([]);
    expect(after.other_currencies).toEqual([
      {
        currency: "USD",
        total_balance: "500.00",
        converted_balance: "2670.60",
        rate: "5.341200",
        rate_date: "2026-11-20",
        source: "frankfurter",
        lastUpdated: "2026-11-21T15:00:00.000Z",
        is_stale: false,
      },
    ]);
  });

  it("converts each day's income and expenses at that day's rate, and balances at the latest", async () => {
    await keep("2026-10-30", 5_000_000);
    await keep("2026-11-16", 5_500_000);
    expect((await dollarExpense("10.00", "2026-11-05")).status).toBe(201);
    expect((await dollarExpense("10.00", "2026-11-18")).status).toBe(201);
    expect(
      (
        await h.record({
          type: "income",
          destination_id: `account:${h.dollars.id}`,
          amount: "100.00",
          description: "Freelance",
          date: "2026-11-10",
        })
      ).status,
    ).toBe(201);
    const figures = await stats();
    // 10 × 5.00 (5 Nov: the rate of 30 Oct) + 10 × 5.50 (18 Nov: the rate of 16 Nov).
    expect(figures.monthly_expenses.current_expenses).toBe("105.00");
    expect(figures.monthly_income.current_income).toBe("500.00");
    // R$ 1 000,00 + US$ 580.00 × 5.50.
    expect(figures.total_balance).toBe("4190.00");
  });

  it("counts a dollar expense dated after today only from its day", async () => {
    await keep("2026-11-20", 5_000_000);
    await dollarExpense("100.00", "2026-11-25");
    const figures = await stats();
    expect(figures.total_balance).toBe("3500.00");
    expect(figures.monthly_expenses.current_expenses).toBe("0.00");
    const projected = await t.request(
      `/api/workspaces/${h.workspaceId}/dashboard/virtual-balance?end_date=2026-11-30`,
      { token: h.member.token },
    );
    const balance = (await projected.json()).data;
    expect(balance).toMatchObject({ current_balance: "3500.00", future_expenses: "500.00", end_balance: "3000.00" });
  });

  it("lists a dollar expense with its amount in reais at its day's rate, and one without any rate as unconverted", async () => {
    await dollarExpense("10.00", "2026-11-05");
    const list = async () => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}/transactions`, { token: h.member.token });
      return (await response.json()).data as Array<{ currency: string; converted: unknown }>;
    };
    expect((await list())[0]).toMatchObject({
      currency: "USD",
      converted: { currency: "BRL", amount: null, rate: null, rate_date: null },
    });
    await keep("2026-10-30", 5_000_000);
    await keep("2026-11-16", 5_500_000);
    expect((await list())[0]).toMatchObject({
      converted: { currency: "BRL", amount: "50.00", rate: "5.000000", rate_date: "2026-10-30" },
    });
    // Before the first kept day, the nearest one after it.
    await dollarExpense("10.00", "2026-10-01");
    const rows = await list();
    expect(rows.find((row) => (row as { date?: string }).date === "2026-10-01")).toMatchObject({
      converted: { amount: "50.00", rate_date: "2026-10-30" },
    });
    await h.record({ type: "expense", origin_id: `account:${h.checking.id}`, amount: "5.00", description: "Pão" });
    expect((await list())[0]).toMatchObject({ currency: "BRL", converted: null });
  });

  it("says a rate is stale when it was fetched long ago, and still converts with it", async () => {
    rates.providers.setMode("all", "down");
    await keep("2026-11-17", 5_000_000, "2026-11-18T10:00:00.000Z");
    const figures = await stats();
    expect(figures.total_balance).toBe("3500.00");
    expect(figures.other_currencies[0]).toMatchObject({ is_stale: true, lastUpdated: "2026-11-18T10:00:00.000Z" });
    await t.settleDeferred();
  });
});
