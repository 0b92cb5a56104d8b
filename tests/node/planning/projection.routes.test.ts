import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

describe("the projected balance counts what is planned", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  it("adds pending scheduled items and recurring occurrences up to the horizon, in the workspace's currency", async () => {
    await p.schedule({
      type: "income",
      origin_id: null,
      destination_id: `account:${p.checking.id}`,
      amount: "500.00",
      description: "Freela",
      scheduled_date: "2026-11-25",
    });
    await p.schedule({ origin_id: `account:${p.dollars.id}`, amount: "99.00", description: "In dollars" });
    await p.recur();
    const cancelled = (await p.schedule({ amount: "7.00" })).body.data;
    await p.call("POST", `/scheduled-transactions/${cancelled.uuid}/cancel`);

    const week = (await p.call("GET", "/dashboard/virtual-balance?horizon=end_of_week")).body.data;
    expect(week).toMatchObject({
      end_date: "2026-11-22",
      future_income: "0.00",
      future_expenses: "0.00",
      upcoming: [],
    });

    const month = (await p.call("GET", "/dashboard/virtual-balance?horizon=end_of_month")).body.data;
    expect(month).toMatchObject({
      end_date: "2026-11-30",
      current_balance: "1000.00",
      future_income: "500.00",
      future_expenses: "1500.00",
      end_balance: "0.00",
    });
    expect(month.upcoming.map((row: { date: string; description: string }) => [row.date, row.description])).toEqual([
      ["2026-11-25", "Freela"],
      ["2026-11-25", "In dollars"],
      ["2026-11-30", "Aluguel"],
    ]);

    const year = (await p.call("GET", "/dashboard/virtual-balance?end_date=2026-12-31")).body.data;
    expect(year).toMatchObject({ future_income: "500.00", future_expenses: "3000.00", end_balance: "-1500.00" });
  });

  it("stops counting an occurrence once it is posted, so the figures never count it twice", async () => {
    await p.recur({ frequency: "daily", start_date: "2026-11-21", amount: "10.00" });
    const before = (await p.call("GET", "/dashboard/virtual-balance?end_date=2026-11-23")).body.data;
    expect(before).toMatchObject({ current_balance: "1000.00", future_expenses: "30.00", end_balance: "970.00" });
    await p.runCron();
    const after = (await p.call("GET", "/dashboard/virtual-balance?end_date=2026-11-23")).body.data;
    expect(after).toMatchObject({ current_balance: "990.00", future_expenses: "20.00", end_balance: "970.00" });
  });
});
