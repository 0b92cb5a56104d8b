/**
 * The currency API's verbs (docs/api.md#currency): rates of a base, a pair's
 * rate (now or on a day), conversions. A result says where its rate came from and whether it is
 * stale (every provider failed and the last good rate served); no rate is ever made up.
 */
import type { z } from "zod";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { countHit, type RateLimitRule, retryAfter } from "../access/rate-limit.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { microsToRate, minorUnitOf, unitsToDecimal } from "../ledger/amounts.ts";
import { todayIn } from "../ledger/dates.ts";
import { convertUnits, type PairRate, pairRate } from "./conversion.ts";
import {
  type CurrentRates,
  currentRates,
  keptRatesAround,
  keptSheetsOf,
  newestKeptRatesQuery,
  ratesUnavailable,
  refreshRates,
} from "./exchange-rates.service.ts";
import type {
  conversionSchema,
  conversionsSchema,
  ratesSchema,
  rateSchema,
  refreshedRatesSchema,
  supportedCurrenciesSchema,
} from "./currency.responses.ts";
import { rateCurrencies, type RateCurrency } from "./rate-currencies.ts";

type PairAnswer = PairRate & { isStale: boolean };

const identity = (currency: RateCurrency, now: Date): PairAnswer => ({
  from: currency,
  to: currency,
  rateMicros: 1_000_000,
  rateDate: todayIn("UTC", now),
  source: "identity",
  fetchedAt: now.toISOString(),
  isStale: false,
});

function fromSheet(sheet: CurrentRates, from: RateCurrency, to: RateCurrency): PairAnswer | null {
  const rates = Object.entries(sheet.rates).map(([quote, rateMicros]) => ({
    base: sheet.base,
    quote,
    rateDate: sheet.date,
    rateMicros: rateMicros!,
    source: sheet.source,
    fetchedAt: sheet.fetchedAt,
  }));
  const pair = pairRate(rates, from, to);
  return pair && { ...pair, isStale: sheet.isStale };
}

async function sheetOrNull(ctx: ServiceContext, base: RateCurrency): Promise<CurrentRates | null> {
  try {
    return await currentRates(ctx, base);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EXCHANGE_RATES_UNAVAILABLE") return null;
    throw error;
  }
}

/** Today's rate of a pair: from the base's sheet, else the inverse from the quote's. */
export async function rateNow(ctx: ServiceContext, from: RateCurrency, to: RateCurrency): Promise<PairAnswer> {
  if (from === to) return identity(from, ctx.clock.now());
  const direct = await sheetOrNull(ctx, from);
  const pair = direct && fromSheet(direct, from, to);
  if (pair) return pair;
  const reverse = await sheetOrNull(ctx, to);
  const inverse = reverse && fromSheet(reverse, from, to);
  if (inverse) return inverse;
  throw ratesUnavailable();
}

/** A pair's rate of a day: the kept one of that day or the nearest before (after, lacking any); today's when the day is today or later. */
export async function rateOn(
  ctx: ServiceContext,
  from: RateCurrency,
  to: RateCurrency,
  date: string,
): Promise<PairAnswer> {
  if (from === to || date >= todayIn("UTC", ctx.clock.now())) return rateNow(ctx, from, to);
  const kept = pairRate(await keptRatesAround(ctx, from, to, date), from, to, date);
  return kept ? { ...kept, isStale: false } : rateNow(ctx, from, to);
}

function rateResponse(pair: PairAnswer): z.infer<typeof rateSchema> {
  return {
    from: pair.from,
    to: pair.to,
    rate: microsToRate(pair.rateMicros),
    rate_date: pair.rateDate,
    source: pair.source,
    lastUpdated: pair.fetchedAt,
    is_stale: pair.isStale,
  };
}

/** GET /currency/rates?base_currency= */
export async function getRates({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { base_currency: RateCurrency };
}): Promise<z.infer<typeof ratesSchema>> {
  const sheet = await currentRates(ctx, input.base_currency);
  return {
    base: sheet.base,
    date: sheet.date,
    rates: Object.fromEntries(
      rateCurrencies.flatMap((quote) => {
        const micros = sheet.rates[quote];
        return micros ? [[quote, microsToRate(micros)]] : [];
      }),
    ),
    source: sheet.source,
    lastUpdated: sheet.fetchedAt,
    is_stale: sheet.isStale,
  };
}

