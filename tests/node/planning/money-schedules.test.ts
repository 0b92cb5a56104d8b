import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  equalParts,
  interestOn,
  paymentDate,
  percentRate,
  periodRate,
  pricePayment,
  type Rate,
  schedule,
} from "../../../worker/planning/money-schedules.ts";

const rate = (percent: string) => percentRate(percent)!;
const monthlyOfYearly = (percent: string) => periodRate(rate(percent), 12, "nominal");
const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

describe("payments and schedules in exact cents", () => {
  it("matches numpy-financial's published PMT cases, to the cent", () => {
    // npf.pmt(0.075/12, 12*15, 200000) = -1854.0247200054619
    expect(pricePayment(20_000_000n, monthlyOfYearly("7.5"), 180)).toBe(185_402n);
    // npf.pmt(0.10/12, 12*12, 10000) = -119.5078262827336
    expect(pricePayment(1_000_000n, monthlyOfYearly("10"), 144)).toBe(11_951n);
    // npf.ppmt(0.085/12, 1, 12*12, 100000) = -401.72223098117627: the first principal part, within
    // the cent that rounding the payment (1110.0555… → 1110.06) and the interest (708.333… → 708.33) moves.
    const first = schedule(10_000_000n, monthlyOfYearly("8.5"), 144)[0]!;
    expect(first.interestCents).toBe(70_833n);
    expect(Math.abs(Number(first.principalCents) - 40_172.223)).toBeLessThan(1);
  });

  it("writes a SAC table: equal principal parts, interest on what is left, payments falling by the same step", () => {
    const rows = schedule(12_000_000n, rate("1"), 12, "sac");
    expect(rows.map((row) => row.principalCents)).toEqual(Array(12).fill(1_000_000n));
    expect(rows.map((row) => row.interestCents)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((k) => BigInt(k) * 10_000n),
    );
    expect(rows[0]!.paymentCents).toBe(1_120_000n);
    expect(rows[11]!.paymentCents).toBe(1_010_000n);
    expect(sum(rows.map((row) => row.interestCents))).toBe(780_000n);
    expect(rows.at(-1)!.remainingCents).toBe(0n);
  });

  it("writes SAC as the Brazilian banks print it: the part truncated to the cent, the leftover on the last payment", () => {
    // R$ 300.000,00 at 1 % a month over 360 months: 833,33 a month (Caixa's table), the last 833,53.
    const rows = schedule(30_000_000n, rate("1"), 360, "sac");
    expect(rows.slice(0, 2).map((row) => [row.paymentCents, row.interestCents, row.principalCents])).toEqual([
      [383_333n, 300_000n, 83_333n],
      [382_500n, 299_167n, 83_333n],
    ]);
    expect(rows.slice(0, -1).every((row) => row.principalCents === 83_333n)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ principalCents: 83_453n, interestCents: 835n, paymentCents: 84_288n });
    expect(sum(rows.map((row) => row.principalCents))).toBe(30_000_000n);
    // Fewer cents than payments: nothing before the last, which pays it all.
    expect(schedule(2n, rate("0"), 3, "sac").map((row) => row.principalCents)).toEqual([0n, 0n, 2n]);
  });

  it("splits without interest into equal parts, the first carrying the leftover cents", () => {
    expect(equalParts(10_000n, 3)).toEqual([3_334n, 3_333n, 3_333n]);
    expect(schedule(10_000n, rate("0"), 3).map((row) => row.paymentCents)).toEqual([3_334n, 3_333n, 3_333n]);
    expect(equalParts(5n, 10)).toEqual([5n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]);
  });

  it("converts a yearly rate nominally (÷ k) or effectively ((1 + r)^(1/k) − 1)", () => {
    expect(periodRate(rate("12"), 12, "nominal")).toEqual({ numerator: 12n, denominator: 1200n });
    // 1.1² = 1.21: a yearly 21 % effective is 10 % a half-year.
    const half = periodRate(rate("21"), 2, "effective");
    expect(Number(half.numerator - 10n ** 23n)).toBeLessThanOrEqual(1);
    expect(half.numerator).toBeGreaterThanOrEqual(10n ** 23n - 1n);
    // 1.01^12 = 1.126825030131969720661201: 12.682503 % a year effective is 1 % a month, near enough.
    const monthly = periodRate(rate("12.682503"), 12, "effective");
    expect(Math.abs(Number(monthly.numerator) / Number(monthly.denominator) - 0.01)).toBeLessThan(1e-9);
  });

  it("refuses rates that are no percentage", () => {
    for (const typed of ["", "abc", "-1", "1,5", "1.1234567", "12345"]) expect(percentRate(typed)).toBeNull();
    expect(percentRate("1.99")).toEqual({ numerator: 199n, denominator: 10_000n });
  });

  it("dates monthly payments from the first, on the month's last day when it is shorter", () => {
    expect([0, 1, 2, 3].map((k) => paymentDate("2026-01-31", k))).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(paymentDate("2027-01-29", 1)).toBe("2027-02-28");
    expect(paymentDate("2028-01-29", 1)).toBe("2028-02-29");
    expect(paymentDate("2026-12-15", 2, "biweekly")).toBe("2027-01-12");
    expect(paymentDate("2026-12-15", 3, "weekly")).toBe("2027-01-05");
  });

  it("lays out a 360-month mortgage whose parts sum to the principal exactly, either system", () => {
    const monthly = periodRate(rate("9.5"), 12, "effective");
    for (const system of ["price", "sac"] as const) {
      const rows = schedule(50_000_000n, monthly, 360, system);
      expect(rows).toHaveLength(360);
      expect(sum(rows.map((row) => row.principalCents))).toBe(50_000_000n);
      expect(rows.at(-1)!.remainingCents).toBe(0n);
    }
  });
});

/** A rate of up to 5 % a period with up to 4 decimals, or none. */
const rates = fc
  .integer({ min: 0, max: 50_000 })
  .map((tenThousandths): Rate => ({ numerator: BigInt(tenThousandths), denominator: 1_000_000n }));

describe("any schedule (property)", () => {
  it("pays the principal back exactly: parts sum to it, nothing is owed at the end, interest is on what was owed", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: 1n, max: 1_000n }), fc.bigInt({ min: 1n, max: 10_000_000_000n })),
        rates,
        fc.integer({ min: 1, max: 360 }),
        fc.constantFrom("price" as const, "sac" as const),
        (principal, periodRate, periods, system) => {
          const rows = schedule(principal, periodRate, periods, system);
          expect(rows).toHaveLength(periods);
          expect(sum(rows.map((row) => row.principalCents))).toBe(principal);
          expect(rows.at(-1)!.remainingCents).toBe(0n);
          let owed = principal;
          for (const row of rows) {
            expect(row.interestCents).toBe(interestOn(owed, periodRate));
            expect(row.paymentCents).toBe(row.principalCents + row.interestCents);
            expect(row.principalCents).toBeGreaterThanOrEqual(0n);
            owed -= row.principalCents;
            expect(row.remainingCents).toBe(owed);
          }
          if (system === "price" && periodRate.numerator > 0n) {
            // Every payment is the Price payment, but the last (it clears what is left) and any that
            // clears the balance early (a payment rounded up, on a few cents over many months).
            const payment = pricePayment(principal, periodRate, periods);
            for (const row of rows.slice(0, -1)) {
              if (row.remainingCents > 0n) expect(row.paymentCents).toBe(payment);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
