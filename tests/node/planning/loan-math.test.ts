import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accruedInterest,
  daysBetween,
  loanTerms,
  openingState,
  projectedPayments,
  stateAfter,
} from "../../../worker/planning/loans/loan-math.ts";
import { percentRate, schedule } from "../../../worker/planning/money-schedules.ts";

const monthly = { firstPaymentDate: "2027-01-31", frequency: "monthly" as const, periodsPaid: 0, feeCents: 0n };

describe("a loan's arithmetic on its kept state", () => {
  it("projects an untouched loan exactly as the calculators' schedule, Price and SAC, for random loans", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000_000 }),
        fc.integer({ min: 0, max: 4_000 }),
        fc.integer({ min: 1, max: 360 }),
        fc.constantFrom("price" as const, "sac" as const),
        (principal, basisPoints, periods, system) => {
          const rate = percentRate((basisPoints / 100).toFixed(2))!;
          const expected = schedule(BigInt(principal), rate, periods, system);
          const projected = projectedPayments(openingState(BigInt(principal), rate, periods, system), rate, monthly);
          expect(projected.map((row) => [row.paymentCents, row.interestCents, row.principalCents])).toEqual(
            expected.map((row) => [row.paymentCents, row.interestCents, row.principalCents]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a SAC loan on the banks' table: 3,833.33 then 3,825.00, the part kept as it is paid, the leftover last", () => {
    const rate = percentRate("1")!;
    const opening = openingState(30_000_000n, rate, 360, "sac");
    expect(opening.regularCents).toBe(83_333n);
    const ahead = projectedPayments(opening, rate, monthly);
    expect(ahead.slice(0, 2).map((row) => row.paymentCents)).toEqual([383_333n, 382_500n]);
    expect(ahead.at(-1)!.principalCents).toBe(83_453n);
    // Each scheduled payment keeps the part, whichever the extra-payment mode: the leftover stays on the last.
    for (const mode of ["shorten_term", "lower_payment"] as const) {
      let state = opening;
      for (let paid = 0; paid < 300; paid++) {
        state = stateAfter(state, rate, { balanceCents: state.balanceCents - 83_333n, periodsGone: 1, mode });
      }
      expect(state).toMatchObject({ regularCents: 83_333n, remainingPeriods: 60 });
      expect(projectedPayments(state, rate, monthly).map((row) => row.principalCents)).toEqual([
        ...Array(59).fill(83_333n),
        83_453n,
      ]);
    }
  });

  it("after SAC principal paid ahead, keeps as many whole parts as the balance holds, or lowers the part", () => {
    const rate = percentRate("1")!;
    const opening = openingState(30_000_000n, rate, 360, "sac");
    const ahead = { balanceCents: 29_000_000n, periodsGone: 0 };
    const shorter = stateAfter(opening, rate, { ...ahead, mode: "shorten_term" });
    expect(shorter).toMatchObject({ regularCents: 83_333n, remainingPeriods: 348 });
    expect(projectedPayments(shorter, rate, monthly).at(-1)!.principalCents).toBe(83_449n);
    const lower = stateAfter(opening, rate, { ...ahead, mode: "lower_payment" });
    expect(lower).toMatchObject({ regularCents: 80_555n, remainingPeriods: 360 });
    expect(projectedPayments(lower, rate, monthly).at(-1)!.principalCents).toBe(80_755n);
  });

  it("dates payments from the first, a day 31 on shorter months' last day, with the fee on each", () => {
    const rate = percentRate("1")!;
    const rows = projectedPayments(openingState(300_000n, rate, 3, "price"), rate, { ...monthly, feeCents: 1_500n });
    expect(rows.map((row) => row.date)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(rows.every((row) => row.feeCents === 1_500n)).toBe(true);
    expect(rows[0]!.paymentCents - rows[0]!.principalCents - rows[0]!.interestCents).toBe(1_500n);
  });

  it("accrues one period's interest on the due date, and a share of it in between", () => {
    const rate = percentRate("1")!;
    const basis = {
      balanceCents: 1_000_000n,
      accruedFrom: "2027-01-01",
      periodStart: "2027-01-01",
      periodEnd: "2027-01-31",
    };
    expect(accruedInterest(basis, rate, "2027-01-31")).toBe(10_000n);
    expect(accruedInterest(basis, rate, "2027-01-16")).toBe(5_000n);
    expect(accruedInterest(basis, rate, "2026-12-31")).toBe(0n);
    expect(daysBetween("2027-02-01", "2027-03-01")).toBe(28);
  });

  it("after principal paid ahead, shortens the term keeping the payment, or keeps the term lowering it", () => {
    const { rate, periods } = loanTerms({
      interestRate: "12",
      interestRatePeriod: "year",
      rateConversion: "nominal",
      termMonths: 120,
      paymentFrequency: "monthly",
    });
    const opening = openingState(10_000_000n, rate, periods, "price");
    expect(opening.regularCents).toBe(143_471n);
    const shorter = stateAfter(opening, rate, { balanceCents: 5_000_000n, periodsGone: 1, mode: "shorten_term" });
    expect(shorter.regularCents).toBe(opening.regularCents);
    expect(shorter.remainingPeriods).toBeLessThan(119);
    const lower = stateAfter(opening, rate, { balanceCents: 5_000_000n, periodsGone: 1, mode: "lower_payment" });
    expect(lower.remainingPeriods).toBe(119);
    expect(lower.regularCents).toBeLessThan(opening.regularCents);
    const sac = openingState(12_000_000n, rate, periods, "sac");
    expect(sac.regularCents).toBe(100_000n);
    expect(stateAfter(sac, rate, { balanceCents: 6_000_000n, periodsGone: 1, mode: "shorten_term" })).toMatchObject({
      remainingPeriods: 60,
      regularCents: 100_000n,
    });
    expect(stateAfter(opening, rate, { balanceCents: 0n, periodsGone: 1, mode: "shorten_term" }).remainingPeriods).toBe(
      0,
    );
  });
});