/** GET /currency/rate?from_currency=&to_currency=[&date=] */
export async function getRate({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { from_currency: RateCurrency; to_currency: RateCurrency; date?: string };
}) {
  const pair = input.date
    ? await rateOn(ctx, input.from_currency, input.to_currency, input.date)
    : await rateNow(ctx, input.from_currency, input.to_currency);
  return rateResponse(pair);
}

type Conversion = { units: number; from_currency: RateCurrency };

function converted(conversion: Conversion, to: RateCurrency, pair: PairAnswer): z.infer<typeof conversionSchema> {
  return {
    ...rateResponse(pair),
    amount: unitsToDecimal(conversion.units, conversion.from_currency),
    converted: unitsToDecimal(convertUnits(conversion.units, conversion.from_currency, to, pair.rateMicros), to),
  };
}

/** POST /currency/convert {amount, from_currency, to_currency} */
export async function convertAmount({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: Conversion & { to_currency: RateCurrency };
}) {
  return converted(input, input.to_currency, await rateNow(ctx, input.from_currency, input.to_currency));
}

/**
 * POST /currency/convert-multiple {conversions: [{amount, from_currency}], to_currency}: each one
 * converted and their total. One currency without a rate fails the whole call (503), so a total
 * never silently leaves an amount out.
 */
export async function convertMany({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { conversions: Conversion[]; to_currency: RateCurrency };
}): Promise<z.infer<typeof conversionsSchema>> {
  const to = input.to_currency;
  const fromCurrencies = [...new Set(input.conversions.map((conversion) => conversion.from_currency))];
  const pairs = new Map(
    await Promise.all(fromCurrencies.map(async (from) => [from, await rateNow(ctx, from, to)] as const)),
  );
  const results = input.conversions.map((conversion) =>
    converted(conversion, to, pairs.get(conversion.from_currency)!),
  );
  const totalUnits = input.conversions.reduce(
    (sum, conversion) =>
      sum +
      convertUnits(conversion.units, conversion.from_currency, to, pairs.get(conversion.from_currency)!.rateMicros),
    0n,
  );
  return { to, results, total: unitsToDecimal(totalUnits, to), is_stale: results.some((result) => result.is_stale) };
}

/** GET /currency/supported: the currencies rates are kept for, with their minor unit. */
export function supportedCurrencies(): z.infer<typeof supportedCurrenciesSchema> {
  return rateCurrencies.map((code) => ({ code, decimals: minorUnitOf(code) }));
}

/**
 * Refreshing the rates asks up to four providers per base: once a minute per person keeps any
 * signed-in person from turning the call into a way to hammer them.
 */
export const ratesRefreshPerPerson: RateLimitRule = { limit: 1, windowSeconds: 60 };

/**
 * DELETE /currency/cache[?base_currency=]: fresh rates of that base, or of every rate currency,
 * from the providers now, replacing the cached ones base by base. A base no provider answered
 * keeps its cached rates, so there is never a moment without them; with none refreshed it is 503.
 * One round trip checks the session, counts the call (429 past the limit) and reads the kept rates
 * the answers are checked against; one writes the fresh ones.
 */
export async function refreshCache({
  ctx,
  input,
}: PersonCall<{ base_currency?: RateCurrency }>): Promise<z.infer<typeof refreshedRatesSchema>> {
  const now = ctx.clock.now();
  const bases = input.base_currency ? [input.base_currency] : [...rateCurrencies];
  const { hits, kept } = await batchAsActor(ctx, {
    hits: ctx.db.all<{ hits: number; window_started_at: string }>(
      countHit(`rates-refresh:${ctx.actor.userId}`, ratesRefreshPerPerson, now),
    ),
    kept: newestKeptRatesQuery(ctx, bases),
  });
  const wait = retryAfter(hits[0], ratesRefreshPerPerson, now);
  if (wait !== null) {
    throw new AppError("RATE_LIMITED", "errors:details.ratesRefreshTooSoon", { retryAfterSeconds: wait });
  }
  const { refreshed, unchanged } = await refreshRates(ctx, bases, keptSheetsOf(kept));
  if (refreshed.length === 0) {
    throw new AppError("EXCHANGE_RATES_UNAVAILABLE", "errors:details.ratesNotRefreshed", {
      retryAfterSeconds: ratesRefreshPerPerson.windowSeconds,
    });
  }
  // `cleared` is the name the call's answer had when it only emptied the cache.
  return { refreshed, unchanged, cleared: refreshed };
}
