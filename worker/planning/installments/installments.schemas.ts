import { z } from "zod";
import { percentTextSchema, wholeNumber } from "../calculators/calculators.schemas.ts";
import { queryWholeNumberSchema, wholeNumberSchema } from "../../http/whole-numbers.schemas.ts";
import { positiveAmountSchema } from "../../ledger/money.ts";
import { notesSchema } from "../planned.schemas.ts";
import { dateSchema } from "../../ledger/dates.schemas.ts";
import { descriptionSchema, legSchema, tagIdsSchema } from "../../transactions/transactions.schemas.ts";

/**
 * POST /installment-plans. The card or account that pays is `origin`
 * ("card:{uuid}" | "account:{uuid}", or `origin_id`); the currency is its own. On a card the
 * installments follow its statements, so the first payment date and day of month are the card's;
 * on an account the first payment date is required and the day of month defaults to its day.
 * `installments_paid`: how many were paid before the plan is recorded here (shown paid, never posted).
 */
export const installmentPlanSchema = z
  .object({
    description: descriptionSchema,
    merchant: z.string().trim().max(255, "errors:fields.tooLong").nullish(),
    notes: notesSchema,
    purchase_date: z.string({ error: "errors:fields.dateRequired" }).pipe(dateSchema),
    total_amount: positiveAmountSchema,
    installments_count: wholeNumber("errors:fields.installmentCount", 360),
    interest_rate: percentTextSchema.default("0"),
    first_payment_date: dateSchema.nullish(),
    day_of_month: wholeNumberSchema("errors:fields.dayOfMonth", 1, 31).nullish(),
    origin: legSchema,
    tag_ids: tagIdsSchema.optional(),
    installments_paid: wholeNumberSchema("errors:fields.installmentsPaid", 0, 359).default(0),
  })
  .refine((plan) => plan.installments_paid < plan.installments_count, {
    path: ["installments_paid"],
    message: "errors:fields.installmentsPaid",
  });
export type InstallmentPlanInput = z.infer<typeof installmentPlanSchema>;

/** The same body as a client sends it, for the API's document: each required field under either of its names. */
export const installmentPlanPayloadSchema = z.object({
  ...installmentPlanSchema.shape,
  installments_count: installmentPlanSchema.shape.installments_count
    .optional()
    .meta({ description: "Required, here or as `installments`." }),
  installments: installmentPlanSchema.shape.installments_count
    .optional()
    .meta({ description: "`installments_count`, as other clients name it." }),
  origin: installmentPlanSchema.shape.origin
    .optional()
    .meta({ description: 'Required, here or as `origin_id`: "card:{uuid}" or "account:{uuid}".' }),
  origin_id: legSchema.optional().meta({ description: "`origin`, as other clients name it." }),
});

/** `origin_id` and `installments` (the count) as other clients send them. */
export function normaliseInstallmentPlanBody(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const { origin_id, installments, ...rest } = raw as Record<string, unknown>;
  return {
    ...rest,
    origin: rest.origin ?? origin_id,
    installments_count: rest.installments_count ?? installments,
  };
}

/** PUT /installment-plans/{id}: what can change once money follows the plan — its words and tags. */
export const installmentPlanEditSchema = z.object({
  description: descriptionSchema,
  merchant: z.string().trim().max(255, "errors:fields.tooLong").nullish(),
  notes: notesSchema,
  tag_ids: tagIdsSchema.optional(),
});
export type InstallmentPlanEdit = z.infer<typeof installmentPlanEditSchema>;

/** POST /installment-plans/{id}/record-payment: a transaction already recorded that paid the next installment. */
export const recordInstallmentPaymentSchema = z.object({
  transaction_id: z.string({ error: "errors:fields.transactionId" }).trim().min(1, "errors:fields.transactionId"),
  amount: positiveAmountSchema.optional(),
});
export type RecordInstallmentPayment = z.infer<typeof recordInstallmentPaymentSchema>;

/** GET /installment-plans-upcoming?days=30 */
export const upcomingDaysSchema = z.object({
  days: queryWholeNumberSchema("errors:fields.upcomingDays", 1, 366).default(30),
});
