/**
 * The calculators: what an installment plan or a loan would cost, before anything is
 * saved. Nothing is read but the caller's membership, nothing is written; the arithmetic is
 * worker/planning/money-schedules.ts, the one every saved plan and loan will use.
 */
import type { z } from "zod";
import type { ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import { hundredthsToDecimal, unitsToDecimal } from "../../ledger/amounts.ts";
import { unitsIn } from "../../ledger/amount-in-currency.ts";
import {
  loanPeriods,
  type PaymentFrequency,
  paymentDate,
  type Rate,
  type ScheduleRow,
  schedule,
} from "../money-schedules.ts";
import { assertScheduleEndsInRange } from "../schedule-range.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import type {
  installmentCalculationResponseSchema,
  loanAmortizationResponseSchema,
  loanCalculationResponseSchema,
} from "./calculators.responses.ts";
import type { InstallmentCalculation, LoanAmortization, LoanCalculation } from "./calculators.schemas.ts";

const sum = (rows: ScheduleRow[], field: "paymentCents" | "interestCents") =>
  rows.reduce((total, row) => total + row[field], 0n);

/** A rate per period as a decimal fraction with 10 places ("0.0199000000"), for people to read. */
function rateText(rate: Rate): string {
  const scaled = (rate.numerator * 10n ** 10n * 2n + rate.denominator) / (2n * rate.denominator);
  return `${scaled / 10n ** 10n}.${(scaled % 10n ** 10n).toString().padStart(10, "0")}`;
}

/** The figures' text: in the currency's own places when the caller named one, else with 2. */
const decimalIn = (currency: string | undefined) => (units: bigint) =>
  currency ? unitsToDecimal(units, currency) : hundredthsToDecimal(units);

/** The principal in the currency's minor units (hundredths when none was named). */
const principalIn = (hundredths: number, currency: string | undefined, field: string) =>
  BigInt(currency ? unitsIn(hundredths, currency, field) : hundredths);

const amountsOf = (row: ScheduleRow, text: (units: bigint) => string) => ({
  payment: text(row.paymentCents),
  interest: text(row.interestCents),
  principal: text(row.principalCents),
  remaining_balance: text(row.remainingCents),
});

const undatedRows = (rows: ScheduleRow[], text: (units: bigint) => string) =>
  rows.map((row) => ({ number: row.number, ...amountsOf(row, text) }));

const datedRows = (rows: ScheduleRow[], text: (units: bigint) => string, dateOf: (index: number) => string) =>
  rows.map((row, index) => ({ number: row.number, date: dateOf(index), ...amountsOf(row, text) }));

function totals(rows: ScheduleRow[], text: (units: bigint) => string) {
  return {
    // The first payment: every other is the same (Price) or falls by a step (SAC), bar the last's cents.
    payment: text(rows[0]!.paymentCents),
    total_interest: text(sum(rows, "interestCents")),
    total_paid: text(sum(rows, "paymentCents")),
  };
}

/** POST /installment-plans/calculate: the installment, the interest and the schedule (dated from the first payment, when given). */
export async function calculateInstallments({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & InstallmentCalculation>): Promise<z.infer<typeof installmentCalculationResponseSchema>> {
  await readInWorkspace(ctx, input.workspaceId, "workspace.read", {});
  const rows = schedule(
    principalIn(input.principal, input.currency, "principal"),
    input.interest_rate,
    input.months,
    "price",
  );
  const first = input.first_payment_date;
  if (first) assertScheduleEndsInRange(paymentDate(first, input.months - 1), "months");
  const text = decimalIn(input.currency);
  return {
    ...totals(rows, text),
    schedule: first ? datedRows(rows, text, (index) => paymentDate(first, index)) : undatedRows(rows, text),
  };
}

/** The loan's periods and the rate of one (money-schedules.ts: loanPeriods). */
function loanTerms(input: LoanCalculation) {
  const frequency: PaymentFrequency = input.payment_frequency;
  const { periods, rate } = loanPeriods({
    rate: input.interest_rate,
    ratePeriod: input.interest_rate_period,
    conversion: input.rate_conversion,
    termMonths: input.term_months,
    frequency,
  });
  return { frequency, periods, rate };
}

/** POST /loans/calculate: the payment, the interest and the total over the loan's term. */
export async function calculateLoan({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & LoanCalculation>): Promise<z.infer<typeof loanCalculationResponseSchema>> {
  await readInWorkspace(ctx, input.workspaceId, "workspace.read", {});
  const { periods, rate } = loanTerms(input);
  const principal = principalIn(input.principal_amount, input.currency, "principal_amount");
  const rows = schedule(principal, rate, periods, input.amortization_system);
  return { ...totals(rows, decimalIn(input.currency)), periods, period_rate: rateText(rate) };
}

/** POST /loans/amortization: the whole schedule, each payment dated. */
export async function loanAmortization({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & LoanAmortization>): Promise<z.infer<typeof loanAmortizationResponseSchema>> {
  await readInWorkspace(ctx, input.workspaceId, "workspace.read", {});
  const { frequency, periods, rate } = loanTerms(input);
  assertScheduleEndsInRange(paymentDate(input.start_date, periods - 1, frequency), "term_months");
  const principal = principalIn(input.principal_amount, input.currency, "principal_amount");
  const rows = schedule(principal, rate, periods, input.amortization_system);
  const text = decimalIn(input.currency);
  return {
    ...totals(rows, text),
    periods,
    period_rate: rateText(rate),
    schedule: datedRows(rows, text, (index) => paymentDate(input.start_date, index, frequency)),
  };
}
