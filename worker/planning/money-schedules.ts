/**
 * Exact money schedules: the payments of an installment plan or a loan, in integer
 * cents, with every rounding rule written down. Pure arithmetic on BigInt rationals: no floats, no
 * clock, browser-safe (the calculators run it in the page too).
 *
 * Rounding rules (docs/api.md repeats them):
 * - A rate is a rational number: "1.99" % a month is 199/10000. A yearly rate is turned into the
 *   period's rate nominally (÷ periods per year, exact) or effectively ((1 + r)^(1/k) − 1, irrational:
 *   worked out to 24 decimal places, then used as that exact rational).
 * - Price (equal payments): the payment is P·r·(1+r)^n / ((1+r)^n − 1), computed exactly and
 *   rounded half up to the cent. Each period's interest is the balance × r rounded half up; the
 *   principal is the payment less the interest; the last payment is whatever clears the balance,
 *   so the principal parts sum to P exactly.
 * - SAC (constant amortization), as Brazilian banks print it (Caixa's tables): each principal part
 *   is P/n truncated to the cent, ⌊P/n⌋, and the LAST carries the cents left over (R$ 300.000,00 in
 *   360: 833,33 each, the last 834,53); interest as above; payment = principal part + interest.
 * - No interest: n equal parts of ⌊P/n⌋, the first carrying the leftover (R$ 100,00 em 3x = 33,34
 *   + 33,33 + 33,33).
 */
import { addDays, dayOfMonth, shiftMonth } from "../ledger/dates.ts";

/** A non-negative rate per period as an exact fraction. */
export type Rate = { numerator: bigint; denominator: bigint };

export const zeroRate: Rate = { numerator: 0n, denominator: 1n };

/** "1.99" (percent, up to 6 decimal places) → 199/10000; null when it is no such number. */
export function percentRate(percent: string): Rate | null {
  const match = /^(\d{1,4})(?:\.(\d{1,6}))?$/.exec(percent.trim());
  if (!match) return null;
  const decimals = match[2] ?? "";
  return { numerator: BigInt(`${match[1]}${decimals}`), denominator: 100n * 10n ** BigInt(decimals.length) };
}

/** Places the effective conversion works to: far below a cent on any balance the ledger allows. */
const rootScale = 10n ** 24n;

/** ⌊x^(1/k)⌋ for a BigInt x ≥ 0 (Newton's method on integers). */
function integerRoot(x: bigint, k: bigint): bigint {
  if (x < 2n) return x;
  let guess = 1n << BigInt(Math.ceil(x.toString(2).length / Number(k)));
  for (;;) {
    const next = ((k - 1n) * guess + x / guess ** (k - 1n)) / k;
    if (next >= guess) return guess;
    guess = next;
  }
}

/**
 * A yearly rate as the rate of one of `periodsPerYear` periods: nominal (r ÷ k, how an APR and a
 * spreadsheet's PMT read it) or effective ((1 + r)^(1/k) − 1, how Brazilian lenders quote "taxa
 * efetiva anual").
 */
export function periodRate(yearly: Rate, periodsPerYear: number, conversion: "nominal" | "effective"): Rate {
  const k = BigInt(periodsPerYear);
  if (conversion === "nominal") return { numerator: yearly.numerator, denominator: yearly.denominator * k };
  // (1 + r)^(1/k) at rootScale: the k-th root of (1 + r) · rootScale^k.
  const grown = ((yearly.denominator + yearly.numerator) * rootScale ** k) / yearly.denominator;
  return { numerator: integerRoot(grown, k) - rootScale, denominator: rootScale };
}

