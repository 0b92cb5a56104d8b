import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "../planning/planning-fixture.ts";

/**
 * Counts, terms and days: a JSON body takes a JSON number and nothing else (docs/api.md: "Requests"),
 * so `true` is not 1 and `[12]` or `"12"` is not 12; a query string takes its digits only.
 */
const notWholeNumbers: unknown[] = [true, [12], "12", "12abc", 1.5, "", null];

describe("whole numbers in requests", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  const loan = () => ({
    name: "Carro",
    principal_amount: "24000.00",
    interest_rate: "12",
    term_months: 24,
    start_date: "2026-11-21",
    payment_account_id: p.checking.id,
  });
  const accountPlan = () => ({
    description: "Geladeira",
    purchase_date: "2026-11-21",
    total_amount: "3000.00",
    installments_count: 10,
    first_payment_date: "2026-12-10",
    day_of_month: 10,
    installments_paid: 2,
    origin_id: `account:${p.checking.id}`,
  });
  const card = () => ({
    name: "Gold",
    account_uuid: p.checking.id,
    type: "credit",
    credit_limit: "5000",
    billing_cycle_day: 5,
    due_day: 15,
  });
  const recurring = () => ({
    ...p.rent(),
    name: "Aluguel",
    frequency: "monthly",
    interval: 1,
    day_of_month: 31,
    start_date: "2026-11-30",
  });

  it("refuses anything but a JSON number where a whole number is expected, on every route, writing nothing", async () => {
    const existingLoan = (await p.call("POST", "/loans", loan())).body.data;
    const existingCard = (await p.call("POST", "/cards", card())).body.data;
    const routes: Array<{ method: string; path: string; body: Record<string, unknown>; fields: string[] }> = [
      {
        method: "POST",
        path: "/installment-plans",
        body: accountPlan(),
        fields: ["installments_count", "day_of_month", "installments_paid"],
      },
      {
        method: "POST",
        path: "/installment-plans/calculate",
        body: { principal: "1000.00", interest_rate: "1.99", months: 12 },
        fields: ["months"],
      },
      { method: "POST", path: "/loans", body: loan(), fields: ["term_months"] },
      {
        method: "POST",
        path: "/loans/calculate",
        body: { principal_amount: "24000.00", interest_rate: "12", term_months: 24 },
        fields: ["term_months"],
      },
      {
        method: "POST",
        path: "/loans/amortization",
        body: { principal_amount: "24000.00", interest_rate: "12", term_months: 24, start_date: "2026-12-21" },
        fields: ["term_months"],
      },
      {
        method: "POST",
        path: `/loans/${existingLoan.uuid}/refinance`,
        body: { interest_rate: "1.5", interest_rate_period: "month", term_months: 36 },
        fields: ["term_months"],
      },
      { method: "POST", path: "/cards", body: card(), fields: ["billing_cycle_day", "due_day"] },
      { method: "PUT", path: `/cards/${existingCard.uuid}`, body: card(), fields: ["billing_cycle_day"] },
      { method: "POST", path: "/recurring-transactions", body: recurring(), fields: ["day_of_month", "interval"] },
    ];
    const before = await snapshotDatabase(t.db);
    for (const { method, path, body, fields } of routes) {
      for (const field of fields) {
        for (const value of notWholeNumbers) {
          // A card's due day may be null (left out: 10 days after closing); every other one is required or a number.
          if (value === null && (field === "due_day" || field === "day_of_month")) continue;
          const answer = await p.call(method, path, { ...body, [field]: value });
          expect({ method, path, field, value, status: answer.status }).toEqual({
            method,
            path,
            field,
            value,
            status: 422,
          });
          expect(answer.body.code).toBe("VALIDATION_FAILED");
          expect(Object.keys(answer.body.errors)).toEqual([field]);
        }
      }
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("takes the same fields as JSON numbers", async () => {
    expect((await p.call("POST", "/installment-plans", accountPlan())).status).toBe(201);
    expect((await p.call("POST", "/loans", loan())).status).toBe(201);
    expect((await p.call("POST", "/cards", card())).status).toBe(201);
    expect((await p.call("POST", "/recurring-transactions", recurring())).status).toBe(201);
    const calculated = await p.call("POST", "/installment-plans/calculate", { principal: "1000.00", months: 4 });
    expect(calculated.body.data.payment).toBe("250.00");
  });

  it("reads a query string's digits, and refuses anything else at the parameter", async () => {
    const created = await p.call("POST", "/cards", card());
    const queries: Array<[path: string, name: string, good: string]> = [
      ["/transactions", "page", "2"],
      ["/transactions", "per_page", "50"],
      ["/installment-plans-upcoming", "days", "30"],
      ["/loans-upcoming", "days", "30"],
      ["/scheduled-transactions", "page", "1"],
      ["/analytics/balance-trend", "projection_days", "30"],
      [`/cards/${created.body.data.uuid}/statements`, "count", "3"],
      [`/accounts/${p.checking.id}/balance/history`, "days", "7"],
    ];
    for (const [path, name, good] of queries) {
      expect((await p.call("GET", `${path}?${name}=${good}`)).status).toBe(200);
      for (const bad of [`${good}abc`, "true", "1e1", `${good}.0`, "", "-1", `${good}&${name}=${good}`]) {
        const answer = await p.call("GET", `${path}?${name}=${bad}`);
        expect({ path, name, bad, status: answer.status }).toEqual({ path, name, bad, status: 422 });
        expect(Object.keys(answer.body.errors)).toEqual([name]);
      }
    }
  });
});
