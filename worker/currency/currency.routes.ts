import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { batchAsActor } from "../access/actor-access.ts";
import type { ActingContext, PersonActor } from "../access/actor.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { parseJsonBody, validate } from "../http/validation.ts";
import {
  cacheQuerySchema,
  convertMultipleSchema,
  convertSchema,
  rateQuerySchema,
  ratesQuerySchema,
} from "./currency.schemas.ts";
import {
  convertAmount,
  convertMany,
  getRate,
  getRates,
  refreshCache,
  supportedCurrencies,
} from "./currency.service.ts";
import {
  conversionSchema,
  conversionsSchema,
  rateSchema,
  ratesSchema,
  refreshedRatesSchema,
  supportedCurrenciesSchema,
} from "./currency.responses.ts";

/**
 * The session is checked first (one round trip): a revoked token starts no provider call and no
 * cache write. The work is handed over as a function so it only starts after the check.
 */
async function whileSessionLive<Result>(ctx: ActingContext<PersonActor>, work: () => Promise<Result>): Promise<Result> {
  await batchAsActor(ctx, {});
  return work();
}

/**
 * /currency… (docs/api.md#currency): for any signed-in person, so the providers are not an open
 * proxy. Rates are not workspace data; nothing here reads or writes a workspace.
 */
const tag = "Currency";
const noRate = ["EXCHANGE_RATES_UNAVAILABLE"] as const;

export const currencyRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    "/rates",
    describeRoute({
      tag,
      summary: "A base currency's rates",
      description:
        "`base_currency` defaults to USD. From the cache while less than an hour old, else from the providers in " +
        "order; the last good rates when none answers (`is_stale: true`), and `EXCHANGE_RATES_UNAVAILABLE` when none " +
        "was ever kept.",
      answer: answers.data(ratesSchema),
      errors: noRate,
    }),
    validate("query", ratesQuerySchema),
    async (c) =>
      c.json({
        data: await whileSessionLive(c.get("ctx"), () => getRates({ ctx: c.get("ctx"), input: c.req.valid("query") })),
      }),
  )
  .get(
    "/rate",
    describeRoute({
      tag,
      summary: "One pair's rate, now or on a day",
      description:
        "With a past `date`: the kept rate of that day, else the nearest before it (a weekend takes Friday's), else " +
        "the nearest after it; lacking any kept rate of the pair, today's.",
      answer: answers.data(rateSchema),
      errors: noRate,
    }),
    validate("query", rateQuerySchema),
    async (c) =>
      c.json({
        data: await whileSessionLive(c.get("ctx"), () => getRate({ ctx: c.get("ctx"), input: c.req.valid("query") })),
      }),
  )
  .post(
    "/convert",
    describeRoute({
      tag,
      summary: "Convert an amount at today's rate",
      description: "`amount` has at most the source currency's decimals (none for JPY).",
      answer: answers.data(conversionSchema),
      body: convertSchema,
      errors: noRate,
    }),
    async (c) =>
      c.json({
        data: await whileSessionLive(c.get("ctx"), async () =>
          convertAmount({ ctx: c.get("ctx"), input: await parseJsonBody(c.req.raw, convertSchema) }),
        ),
      }),
  )
  .post(
    "/convert-multiple",
    describeRoute({
      tag,
      summary: "Convert up to 100 amounts into one currency, with their total",
      description: "One currency without any rate fails the whole call: a total never leaves an amount out silently.",
      answer: answers.data(conversionsSchema),
      body: convertMultipleSchema,
      errors: noRate,
    }),
    async (c) =>
      c.json({
        data: await whileSessionLive(c.get("ctx"), async () =>
          convertMany({ ctx: c.get("ctx"), input: await parseJsonBody(c.req.raw, convertMultipleSchema) }),
        ),
      }),
  )
  .get(
    "/supported",
    describeRoute({
      tag,
      summary: "The currencies rates are kept for, with their minor unit",
      answer: answers.data(supportedCurrenciesSchema),
    }),
    async (c) => c.json({ data: await whileSessionLive(c.get("ctx"), async () => supportedCurrencies()) }),
  )
  // The verb checks the session in the batch that counts the call: no provider is asked before it.
  .delete(
    "/cache",
    describeRoute({
      tag,
      summary: "Refresh the cached rates now",
      description:
        "Of `base_currency`, or of every currency. Each base whose rates arrive has its cache entry replaced and the " +
        "day's rates kept; a base no provider answered keeps what it had. `EXCHANGE_RATES_UNAVAILABLE` (`Retry-After: " +
        "60`) when no base was refreshed; `RATE_LIMITED` past one refresh per person per minute.",
      answer: answers.data(refreshedRatesSchema),
      errors: [...noRate, "RATE_LIMITED"],
    }),
    validate("query", cacheQuerySchema),
    async (c) => c.json({ data: await refreshCache({ ctx: c.get("ctx"), input: c.req.valid("query") }) }),
  );