/** a / b rounded half up, for a ≥ 0 and b > 0. */
function roundedDivision(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** balance × rate, rounded half up to the cent. */
export function interestOn(balanceCents: bigint, rate: Rate): bigint {
  return roundedDivision(balanceCents * rate.numerator, rate.denominator);
}

/** The equal payment that pays `principalCents` off in `periods` at `rate` (Price table), to the cent. */
export function pricePayment(principalCents: bigint, rate: Rate, periods: number): bigint {
  const n = BigInt(periods);
  if (rate.numerator === 0n) return roundedDivision(principalCents, n);
  // With r = a/b: P·r·(1+r)^n / ((1+r)^n − 1) = P·a·(a+b)^n / (b·((a+b)^n − b^n)).
  const { numerator: a, denominator: b } = rate;
  const grown = (a + b) ** n;
  return roundedDivision(principalCents * a * grown, b * (grown - b ** n));
}

/** Equal parts of a total, the first carrying the leftover cents (installments "sem juros"). */
export function equalParts(totalCents: bigint, parts: number): bigint[] {
  const n = BigInt(parts);
  const part = totalCents / n;
  return Array.from({ length: parts }, (_, index) => (index === 0 ? totalCents - part * (n - 1n) : part));
}

/** SAC's principal part: ⌊total / parts⌋, so the parts before the last never take more than the total. */
export function sacPart(totalCents: bigint, parts: number): bigint {
  return totalCents / BigInt(parts);
}

export type ScheduleRow = {
  number: number;
  paymentCents: bigint;
  interestCents: bigint;
  principalCents: bigint;
  /** What is still owed after this payment. */
  remainingCents: bigint;
};

export type AmortizationSystem = "price" | "sac";

/**
 * Every payment of a loan or plan of `principalCents` over `periods` at `rate`: Price (equal
 * payments; without interest, equal parts, the first carrying the leftover cents) or SAC (equal
 * principal parts, the last carrying the leftover). The principal parts sum to `principalCents` exactly.
 */
export function schedule(
  principalCents: bigint,
  rate: Rate,
  periods: number,
  system: AmortizationSystem = "price",
): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  const part = sacPart(principalCents, periods);
  const parts = system === "price" && rate.numerator === 0n ? equalParts(principalCents, periods) : null;
  const payment = system === "price" && !parts ? pricePayment(principalCents, rate, periods) : 0n;
  /** The principal row `index` pays: the last clears what is left. */
  const principalOf = (index: number, interest: bigint, remaining: bigint) => {
    if (index === periods - 1) return remaining;
    if (system === "sac") return part;
    return parts ? parts[index]! : min(payment - interest, remaining);
  };
  let remaining = principalCents;
  for (let index = 0; index < periods; index++) {
    const interest = interestOn(remaining, rate);
    const principal = principalOf(index, interest, remaining);
    remaining -= principal;
    rows.push({
      number: index + 1,
      paymentCents: principal + interest,
      interestCents: interest,
      principalCents: principal,
      remainingCents: remaining,
    });
  }
  return rows;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

export type PaymentFrequency = "monthly" | "biweekly" | "weekly";

/** How many periods of each frequency a year holds (bi-weekly is every 14 days). */
export const periodsPerYear: Record<PaymentFrequency, number> = { monthly: 12, biweekly: 26, weekly: 52 };

/**
 * The k-th payment date (k ≥ 0) from the first: monthly ones counted from the first date, so a
 * day 31 falls on a shorter month's last day and comes back; bi-weekly every 14 days, weekly every 7.
 */
export function paymentDate(first: string, k: number, frequency: PaymentFrequency = "monthly"): string {
  if (frequency === "weekly") return addDays(first, 7 * k);
  if (frequency === "biweekly") return addDays(first, 14 * k);
  const { year, month } = shiftMonth(Number(first.slice(0, 4)), Number(first.slice(5, 7)), k);
  return dayOfMonth(year, month, Number(first.slice(8, 10)));
}

/** A monthly rate as a yearly one: × 12 (nominal) or (1 + r)^12 − 1 (effective), exactly. */
function yearlyOf(monthly: Rate, conversion: "nominal" | "effective"): Rate {
  if (conversion === "nominal") return { numerator: monthly.numerator * 12n, denominator: monthly.denominator };
  const denominator = monthly.denominator ** 12n;
  return { numerator: (monthly.denominator + monthly.numerator) ** 12n - denominator, denominator };
}

export type LoanTerms = {
  rate: Rate;
  ratePeriod: "year" | "month";
  conversion: "nominal" | "effective";
  termMonths: number;
  frequency: PaymentFrequency;
};

/**
 * A loan's number of payments and the rate of one: the term in months at the payment frequency
 * (rounded: a year is 26 bi-weekly payments), and the quoted rate turned into the period's. A
 * monthly rate with non-monthly payments goes through its yearly rate.
 */
export function loanPeriods(terms: LoanTerms): { periods: number; rate: Rate } {
  const perYear = periodsPerYear[terms.frequency];
  const periods = Math.max(1, Math.round((terms.termMonths * perYear) / 12));
  if (terms.ratePeriod === "month" && terms.frequency === "monthly") return { periods, rate: terms.rate };
  const yearly = terms.ratePeriod === "year" ? terms.rate : yearlyOf(terms.rate, terms.conversion);
  return { periods, rate: periodRate(yearly, perYear, terms.conversion) };
}
