import { describe, expect, it } from "vitest";
import { addDays } from "../../../worker/ledger/dates.ts";
import {
  buildStatements,
  closingDateFor,
  daysToPay,
  periodClosingOn,
  recentPeriods,
} from "../../../worker/cards/statements.ts";

/** Charges in whole currency units by date, as cents. */
const charges = (byDate: Record<string, number>) =>
  new Map(Object.entries(byDate).map(([date, units]) => [date, BigInt(units * 100)]));

describe("card statement periods", () => {
  it("closes on the billing day, or the next month's when the day has passed", () => {
    expect(closingDateFor("2026-11-10", 10)).toBe("2026-11-10");
    expect(closingDateFor("2026-11-11", 10)).toBe("2026-12-10");
    expect(closingDateFor("2026-12-21", 10)).toBe("2027-01-10");
    expect(closingDateFor("2026-11-01", 1)).toBe("2026-11-01");
    expect(closingDateFor("2026-11-02", 1)).toBe("2026-12-01");
  });

  it("clamps billing day 31 to the end of February: the 28th in 2026, the 29th in leap 2028", () => {
    expect(closingDateFor("2026-02-10", 31)).toBe("2026-02-28");
    expect(closingDateFor("2026-02-28", 31)).toBe("2026-02-28");
    expect(closingDateFor("2026-03-01", 31)).toBe("2026-03-31");
    expect(closingDateFor("2028-02-10", 31)).toBe("2028-02-29");
    expect(closingDateFor("2028-02-29", 30)).toBe("2028-02-29");
    expect(periodClosingOn("2026-02-28", 31)).toEqual({
      start: "2026-02-01",
      closing: "2026-02-28",
      due: "2026-03-10",
    });
    expect(periodClosingOn("2028-02-29", 31)).toEqual({
      start: "2028-02-01",
      closing: "2028-02-29",
      due: "2028-03-10",
    });
    expect(periodClosingOn("2026-03-31", 31)).toEqual({
      start: "2026-03-01",
      closing: "2026-03-31",
      due: "2026-04-10",
    });
    expect(periodClosingOn("2028-03-31", 31).start).toBe("2028-03-01");
  });

  it("clamps days 30 and 31 to shorter months and starts the next period the day after", () => {
    expect(closingDateFor("2026-04-15", 31)).toBe("2026-04-30");
    expect(closingDateFor("2026-05-31", 30)).toBe("2026-06-30");
    expect(periodClosingOn("2026-03-30", 30)).toEqual({
      start: "2026-03-01",
      closing: "2026-03-30",
      due: "2026-04-09",
    });
    expect(periodClosingOn("2026-04-30", 30).start).toBe("2026-03-31");
    expect(periodClosingOn("2026-05-31", 31).start).toBe("2026-05-01");
    expect(periodClosingOn("2026-12-31", 31)).toEqual({
      start: "2026-12-01",
      closing: "2026-12-31",
      due: "2027-01-10",
    });
  });

  it("is due ten days after closing, across a year end", () => {
    expect(daysToPay).toBe(10);
    expect(periodClosingOn("2026-12-25", 25)).toEqual({
      start: "2026-11-26",
      closing: "2026-12-25",
      due: "2027-01-04",
    });
  });

  it("lists the open period holding today first, then earlier ones, with no gaps or overlaps", () => {
    expect(recentPeriods("2026-11-21", 10, 3)).toEqual([
      { start: "2026-11-11", closing: "2026-12-10", due: "2026-12-20" },
      { start: "2026-10-11", closing: "2026-11-10", due: "2026-11-20" },
      { start: "2026-09-11", closing: "2026-10-10", due: "2026-10-20" },
    ]);
    expect(recentPeriods("2026-11-10", 10, 1)).toEqual([
      { start: "2026-10-11", closing: "2026-11-10", due: "2026-11-20" },
    ]);
    for (let day = 1; day <= 31; day++) {
      const periods = recentPeriods("2028-03-15", day, 24);
      expect(periods).toHaveLength(24);
      expect(periods[0]!.start <= "2028-03-15" && "2028-03-15" <= periods[0]!.closing).toBe(true);
      for (let index = 1; index < periods.length; index++) {
        expect(periods[index - 1]!.start).toBe(addDays(periods[index]!.closing, 1));
      }
    }
  });

  it("walks billing day 31 back through February in a leap year", () => {
    expect(recentPeriods("2028-03-15", 31, 3).map((period) => [period.start, period.closing])).toEqual([
      ["2028-03-01", "2028-03-31"],
      ["2028-02-01", "2028-02-29"],
      ["2028-01-01", "2028-01-31"],
    ]);
  });
});

