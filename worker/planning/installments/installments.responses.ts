import { z } from "zod";
import { currencies } from "../../../db/enums.ts";
import { plannedFailureSchema, plannedSideSchema } from "../planned.responses.ts";

/**
 * - settled_before: paid before the plan was recorded here (never posted);
 * - paid: posted from the account (or linked to a transaction that paid it);
 * - charged: on the card, dated today or before (on a statement);
 * - scheduled: on the card, dated later (holding the limit until its statement is paid);
 * - due / overdue / upcoming: on the account, not posted, dated today / before / after today;
 * - dropped: left off by a cancel (or its transaction deleted).
 */
export const installmentStateSchema = z.enum([
  "settled_before",
  "paid",
  "charged",
  "scheduled",
  "due",
  "overdue",
  "upcoming",
  "dropped",
]);

/** On a card, the statement an installment is on; null on an account. */
const statementSchema = z.object({ closing_date: z.string(), due_date: z.string() }).nullable();

const paymentMethodSchema = z.enum(["card", "account"]);

/**
 * An installment plan as the API returns it, amounts in the currency of the card or account that pays.
 * `paid_amount` sums the installments settled before, paid or charged; `remaining_amount` the ones
 * scheduled, due, overdue or upcoming.
 */
export const installmentPlanResponseSchema = z.object({
  uuid: z.string(),
  description: z.string(),
  merchant: z.string().nullable(),
  notes: z.string().nullable(),
  purchase_date: z.string(),
  /** The price, before interest. */
  total_amount: z.string(),
  total_amount_cents: z.number().int(),
  currency: z.enum(currencies),
  installments_count: z.number().int(),
  /** Percent a month, as it was sent. */
  interest_rate: z.string(),
  /** On a card, its first statement's due date. */
  first_payment_date: z.string(),
  /** On a card, its due day. */
  day_of_month: z.number().int(),
  payment_method: paymentMethodSchema,
  origin: plannedSideSchema,
  origin_id: z.string().nullable(),
  tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })),
  tag_ids: z.array(z.string()),
  /** The installment people quote: the equal payment, or an equal part without the first's leftover cents. */
  monthly_payment: z.string(),
  total_interest: z.string(),
  total_with_interest: z.string(),
  installments_paid: z.number().int(),
  installments_settled_before: z.number().int(),
  paid_amount: z.string(),
  remaining_amount: z.string(),
  remaining_cents: z.number().int(),
  /** The first installment still owed, or null. */
  next_installment: z
    .object({ number: z.number().int(), date: z.string(), amount: z.string(), state: installmentStateSchema })
    .nullable(),
  /** `completed` once nothing is owed; `overdue` when an installment's date passed without it being posted. */
  status: z.enum(["active", "paused", "overdue", "completed", "cancelled"]),
  /** Kept paused (an overdue plan may be paused): resume is what it needs. */
  is_paused: z.boolean(),
  failure: plannedFailureSchema,
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** A plan with each of its installments, as a single plan's answers give it. */
export const installmentPlanDetailSchema = installmentPlanResponseSchema.extend({
  schedule: z.array(
    z.object({
      number: z.number().int(),
      date: z.string(),
      state: installmentStateSchema,
      payment: z.string(),
      interest: z.string(),
      principal: z.string(),
      remaining_balance: z.string(),
      /** The transaction that posted or paid it, while it exists. */
      transaction_id: z.string().nullable(),
      statement: statementSchema,
    }),
  ),
});

/** GET /installment-plans: every plan, latest purchase first. */
export const installmentPlanListSchema = z.object({
  data: z.array(installmentPlanResponseSchema),
  meta: z.object({ today: z.string() }),
});

/** An installment still owed, across plans, with its plan's words and where it is paid from. */
const owedInstallmentSchema = z.object({
  plan_id: z.string(),
  description: z.string(),
  merchant: z.string().nullable(),
  number: z.number().int(),
  installments_count: z.number().int(),
  date: z.string(),
  amount: z.string(),
  currency: z.enum(currencies),
  state: installmentStateSchema,
  payment_method: paymentMethodSchema,
  origin: plannedSideSchema,
  statement: statementSchema,
});

/** GET /installment-plans-upcoming: by date, up to `meta.end_date`. */
export const upcomingInstallmentsSchema = z.object({
  data: z.array(owedInstallmentSchema),
  meta: z.object({ today: z.string(), end_date: z.string() }),
});

/** GET /installment-plans-overdue: by date. */
export const overdueInstallmentsSchema = z.object({
  data: z.array(owedInstallmentSchema),
  meta: z.object({ today: z.string() }),
});

/** What plans take a month and still ask for, per currency (never converted) or per card or account. */
const commitmentFields = {
  active_plans: z.number().int(),
  /** Each plan's regular installment, summed. */
  monthly_commitment: z.string(),
  total_remaining: z.string(),
};

/** GET /installment-plans-statistics: over the plans not completed or cancelled. */
export const installmentStatisticsSchema = z.object({
  active_plans: z.number().int(),
  overdue_plans: z.number().int(),
  by_currency: z.array(z.object({ currency: z.enum(currencies), ...commitmentFields })),
  by_payment_source: z.array(
    z.object({ origin: plannedSideSchema, currency: z.enum(currencies), ...commitmentFields }),
  ),
  today: z.string(),
});

/** POST /installment-plans-execute-all: how many installments were posted, and the plans that could not post (why, a message key). */
export const executeAllInstallmentsSchema = z.object({
  posted: z.number().int(),
  failed: z.array(z.object({ plan_id: z.string(), reason: z.string() })),
});
