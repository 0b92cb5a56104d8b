import { describe, expect, it } from "vitest";
import { addDays } from "../../../worker/ledger/dates.ts";
import { bestPurchaseDay, dueDayTenDaysAfter } from "../../../worker/ledger/rules/card-rules.ts";
import {
  buildStatements,
  closingDateFor,
  dueDateFor,
  periodClosingOn,
  recentPeriods,
  statementPeriodOn,
} from "../../../worker/cards/statements.ts";

/** A cycle due 10 days after closing, as every card was before it had a due day. */
const tenDaysAfter = (billingDay: number) => ({ billingDay, dueDay: dueDayTenDaysAfter(billingDay) });

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
    expect(periodClosingOn("2026-02-28", tenDaysAfter(31))).toEqual({
      start: "2026-02-01",
      closing: "2026-02-28",
      due: "2026-03-10",
    });
    expect(periodClosingOn("2028-02-29", tenDaysAfter(31))).toEqual({
      start: "2028-02-01",
      closing: "2028-02-29",
      due: "2028-03-10",
    });
    expect(periodClosingOn("2026-03-31", tenDaysAfter(31))).toEqual({
      start: "2026-03-01",
      closing: "2026-03-31",
      due: "2026-04-10",
    });
    expect(periodClosingOn("2028-03-31", tenDaysAfter(31)).start).toBe("2028-03-01");
  });

  it("clamps days 30 and 31 to shorter months and starts the next period the day after", () => {
    expect(closingDateFor("2026-04-15", 31)).toBe("2026-04-30");
    expect(closingDateFor("2026-05-31", 30)).toBe("2026-06-30");
    expect(periodClosingOn("2026-03-30", tenDaysAfter(30))).toEqual({
      start: "2026-03-01",
      closing: "2026-03-30",
      due: "2026-04-10",
    });
    expect(periodClosingOn("2026-04-30", tenDaysAfter(30)).start).toBe("2026-03-31");
    expect(periodClosingOn("2026-05-31", tenDaysAfter(31)).start).toBe("2026-05-01");
    expect(periodClosingOn("2026-12-31", tenDaysAfter(31))).toEqual({
      start: "2026-12-01",
      closing: "2026-12-31",
      due: "2027-01-10",
    });
  });

  it("is due on the due day of the next month when it is not after the closing day, across a year end", () => {
    expect(periodClosingOn("2026-12-25", { billingDay: 25, dueDay: 5 })).toEqual({
      start: "2026-11-26",
      closing: "2026-12-25",
      due: "2027-01-05",
    });
    expect(dueDateFor("2026-11-10", { billingDay: 10, dueDay: 10 })).toBe("2026-12-10");
    expect(dueDateFor("2026-11-03", { billingDay: 3, dueDay: 13 })).toBe("2026-11-13");
  });

  // [closing date, billing day, due day, due date]: month ends, February in common and leap years.
  const dueDates: Array<[string, number, number, string]> = [
    ["2026-01-31", 31, 30, "2026-02-28"],
    ["2028-01-31", 31, 30, "2028-02-29"],
    ["2026-02-28", 31, 30, "2026-03-30"],
    ["2026-02-28", 31, 31, "2026-03-31"],
    ["2026-02-28", 28, 31, "2026-02-28"],
    ["2026-02-20", 20, 31, "2026-02-28"],
    ["2028-02-20", 20, 30, "2028-02-29"],
    ["2026-03-31", 31, 31, "2026-04-30"],
    ["2026-04-30", 31, 1, "2026-05-01"],
    ["2026-12-31", 31, 10, "2027-01-10"],
    ["2026-06-05", 5, 31, "2026-06-30"],
    ["2026-01-01", 1, 1, "2026-02-01"],
  ];
  it.each(dueDates)("closing %s (day %i), due day %i: due %s", (closing, billingDay, dueDay, due) => {
    expect(dueDateFor(closing, { billingDay, dueDay })).toBe(due);
  });

  it("is never due before it closes, nor more than a month and a day after", () => {
    for (let billingDay = 1; billingDay <= 31; billingDay++)
      for (let dueDay = 1; dueDay <= 31; dueDay++)
        for (const today of ["2026-01-15", "2026-02-15", "2028-02-15", "2026-04-15", "2026-12-20"]) {
          const { closing, due } = recentPeriods(today, { billingDay, dueDay }, 1)[0]!;
          expect(due >= closing, `${closing} ${billingDay}/${dueDay}`).toBe(true);
          expect(due <= addDays(closing, 32), `${closing} ${billingDay}/${dueDay}`).toBe(true);
        }
  });

  it("names the day after closing the best day to buy, the 1st after day 31", () => {
    expect([1, 10, 30, 31].map(bestPurchaseDay)).toEqual([2, 11, 31, 1]);
  });

  it("lists the open period holding today first, then earlier ones, with no gaps or overlaps", () => {
    expect(recentPeriods("2026-11-21", tenDaysAfter(10), 3)).toEqual([
      { start: "2026-11-11", closing: "2026-12-10", due: "2026-12-20" },
      { start: "2026-10-11", closing: "2026-11-10", due: "2026-11-20" },
      { start: "2026-09-11", closing: "2026-10-10", due: "2026-10-20" },
    ]);
    expect(recentPeriods("2026-11-10", tenDaysAfter(10), 1)).toEqual([
      { start: "2026-10-11", closing: "2026-11-10", due: "2026-11-20" },
    ]);
    for (let day = 1; day <= 31; day++) {
      const periods = recentPeriods("2028-03-15", tenDaysAfter(day), 24);
      expect(periods).toHaveLength(24);
      expect(periods[0]!.start <= "2028-03-15" && "2028-03-15" <= periods[0]!.closing).toBe(true);
      for (let index = 1; index < periods.length; index++) {
        expect(periods[index - 1]!.start).toBe(addDays(periods[index]!.closing, 1));
      }
    }
  });

  it("lists no period before the card's first day, the period holding it included", () => {
    const cycle = tenDaysAfter(10);
    expect(recentPeriods("2026-11-21", cycle, 6, "2026-11-21").map((period) => period.closing)).toEqual(["2026-12-10"]);
    expect(recentPeriods("2026-11-21", cycle, 6, "2026-10-11").map((period) => period.closing)).toEqual([
      "2026-12-10",
      "2026-11-10",
    ]);
    // A purchase backdated to before the card was created keeps its statement.
    expect(recentPeriods("2026-11-21", cycle, 6, "2026-10-10").map((period) => period.closing)).toEqual([
      "2026-12-10",
      "2026-11-10",
      "2026-10-10",
    ]);
  });

  it("finds a statement by its closing date only among the card's own", () => {
    const cycle = tenDaysAfter(10);
    const on = (closing: string) => statementPeriodOn(closing, "2026-11-21", cycle, "2026-09-01");
    expect(on("2026-11-10")).toEqual({ start: "2026-10-11", closing: "2026-11-10", due: "2026-11-20" });
    expect(on("2026-12-10")?.start).toBe("2026-11-11");
    expect(on("2026-09-10")?.start).toBe("2026-08-11");
    expect(on("2026-11-11")).toBeNull();
    expect(on("2027-01-10")).toBeNull();
    expect(on("2026-08-10")).toBeNull();
    expect(statementPeriodOn("2026-02-28", "2026-03-05", tenDaysAfter(31), "2026-01-01")?.start).toBe("2026-02-01");
  });

  it("walks billing day 31 back through February in a leap year", () => {
    expect(recentPeriods("2028-03-15", tenDaysAfter(31), 3).map((period) => [period.start, period.closing])).toEqual([
      ["2028-03-01", "2028-03-31"],
      ["2028-02-01", "2028-02-29"],
      ["2028-01-01", "2028-01-31"],
    ]);
  });
});

