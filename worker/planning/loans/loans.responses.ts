import { z } from "zod";
import {
  amortizationSystems,
  currencies,
  extraPaymentModes,
  interestTypes,
  loanStatuses,
  paymentFrequencies,
  rateConversions,
  ratePeriods,
} from "../../../db/enums.ts";
import { loanTypes } from "../../../db/planning-enums.ts";
import { plannedFailureSchema } from "../planned.responses.ts";

/** What paying the loan off on `date` takes: the balance, the interest accrued by then and the period's fee. */
export const payoffResponseSchema = z.object({
  date: z.string(),
  amount: z.string(),
  balance: z.string(),
  interest: z.string(),
  fees: z.string(),
});

/** A loan as the API returns it, amounts in the payment account's currency. */
export const loanResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(loanTypes),
  lender: z.string().nullable(),
  loan_number: z.string().nullable(),
  currency: z.enum(currencies),
  principal_amount: z.string(),
  current_balance: z.string(),
  current_balance_cents: z.number().int(),
  /** Percent, as it was sent, per `interest_rate_period`. */
  interest_rate: z.string(),
  interest_rate_period: z.enum(ratePeriods),
  rate_conversion: z.enum(rateConversions),
  /** `variable` is kept; rate changes are not applied yet. */
  interest_type: z.enum(interestTypes),
  amortization_system: z.enum(amortizationSystems),
  term_months: z.number().int(),
  payment_frequency: z.enum(paymentFrequencies),
  extra_payment_mode: z.enum(extraPaymentModes),
  /** The next payment, its fee included; null when none is left. */
  payment_amount: z.string().nullable(),
  remaining_payments: z.number().int(),
  payments_made: z.number().int(),
  start_date: z.string(),
  first_payment_date: z.string(),
  /** Null unless active. */
  next_payment_date: z.string().nullable(),
  /** The last payment ahead's date, else the last one made. */
  maturity_date: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  /** `name` null once the account is gone. */
  payment_account: z.object({ uuid: z.string(), name: z.string().nullable() }),
  origination_fee: z.string(),
  monthly_fee: z.string(),
  status: z.enum(loanStatuses),
  /** Each scheduled payment is posted by itself on its date, from the payment account. */
  auto_pay: z.boolean(),
  /** Why the last automatic payment could not be posted (tried again every few minutes), or null. */
  failure: plannedFailureSchema,
  refinanced_from_id: z.string().nullable(),
  refinanced_to_id: z.string().nullable(),
  principal_paid: z.string(),
  /** Percent of the principal paid, 1 decimal. */
  progress: z.number(),
  interest_paid: z.string(),
  total_paid: z.string(),
  interest_remaining: z.string(),
  /** Null unless active. */
  payoff_today: payoffResponseSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** A loan with its payments ahead and those recorded, as a single loan's answers give it. */
export const loanDetailSchema = loanResponseSchema.extend({
  schedule: z.array(
    z.object({
      number: z.number().int(),
      date: z.string(),
      payment: z.string(),
      interest: z.string(),
      principal: z.string(),
      fees: z.string(),
      remaining_balance: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      uuid: z.string(),
      date: z.string(),
      amount: z.string(),
      fee: z.string(),
      interest: z.string(),
      principal: z.string(),
      balance_after: z.string(),
      is_payoff: z.boolean(),
      /** The expense it posted, while that exists. */
      transaction_id: z.string().nullable(),
    }),
  ),
});

/** GET /loans: every loan, latest start first. */
export const loanListSchema = z.object({ data: z.array(loanResponseSchema), meta: z.object({ today: z.string() }) });

/** GET /loans-statistics: the active loans, per currency (never converted). */
export const loanStatisticsSchema = z.object({
  active_loans: z.number().int(),
  by_currency: z.array(
    z.object({
      currency: z.enum(currencies),
      active_loans: z.number().int(),
      total_balance: z.string(),
      /** Each next payment × payments a year ÷ 12 (a bi-weekly payment counts 26/12 times). */
      monthly_payments: z.string(),
      interest_remaining: z.string(),
    }),
  ),
});

/** GET /loans-upcoming: by date, up to `meta.end_date`. */
export const upcomingLoanPaymentsSchema = z.object({
  data: z.array(
    z.object({
      loan_id: z.string(),
      name: z.string(),
      number: z.number().int(),
      date: z.string(),
      amount: z.string(),
      currency: z.enum(currencies),
      /** Its date passed unpaid. */
      is_overdue: z.boolean(),
    }),
  ),
  meta: z.object({ today: z.string(), end_date: z.string() }),
});
