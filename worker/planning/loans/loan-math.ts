/**
 * A loan's arithmetic (README: "Loans"), on the kept state: the balance, the payments left and the
 * regular payment (Price) or principal part (SAC). Pure, integer cents, exact rates — the same
 * module of money schedules as the calculators and installment plans.
 *
 * - Interest accrues from the last payment (or the start) over the period it falls in: balance ×
 *   period rate × days elapsed ÷ days in the period, rounded half up. Paid on its due date, that is
 *   exactly one period's interest, as the calculators' schedule has it.
 * - A payment pays the fee (scheduled payments only), then the interest accrued, then principal.
 * - After a scheduled payment one period is gone. Principal paid beyond what was scheduled either
 *   shortens the term (the payment stays, fewer are left) or lowers the payment (as many are left,
 *   each smaller).
 */
import type { amortizationSystems, extraPaymentModes } from "../../../db/enums.ts";
import type { loans } from "../../../db/schema/index.ts";
import {
  equalParts,
  interestOn,
  loanPeriods,
  type PaymentFrequency,
  paymentDate,
  percentRate,
  pricePayment,
  type Rate,
  sacPart,
} from "../money-schedules.ts";

export type AmortizationSystem = (typeof amortizationSystems)[number];
export type ExtraPaymentMode = (typeof extraPaymentModes)[number];

export type LoanTermsInput = {
  interestRate: string;
  interestRatePeriod: "year" | "month";
  rateConversion: "nominal" | "effective";
  termMonths: number;
  paymentFrequency: PaymentFrequency;
};

/** The loan's number of payments and the rate of one period. */
export function loanTerms(terms: LoanTermsInput): { periods: number; rate: Rate } {
  return loanPeriods({
    rate: percentRate(terms.interestRate) ?? { numerator: 0n, denominator: 1n },
    ratePeriod: terms.interestRatePeriod,
    conversion: terms.rateConversion,
    termMonths: terms.termMonths,
    frequency: terms.paymentFrequency,
  });
}

/** The state a payment changes. */
export type LoanState = {
  balanceCents: bigint;
  remainingPeriods: number;
  /** Price: the regular payment; SAC: the principal part. */
  regularCents: bigint;
  system: AmortizationSystem;
};

/** Price without interest pays equal parts, the first carrying the leftover cents (the calculators' rule). */
const isInterestFreePrice = (system: AmortizationSystem, rate: Rate) => system === "price" && rate.numerator === 0n;

/** A new loan's state: Price's payment, or SAC's principal part (the last payment carrying the leftover). */
export function openingState(
  principalCents: bigint,
  rate: Rate,
  periods: number,
  system: AmortizationSystem,
): LoanState {
  const regularCents =
    system === "sac"
      ? sacPart(principalCents, periods)
      : isInterestFreePrice(system, rate)
        ? equalParts(principalCents, periods)[0]!
        : pricePayment(principalCents, rate, periods);
  return { balanceCents: principalCents, remainingPeriods: periods, regularCents, system };
}

/** The principal the next scheduled payment pays: Price's payment less the interest, or SAC's part; the last clears all. */
function scheduledPrincipal(state: LoanState, rate: Rate, interestCents: bigint): bigint {
  if (state.remainingPeriods <= 1) return state.balanceCents;
  const part =
    state.system === "sac"
      ? state.regularCents
      : isInterestFreePrice(state.system, rate)
        ? equalParts(state.balanceCents, state.remainingPeriods)[0]!
        : state.regularCents - interestCents;
  if (part < 0n) return 0n;
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
  return part > state.balanceCents ? state.balanceCents : part;
}

export type ProjectedPayment = {
  number: number;
  date: string;
  paymentCents: bigint;
  interestCents: bigint;
  principalCents: bigint;
  feeCents: bigint;
  remainingCents: bigint;
};

/**
 * The payments ahead, from the state, each a full period's interest: numbered and dated after the
 * `periodsPaid` already gone. A SAC part is the kept one (so an untouched loan's table is the
 * calculator's); the last payment clears the balance.
 */
export function projectedPayments(
  state: LoanState,
  rate: Rate,
  schedule: { firstPaymentDate: string; frequency: PaymentFrequency; periodsPaid: number; feeCents: bigint },
): ProjectedPayment[] {
  const rows: ProjectedPayment[] = [];
  if (state.balanceCents === 0n) return rows;
  let current = state;
  while (current.remainingPeriods > 0) {
    const interestCents = interestOn(current.balanceCents, rate);
    const principalCents = scheduledPrincipal(current, rate, interestCents);
    const period = schedule.periodsPaid + rows.length;
    rows.push({
      number: period + 1,
      date: paymentDate(schedule.firstPaymentDate, period, schedule.frequency),
      paymentCents: principalCents + interestCents + schedule.feeCents,
      interestCents,
      principalCents,
      feeCents: schedule.feeCents,
      remainingCents: current.balanceCents - principalCents,
    });
    current = {
      ...current,
      balanceCents: current.balanceCents - principalCents,
      remainingPeriods: current.remainingPeriods - 1,
    };
  }
  return rows;
}

