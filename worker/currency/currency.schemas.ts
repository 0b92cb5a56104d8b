import { z } from "zod";
import { amountBounds, amountMessages, maxAmountCents, minorUnitOf, unitsFrom } from "../ledger/amounts.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";
import { rateCurrencies } from "./rate-currencies.ts";

/** A rate currency's ISO code, in either case ("brl" is BRL). */
export const rateCurrencySchema = z
  .string({ error: "errors:fields.rateCurrency" })
  .trim()
  .toUpperCase()
  .pipe(z.enum(rateCurrencies, { error: "errors:fields.rateCurrency" }));

export const ratesQuerySchema = z.object({ base_currency: rateCurrencySchema.default("USD") });

export const rateQuerySchema = z.object({
  from_currency: rateCurrencySchema,
  to_currency: rateCurrencySchema,
  date: dateSchema.optional(),
});

export const cacheQuerySchema = z.object({ base_currency: rateCurrencySchema.optional() });

/**
 * An amount of `from_currency`, ≥ 0, with at most that currency's decimals (none for JPY),
 * as integer minor units. Read after the currency, so the places follow it.
 */
function amountOf<Shape extends { amount: unknown; from_currency: string }>(value: Shape, context: z.RefinementCtx) {
  const places = minorUnitOf(value.from_currency);
  const units = unitsFrom(value.amount, places);
  if (units === null || units > maxAmountCents) {
    context.addIssue({
      code: "custom",
      path: ["amount"],
      message: units === null ? "errors:fields.amountPlaces" : amountMessages.tooLarge,
      params: units === null ? { places } : amountBounds.amount,
    });
    return z.NEVER;
  }
  return { ...value, units };
}

export const convertSchema = z
  .object({ amount: z.unknown(), from_currency: rateCurrencySchema, to_currency: rateCurrencySchema })
  .transform(amountOf);

export const convertMultipleSchema = z.object({
  conversions: z
    .array(z.object({ amount: z.unknown(), from_currency: rateCurrencySchema }).transform(amountOf), {
      error: "errors:fields.conversionList",
    })
    .min(1, "errors:fields.conversionList")
    .max(100, "errors:fields.conversionList"),
  to_currency: rateCurrencySchema,
});
