import { z } from "zod";

/** One payment of a schedule; `date` when the calculation was given a first date. */
const scheduleRowSchema = z.object({
  number: z.number().int(),
  date: z.string().optional(),
  payment: z.string(),
  interest: z.string(),
  principal: z.string(),
  remaining_balance: z.string(),
});

/** A schedule's totals: the first payment (every other is the same with Price, or falls with SAC, bar the last's cents). */
const totalsFields = { payment: z.string(), total_interest: z.string(), total_paid: z.string() };

/** The loan's number of payments, and the rate of one as a decimal fraction with 10 places ("0.0100000000"). */
const periodFields = { periods: z.number().int(), period_rate: z.string() };

/** POST /installment-plans/calculate: the Price table, or equal parts without interest. */
export const installmentCalculationResponseSchema = z.object({ ...totalsFields, schedule: z.array(scheduleRowSchema) });

/** POST /loans/calculate. */
export const loanCalculationResponseSchema = z.object({ ...totalsFields, ...periodFields });

/** POST /loans/amortization: every payment dated. */
export const loanAmortizationResponseSchema = z.object({
  ...totalsFields,
  ...periodFields,
  schedule: z.array(scheduleRowSchema.required({ date: true })),
});