describe("card statements", () => {
  const periods = recentPeriods("2026-11-21", tenDaysAfter(10), 3);
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
      statements.map(({ totalCents, paidCents, remainingCents, toSettleCents, status }) => ({
        totalCents,
        paidCents,
        remainingCents,
        toSettleCents,
        status,
      })),
    ).toEqual([
      // Settling the open statement pays what October still owes too.
      { totalCents: 3_000n, paidCents: 0n, remainingCents: 3_000n, toSettleCents: 9_000n, status: "open" },
      { totalCents: 8_000n, paidCents: 2_000n, remainingCents: 6_000n, toSettleCents: 6_000n, status: "overdue" },
      { totalCents: 10_000n, paidCents: 10_000n, remainingCents: 0n, toSettleCents: 0n, status: "paid" },
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
    expect(statements[2]).toMatchObject({ paidCents: 10_000n, toSettleCents: 0n, status: "paid" });
    expect(statements[0]!.toSettleCents).toBe(1_000n);
  });

  it("is closed until its due date passes, overdue the day after, and open through its closing day", () => {
    const chargesByDate = charges({ "2026-10-15": 80 });
    expect(build({ chargesByDate, today: "2026-11-20" })[1]!.status).toBe("closed");
    expect(build({ chargesByDate, today: "2026-11-21" })[1]!.status).toBe("overdue");
    const onClosingDay = buildStatements({
      periods: recentPeriods("2026-11-10", tenDaysAfter(10), 1),
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
