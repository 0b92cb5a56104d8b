import { z } from "zod";
import {
  amortizationSystems,
  extraPaymentModes,
  interestTypes,
  paymentFrequencies,
  rateConversions,
  ratePeriods,
} from "../../../db/enums.ts";
import { loanTypes } from "../../../db/planning-enums.ts";
import { percentTextSchema, wholeNumber } from "../calculators/calculators.schemas.ts";
import { amountSchema, positiveAmountSchema } from "../../ledger/money.ts";
import { dateSchema } from "../../ledger/dates.schemas.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalText = (max: number) => z.string().trim().max(max, "errors:fields.tooLong").nullish();

/** How a loan's rate is quoted and paid (also a refinance's new terms). */
const termsFields = {
  interest_rate: percentTextSchema,
  interest_rate_period: z.enum(ratePeriods, { error: "errors:fields.ratePeriod" }).default("year"),
  rate_conversion: z.enum(rateConversions, { error: "errors:fields.rateConversion" }).default("nominal"),
  term_months: wholeNumber("errors:fields.loanTerm", 600),
  payment_frequency: z.enum(paymentFrequencies, { error: "errors:fields.paymentFrequency" }).default("monthly"),
  amortization_system: z.enum(amortizationSystems, { error: "errors:fields.amortizationSystem" }).default("price"),
  /** The first payment's date; default one period after the start. */
  first_payment_date: dateSchema.nullish(),
};

/** The words of a loan, which can change at any time. */
const descriptiveFields = {
  name: z
    .string({ error: "errors:fields.nameRequired" })
    .trim()
    .min(1, "errors:fields.nameRequired")
    .max(100, "errors:fields.tooLong"),
  description: optionalText(1000),
  type: z.enum(loanTypes, { error: "errors:fields.loanType" }).default("personal"),
  lender: optionalText(255),
  loan_number: optionalText(100),
  interest_type: z.enum(interestTypes, { error: "errors:fields.interestType" }).default("fixed"),
  extra_payment_mode: z.enum(extraPaymentModes, { error: "errors:fields.extraPaymentMode" }).default("shorten_term"),
  monthly_fee: amountSchema.default(0),
};

const autoPaySchema = z.boolean({ error: "errors:fields.autoPay" });

/** POST /loans: the amount borrowed, its terms, and the account that pays it. */
export const loanSchema = z.object({
  ...descriptiveFields,
  ...termsFields,
  principal_amount: positiveAmountSchema,
  start_date: z.string({ error: "errors:fields.dateRequired" }).pipe(dateSchema),
  payment_account_id: z
    .string({ error: "errors:fields.paymentAccount" })
    .regex(uuid, "errors:fields.paymentAccount")
    .transform((id) => id.toLowerCase()),
  origination_fee: amountSchema.default(0),
  /** Each scheduled payment posted by itself on its date, from the payment account. */
  auto_pay: autoPaySchema.default(false),
});
export type LoanInput = z.infer<typeof loanSchema>;

/**
 * PUT /loans/{id}: its words, its rate type, what extra payments do and the fee ahead; the money
 * stays. `status` marks an active loan defaulted (payments stopped) or a defaulted one active again;
 * `auto_pay` turns the automatic payments on or off. Either is kept when not sent.
 */
export const loanEditSchema = z.object({
  ...descriptiveFields,
  status: z.enum(["active", "defaulted"], { error: "errors:fields.loanStatus" }).optional(),
  auto_pay: autoPaySchema.optional(),
});
export type LoanEdit = z.infer<typeof loanEditSchema>;

/** POST /loans/{id}/record-payment */
export const loanPaymentSchema = z.object({
  amount: positiveAmountSchema,
  date: dateSchema.optional(),
  /** scheduled: the period's payment (its fee due, one period gone); extra: principal paid ahead. */
  kind: z.enum(["scheduled", "extra"], { error: "errors:fields.paymentKind" }).default("scheduled"),
  extra_payment_mode: z.enum(extraPaymentModes, { error: "errors:fields.extraPaymentMode" }).optional(),
  /** The expense's description; default the loan's name and the payment's number ("Car (13/48)"). */
  description: z
    .string()
    .trim()
    .min(1, "errors:fields.descriptionRequired")
    .max(255, "errors:fields.tooLong")
    .optional(),
});
export type LoanPaymentInput = z.infer<typeof loanPaymentSchema>;

/** GET /loans/{id}/payoff?date= and POST /loans/{id}/pay-off */
export const payoffSchema = z.object({
  date: dateSchema.optional(),
  description: z
    .string()
    .trim()
    .min(1, "errors:fields.descriptionRequired")
    .max(255, "errors:fields.tooLong")
    .optional(),
});

/** POST /loans/{id}/refinance: the new loan's terms, for what is owed on it today. */
export const refinanceSchema = z.object({
  ...termsFields,
  name: descriptiveFields.name.optional(),
  lender: optionalText(255),
});
export type RefinanceInput = z.infer<typeof refinanceSchema>;
