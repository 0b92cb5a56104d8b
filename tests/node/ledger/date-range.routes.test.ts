import { isDeepStrictEqual } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "../planning/planning-fixture.ts";

/**
 * Dates run from 1900-01-01 to 2199-12-31 (docs/decisions/038-dates-from-1900-to-2199.md): a date
 * outside is refused at its field, and so is a schedule whose last date would fall after the end,
 * when it is made — never produced later. Every refusal is a 422 in the envelope and writes nothing.
 */
describe("dates at the calendar's edges", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  const outOfRange = "Choose a date between the years 1900 and 2199";
  const pastTheEnd =
    "This schedule would end after 2199, the last year dates can reach: shorten it or start it earlier";

  /** The call's status and field errors, and whether the database is as it was. */
  async function refusal(call: () => Promise<{ status: number; body: { errors?: unknown } }>) {
    const before = await snapshotDatabase(t.db);
    const { status, body } = await call();
    return { status, errors: body.errors, isUnchanged: isDeepStrictEqual(await snapshotDatabase(t.db), before) };
  }

  const plan = (fields: Record<string, unknown>) =>
    p.call("POST", "/installment-plans", {
      description: "Notebook",
      purchase_date: "2026-11-21",
      total_amount: "1200.00",
      installments_count: 12,
      ...fields,
    });

  it("refuses a card plan bought in year 1 at its purchase date, instead of failing", async () => {
    expect(await refusal(() => plan({ origin_id: `card:${p.credit.id}`, purchase_date: "0001-02-15" }))).toEqual({
      status: 422,
      errors: { purchase_date: [outOfRange] },
      isUnchanged: true,
    });
  });

  it("refuses an account plan whose last installment would fall after 2199-12-31, when it is created", async () => {
    const late = { origin_id: `account:${p.checking.id}`, first_payment_date: "2199-06-10" };
    expect(await refusal(() => plan(late))).toEqual({
      status: 422,
      errors: { installments_count: [pastTheEnd] },
      isUnchanged: true,
    });
    // Seven installments end on 2199-12-10: that plan is made.
    expect((await plan({ ...late, installments_count: 7 })).status).toBe(201);
  });

  it("refuses a card plan whose last statement would be due after 2199-12-31", async () => {
    const late = { origin_id: `card:${p.credit.id}`, purchase_date: "2199-11-21" };
    expect(await refusal(() => plan({ ...late, installments_count: 2 }))).toEqual({
      status: 422,
      errors: { installments_count: [pastTheEnd] },
      isUnchanged: true,
    });
  });

  it("refuses a loan whose term runs past 2199, and the calculators' schedules alike", async () => {
    const loan = {
      name: "Casa",
      principal_amount: "100000.00",
      interest_rate: "10",
      term_months: 600,
      start_date: "2160-01-01",
      payment_account_id: p.checking.id,
    };
    expect(await refusal(() => p.call("POST", "/loans", loan))).toEqual({
      status: 422,
      errors: { term_months: [pastTheEnd] },
      isUnchanged: true,
    });
    expect(await refusal(() => p.call("POST", "/loans/amortization", loan))).toEqual({
      status: 422,
      errors: { term_months: [pastTheEnd] },
      isUnchanged: true,
    });
    const installments = { principal: "1200.00", months: 360, first_payment_date: "2190-01-30" };
    expect(await refusal(() => p.call("POST", "/installment-plans/calculate", installments))).toEqual({
      status: 422,
      errors: { months: [pastTheEnd] },
      isUnchanged: true,
    });
    const lastFitting = await p.call("POST", "/loans/amortization", { ...loan, term_months: 480 });
    expect(lastFitting.status).toBe(200);
    expect(lastFitting.body.data.schedule.at(-1).date).toBe("2199-12-01");
  });

  it("refuses a recurring rule whose count of executions would run past 2199, and one edited to", async () => {
    const yearly = { frequency: "yearly", start_date: "2190-03-10", max_executions: 11 };
    expect(await refusal(() => p.recur(yearly))).toEqual({
      status: 422,
      errors: { max_executions: [pastTheEnd] },
      isUnchanged: true,
    });
    const fitting = await p.recur({ ...yearly, max_executions: 10 });
    expect(fitting.status).toBe(201);
    const edited = () =>
      p.call("PUT", `/recurring-transactions/${fitting.body.data.uuid}`, p.rent({ name: "Aluguel", ...yearly }));
    expect(await refusal(edited)).toEqual({ status: 422, errors: { max_executions: [pastTheEnd] }, isUnchanged: true });
  });

  it("refuses a date with trailing text, a day the calendar lacks, and one outside the range, at each field", async () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["/transactions", p.rent({ date: "2026-01-05x" }), "date", "Enter a date as YYYY-MM-DD"],
      ["/transactions", p.rent({ date: "2026-02-30" }), "date", "Enter a date as YYYY-MM-DD"],
      ["/transactions", p.rent({ created_at: "2026-01-05T10:00:00Zjunk" }), "created_at", "Enter a date as YYYY-MM-DD"],
      ["/transactions", p.rent({ date: "10000-01-31" }), "date", "Enter a date as YYYY-MM-DD"],
      ["/transactions", p.rent({ date: "1899-12-31" }), "date", outOfRange],
      ["/scheduled-transactions", p.rent({ scheduled_date: "2200-01-01" }), "scheduled_date", outOfRange],
      [
        "/goals",
        { name: "Casa", target_amount: "10.00", target_date: "2026-12-01 x" },
        "target_date",
        "Enter a date as YYYY-MM-DD",
      ],
      ["/goals", { name: "Casa", target_amount: "10.00", target_date: "9999-12-31" }, "target_date", outOfRange],
      ["/budgets", { amount: "10.00", start_month: "2200-01" }, "start_month", outOfRange],
    ];
    for (const [path, json, field, message] of cases) {
      const refused = await refusal(() => p.call("POST", path, json));
      expect({ path, json, ...refused }).toEqual({
        path,
        json,
        status: 422,
        errors: { [field]: [message] },
        isUnchanged: true,
      });
    }
  });

  it("still reads a whole ISO timestamp sent as a transaction's date as its day", async () => {
    const created = await p.call("POST", "/transactions", p.rent({ date: "2026-11-20T23:10:00-03:00" }));
    expect(created.status).toBe(201);
    expect(created.body.data.date).toBe("2026-11-20");
  });
});