/** Days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type AccrualBasis = {
  balanceCents: bigint;
  /** Interest runs from here: the last payment, or the start. */
  accruedFrom: string;
  /** The period the next payment closes: from the previous due date (or the start) to the next. */
  periodStart: string;
  periodEnd: string;
};

/** Interest accrued by `date`: balance × rate × elapsed days ÷ the period's days, rounded half up. */
export function accruedInterest(basis: AccrualBasis, rate: Rate, date: string): bigint {
  const elapsed = BigInt(Math.max(0, daysBetween(basis.accruedFrom, date)));
  const periodDays = BigInt(Math.max(1, daysBetween(basis.periodStart, basis.periodEnd)));
  return interestOn(basis.balanceCents, {
    numerator: rate.numerator * elapsed,
    denominator: rate.denominator * periodDays,
  });
}

/** The payments a Price loan needs to clear `balance` at `payment` a period; null when it never would. */
function periodsToClear(balanceCents: bigint, rate: Rate, paymentCents: bigint, most: number): number | null {
  for (let periods = 1; periods <= most; periods++) {
    if (pricePayment(balanceCents, rate, periods) <= paymentCents) return periods;
  }
  return null;
}

type StateChange = { balanceCents: bigint; periodsGone: number; mode: ExtraPaymentMode };

/**
 * SAC after a payment. While the schedule is kept the part stays, and the last payment carries what
 * is left over. Principal paid ahead shortens the term — as many whole parts as the balance holds,
 * the leftover on the last — or lowers the part to the balance over the payments left, truncated.
 */
function sacStateAfter(before: LoanState, change: StateChange, left: number): LoanState {
  const { balanceCents } = change;
  const part = before.regularCents;
  const isPaidAhead = balanceCents < before.balanceCents - part * BigInt(change.periodsGone);
  if (!isPaidAhead) return { ...before, balanceCents, remainingPeriods: left };
  if (change.mode === "lower_payment") {
    return { ...before, balanceCents, remainingPeriods: left, regularCents: sacPart(balanceCents, left) };
  }
  const periods = part > 0n ? Number(balanceCents / part) : left;
  return { ...before, balanceCents, remainingPeriods: Math.min(left, Math.max(1, periods)) };
}

/** The state after principal is paid beyond the schedule (or after a scheduled payment), by the chosen mode. */
export function stateAfter(before: LoanState, rate: Rate, change: StateChange): LoanState {
  const balanceCents = change.balanceCents;
  if (balanceCents === 0n) return { ...before, balanceCents, remainingPeriods: 0 };
  const left = Math.max(1, before.remainingPeriods - change.periodsGone);
  if (before.system === "sac") return sacStateAfter(before, change, left);
  const isInterestFree = isInterestFreePrice(before.system, rate);
  const recast = (): LoanState => ({
    ...before,
    balanceCents,
    remainingPeriods: left,
    regularCents: isInterestFree ? equalParts(balanceCents, left)[0]! : pricePayment(balanceCents, rate, left),
  });
  if (change.mode === "lower_payment") return recast();
  if (!isInterestFree) {
    const periods = periodsToClear(balanceCents, rate, before.regularCents, left);
    return periods === null ? recast() : { ...before, balanceCents, remainingPeriods: periods };
  }
  const part = before.regularCents > 0n ? before.regularCents : 1n;
  const periods = Number((balanceCents + part - 1n) / part);
  return { ...before, balanceCents, remainingPeriods: Math.min(left, Math.max(1, periods)) };
}

type LoanRow = typeof loans.$inferSelect;

/**
 * A kept loan's state, as the arithmetic takes it. A SAC part is at most the balance over the
 * payments left, so the last payment carries the leftover cents: loans kept before SAC followed the
 * banks' tables stored their first part, leftover included, and read as the same tables from here on.
 */
export function stateOf(loan: LoanRow): LoanState {
  const balanceCents = BigInt(loan.currentBalanceCents);
  const keptCents = BigInt(loan.regularCents);
  const isSac = loan.amortizationSystem === "sac" && loan.remainingPeriods > 0;
  const ceilingCents = isSac ? sacPart(balanceCents, loan.remainingPeriods) : keptCents;
  return {
    balanceCents,
    remainingPeriods: loan.remainingPeriods,
    regularCents: ceilingCents < keptCents ? ceilingCents : keptCents,
    system: loan.amortizationSystem,
  };
}

/** A kept loan's payments ahead (none once it is not active), each with its fee. */
export function paymentsAheadOf(loan: LoanRow): ProjectedPayment[] {
  if (loan.status !== "active") return [];
  return projectedPayments(stateOf(loan), loanTerms(loan).rate, {
    firstPaymentDate: loan.firstPaymentDate,
    frequency: loan.paymentFrequency,
    periodsPaid: loan.periodsPaid,
    feeCents: BigInt(loan.monthlyFeeCents),
  });
}