describe("card statements", () => {
  const periods = recentPeriods("2026-11-21", 10, 3);
  const build = (overrides: Partial<Parameters<typeof buildStatements>[0]> = {}) =>
    buildStatements({
      periods,
      chargesByDate: new Map(),
      chargesBeforeWindowCents: 0n,
      creditsCents: 0n,
      today: "2026-11-21",
      ...overrides,
    });

  it("totals each period's charges, counting its first and closing days", () => {
    const statements = build({
      chargesByDate: charges({
        "2026-09-10": 7,
        "2026-09-11": 10,
        "2026-10-10": 5,
        "2026-10-11": 20,
        "2026-11-10": 1,
        "2026-12-10": 3,
        "2026-12-11": 9,
      }),
    });
    expect(statements.map((statement) => statement.totalCents)).toEqual([300n, 2100n, 1500n]);
    expect(statements.map((statement) => statement.closing)).toEqual(["2026-12-10", "2026-11-10", "2026-10-10"]);
  });

  it("settles the oldest charges first, after what was charged before the window", () => {
    const statements = build({
      chargesByDate: charges({ "2026-10-05": 100, "2026-10-15": 80, "2026-11-15": 30 }),
      chargesBeforeWindowCents: 4_000n,
      creditsCents: 16_000n,
    });
    expect(
      statements.map(({ totalCents, paidCents, remainingCents, status }) => ({
        totalCents,
        paidCents,
        remainingCents,
        status,
      })),
    ).toEqual([
      { totalCents: 3_000n, paidCents: 0n, remainingCents: 3_000n, status: "open" },
      { totalCents: 8_000n, paidCents: 2_000n, remainingCents: 6_000n, status: "overdue" },
      { totalCents: 10_000n, paidCents: 10_000n, remainingCents: 0n, status: "paid" },
    ]);
  });

  it("applies payments beyond every closed statement to the open one, which stays open", () => {
    const statements = build({
      chargesByDate: charges({ "2026-10-05": 100, "2026-11-15": 30 }),
      creditsCents: 12_000n,
    });
    expect(statements[0]).toMatchObject({
      totalCents: 3_000n,
      paidCents: 2_000n,
      remainingCents: 1_000n,
      status: "open",
    });
    expect(statements[2]).toMatchObject({ paidCents: 10_000n, status: "paid" });
  });

  it("is closed until its due date passes, overdue the day after, and open through its closing day", () => {
    const chargesByDate = charges({ "2026-10-15": 80 });
    expect(build({ chargesByDate, today: "2026-11-20" })[1]!.status).toBe("closed");
    expect(build({ chargesByDate, today: "2026-11-21" })[1]!.status).toBe("overdue");
    const onClosingDay = buildStatements({
      periods: recentPeriods("2026-11-10", 10, 1),
      chargesByDate,
      chargesBeforeWindowCents: 0n,
      creditsCents: 0n,
      today: "2026-11-10",
    });
    expect(onClosingDay[0]).toMatchObject({ closing: "2026-11-10", totalCents: 8_000n, status: "open" });
  });

  it("reports a closed period without charges as paid and never pays more than a statement's total", () => {
    const statements = build({ creditsCents: 50_000n });
    expect(statements.map((statement) => [statement.paidCents, statement.status])).toEqual([
      [0n, "open"],
      [0n, "paid"],
      [0n, "paid"],
    ]);
  });
});
