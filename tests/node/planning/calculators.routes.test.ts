import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

type Row = {
  number: number;
  date?: string;
  payment: string;
  interest: string;
  principal: string;
  remaining_balance: string;
};

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** A member's (or the viewer's) POST to one of the workspace's calculators. */
async function calculators(t: TestApp) {
  const team = await workspaceWithTeam(t);
  return async (path: string, json: unknown, as?: "viewer") => {
    const response = await t.request(`/api/workspaces/${team.workspace.id}${path}`, {
      method: "POST",
      token: as === "viewer" ? team.viewer.token : team.member.token,
      json,
    });
    return { status: response.status, body: await response.json() };
  };
}

describe("the installment and loan calculators", () => {
  let call: Awaited<ReturnType<typeof calculators>>;
  beforeEach(async () => {
    call = await calculators(await createTestApp({ now: "2026-11-21T15:00:00.000Z" }));
  });

  it("splits R$ 100,00 em 3x sem juros into 33,34 + 33,33 + 33,33, dated monthly from the first payment", async () => {
    const { status, body } = await call("/installment-plans/calculate", {
      principal: "100.00",
      months: 3,
      first_payment_date: "2027-01-31",
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ payment: "33.34", total_interest: "0.00", total_paid: "100.00" });
    expect(body.data.schedule.map((row: Row) => [row.date, row.payment, row.remaining_balance])).toEqual([
      ["2027-01-31", "33.34", "66.66"],
      ["2027-02-28", "33.33", "33.33"],
      ["2027-03-31", "33.33", "0.00"],
    ]);
  });

  it("prices a notebook em 10x at 1.99 % a month: equal payments, the principal parts summing to the price", async () => {
    const { body } = await call("/installment-plans/calculate", {
      principal: "3000",
      interest_rate: "1.99",
      months: 10,
    });
    const rows = body.data.schedule as Row[];
    expect(rows).toHaveLength(10);
    expect(new Set(rows.slice(0, -1).map((row) => row.payment))).toEqual(new Set([body.data.payment]));
    expect(rows.reduce((sum, row) => sum + cents(row.principal), 0)).toBe(300_000);
    expect(rows[0]!.interest).toBe("59.70");
    expect(cents(body.data.total_paid)).toBe(300_000 + cents(body.data.total_interest));
  });

  it("answers numpy-financial's mortgage: $200,000 at 7.5 % a year over 15 years is 1,854.02 a month", async () => {
    const { status, body } = await call("/loans/calculate", {
      principal_amount: "200000",
      interest_rate: "7.5",
      term_months: 180,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ payment: "1854.02", periods: 180, period_rate: "0.0062500000" });
  });

  it("reads a yearly rate effectively when told, and counts bi-weekly payments 26 a year", async () => {
    const effective = await call("/loans/calculate", {
      principal_amount: "10000",
      interest_rate: "12.682503",
      rate_conversion: "effective",
      term_months: 12,
    });
    expect(effective.body.data.period_rate).toBe("0.0100000000");
    const biweekly = await call("/loans/calculate", {
      principal_amount: "10000",
      interest_rate: "12",
      term_months: 12,
      payment_frequency: "biweekly",
    });
    expect(biweekly.body.data.periods).toBe(26);
  });

  it("lays out a SAC amortization, each payment dated, down to nothing owed", async () => {
    const { body } = await call("/loans/amortization", {
      principal_amount: "120000",
      interest_rate: "1",
      interest_rate_period: "month",
      term_months: 12,
      amortization_system: "sac",
      start_date: "2027-01-10",
    });
    const rows = body.data.schedule as Row[];
    expect(rows.map((row) => row.principal)).toEqual(Array(12).fill("10000.00"));
    expect(rows[0]).toMatchObject({ date: "2027-01-10", payment: "11200.00", interest: "1200.00" });
    expect(rows[11]).toMatchObject({ date: "2027-12-10", payment: "10100.00", remaining_balance: "0.00" });
    expect(body.data.total_interest).toBe("7800.00");
  });

  it("lets a viewer calculate, and refuses what is no rate, no count or no date at the field", async () => {
    expect(
      (await call("/loans/calculate", { principal_amount: "1", interest_rate: "1", term_months: 1 }, "viewer")).status,
    ).toBe(200);
    const refused = await call("/loans/amortization", {
      principal_amount: "1000",
      interest_rate: "abc",
      term_months: 0,
      payment_frequency: "daily",
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual([
      "interest_rate",
      "payment_frequency",
      "start_date",
      "term_months",
    ]);
    const tooMany = await call("/installment-plans/calculate", { principal: "10", months: 361 });
    expect(tooMany.body.errors).toEqual({ months: ["Enter a whole number of installments from 1 to 360"] });
  });
});
