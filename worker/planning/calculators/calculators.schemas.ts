import { z } from "zod";
import { currencies } from "../../../db/enums.ts";
import { wholeNumberSchema } from "../../http/whole-numbers.schemas.ts";
import { positiveAmountSchema } from "../../ledger/money.ts";
import { percentRate, type Rate, zeroRate } from "../money-schedules.ts";
import { dateSchema } from "../../ledger/dates.schemas.ts";

/** A rate in percent as a decimal string or number ("1.99", 1.99), 0 to 1,000, up to 6 decimals, as the text it was. */
export const percentTextSchema = z.unknown().transform((value, context): string => {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const rate = typeof text === "string" ? percentRate(text) : null;
  if (!rate || rate.numerator > rate.denominator * 10n) {
    context.addIssue({ code: "custom", message: "errors:fields.interestRate" });
    return z.NEVER;
  }
  return (text as string).trim();
});

z.globalRegistry.add(percentTextSchema, {
  description: 'A percentage from 0 to 1,000 with at most 6 places, as a JSON number or a string: 1.99, "1.99".',
  anyOf: [{ type: "number" }, { type: "string", pattern: "^\\d{1,4}(\\.\\d{1,6})?$" }],
});

/** The same rate as an exact fraction. */
const percentSchema = percentTextSchema.transform((text): Rate => percentRate(text)!);

/** The currency the figures are in, when the caller knows it (a plan's card, a loan's account): the yen's have no decimals. */
const calculationCurrency = z.enum(currencies, { error: "errors:fields.currency" }).optional();

/** A count of months or payments, 1 to `max`: a JSON number, never text or `true`. */
export const wholeNumber = (message: string, max: number) => wholeNumberSchema(message, 1, max);

/** POST /installment-plans/calculate: a purchase split in `months` installments at a rate a month ("taxa ao mês"). */
export const installmentCalculationSchema = z.object({
  principal: positiveAmountSchema,
  currency: calculationCurrency,
  interest_rate: percentSchema.default(zeroRate),
  months: wholeNumber("errors:fields.installmentCount", 360),
  first_payment_date: dateSchema.optional(),
});
export type InstallmentCalculation = z.infer<typeof installmentCalculationSchema>;

/** POST /loans/calculate: a loan's payment; the rate is per year (nominal unless told) or per month. */
export const loanCalculationSchema = z.object({
  principal_amount: positiveAmountSchema,
  currency: calculationCurrency,
  interest_rate: percentSchema,
  interest_rate_period: z.enum(["year", "month"], { error: "errors:fields.ratePeriod" }).default("year"),
  rate_conversion: z.enum(["nominal", "effective"], { error: "errors:fields.rateConversion" }).default("nominal"),
  term_months: wholeNumber("errors:fields.loanTerm", 600),
  payment_frequency: z
    .enum(["monthly", "biweekly", "weekly"], { error: "errors:fields.paymentFrequency" })
    .default("monthly"),
  amortization_system: z.enum(["price", "sac"], { error: "errors:fields.amortizationSystem" }).default("price"),
});
export type LoanCalculation = z.infer<typeof loanCalculationSchema>;

/** POST /loans/amortization: the same, with the first payment's date, for the whole schedule. */
export const loanAmortizationSchema = loanCalculationSchema.extend({
  start_date: z.string({ error: "errors:fields.dateRequired" }).pipe(dateSchema),
});
export type LoanAmortization = z.infer<typeof loanAmortizationSchema>;
