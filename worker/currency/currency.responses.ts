import { z } from "zod";
import { rateCurrencies } from "./rate-currencies.ts";

const rateCurrency = z.enum(rateCurrencies);

/** Where a rate came from and how fresh it is. */
const provenance = {
  /** `frankfurter`, `open-er-api`, `currency-api`, `bcb-ptax`, or `identity` for a currency into itself. */
  source: z.string(),
  /** When it was fetched. */
  lastUpdated: z.string(),
  /** True when every provider failed just now and this is the last good rate. */
  is_stale: z.boolean(),
};

/** GET /currency/rates: quote units per 1 base unit, 6 places. */
export const ratesSchema = z.object({
  base: rateCurrency,
  date: z.string(),
  rates: z.partialRecord(rateCurrency, z.string()),
  ...provenance,
});

export const rateSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  /** The day the provider says the rate is of. */
  rate_date: z.string(),
  ...provenance,
});

/** An amount at today's rate, `converted` rounded half away from zero to the target's decimals. */
export const conversionSchema = rateSchema.extend({ amount: z.string(), converted: z.string() });

export const conversionsSchema = z.object({
  to: rateCurrency,
  results: z.array(conversionSchema),
  total: z.string(),
  is_stale: z.boolean(),
});

export const supportedCurrenciesSchema = z.array(z.object({ code: rateCurrency, decimals: z.number().int() }));

/** `unchanged`: the bases that kept their old rates; `cleared` repeats `refreshed`. */
export const refreshedRatesSchema = z.object({
  refreshed: z.array(rateCurrency),
  unchanged: z.array(rateCurrency),
  cleared: z.array(rateCurrency),
});
