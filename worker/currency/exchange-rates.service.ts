/**
 * Exchange rates (README: "Exchange rates"; docs/decisions/032-rates-from-a-chain-never-invented.md): a provider
 * chain behind a
 * 1-hour KV cache per base currency, with every answer kept by day in `exchange_rates`.
 *
 * - A fresh cache entry (fetched less than an hour ago by ctx.clock) answers at once.
 * - Otherwise the providers are asked in order, each within its own time limit and all within one
 *   budget, so a slow provider costs seconds, not the request. An answer is used only when it is
 *   sane: every rate positive, and none more than `maxJumpFactor` away from the last good rate of
 *   the pair; a wrong answer falls through to the next provider like a failed one.
 * - When none answers, the last good rates are served, marked stale with their age; with none ever
 *   kept, EXCHANGE_RATES_UNAVAILABLE (503). A missing pair is never 1.
 * - KV is a cache, not a store: when it cannot be read or written the chain and the table serve.
 */
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { batchOfStatements } from "../../db/named-batch.ts";
import { exchangeRates } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { todayIn } from "../ledger/dates.ts";
import { AppError } from "../http/errors.ts";
import type { KnownRate } from "./conversion.ts";
import { rateCurrencies, type RateCurrency } from "./rate-currencies.ts";
import { type ProviderAnswer, type ProviderName, rateProviders } from "./rate-providers.ts";

/** A base currency's rates as one provider answered them. */
export type RateSheet = {
  base: RateCurrency;
  /** The day the provider says the rates are of. */
  date: string;
  /** Quote units per 1 base unit, in millionths. */
  rates: Partial<Record<RateCurrency, number>>;
  source: ProviderName;
  fetchedAt: string;
};

export type CurrentRates = RateSheet & { isStale: boolean };

export const cacheTtlMs = 60 * 60 * 1000;
/** KV drops an entry a while after it stops being fresh; the table keeps the history. */
const cacheExpirationSeconds = 6 * 60 * 60;
/** A rate more than this many times above or below the last good one is taken for a wrong answer. */
export const maxJumpFactor = 1.5;
const defaultProviderTimeoutMs = 2500;
const defaultChainBudgetMs = 6000;

const providerUrlVariables: Record<ProviderName, keyof ServiceContext["env"]> = {
  frankfurter: "RATES_FRANKFURTER_URL",
  "open-er-api": "RATES_OPEN_ER_API_URL",
  "currency-api": "RATES_CURRENCY_API_URL",
  "bcb-ptax": "RATES_BCB_PTAX_URL",
};

const cacheKey = (base: string) => `rates:v1:${base}`;

export const ratesUnavailable = () => new AppError("EXCHANGE_RATES_UNAVAILABLE");

async function readCache(ctx: ServiceContext, base: RateCurrency): Promise<RateSheet | null> {
  // Without the binding (a deployment that left it out) there is no cache: the chain and the table serve.
  if (!ctx.env.EXCHANGE_RATES) return null;
  try {
    const cached = await ctx.env.EXCHANGE_RATES.get(cacheKey(base), "json");
    return cached && typeof cached === "object" && "rates" in cached ? (cached as RateSheet) : null;
  } catch (error) {
    ctx.log.error("rates.cache_unreadable", { base, error: String(error) });
    return null;
  }
}

const isFresh = (sheet: RateSheet, now: Date) => now.getTime() - Date.parse(sheet.fetchedAt) < cacheTtlMs;

/**
 * The kept rates of each base's newest day, as one query a caller may put in its batch; read them
 * with keptSheetsOf.
 */
export function newestKeptRatesQuery(ctx: ServiceContext, bases: readonly RateCurrency[]) {
  const sameBase = alias(exchangeRates, "same_base");
  const newestDayOfBase = ctx.db
    .select({ day: sql`max(${sameBase.rateDate})` })
    .from(sameBase)
    .where(eq(sameBase.base, exchangeRates.base));
  return ctx.db
    .select()
    .from(exchangeRates)
    .where(and(inArray(exchangeRates.base, [...bases]), eq(exchangeRates.rateDate, sql`(${newestDayOfBase})`)))
    .orderBy(desc(exchangeRates.fetchedAt));
}

type KeptRow = typeof exchangeRates.$inferSelect;

/** Each base's newest kept day as one sheet (dated by the freshest fetch of that day). */
export function keptSheetsOf(rows: readonly KeptRow[]): Map<RateCurrency, RateSheet> {
  const sheets = new Map<RateCurrency, RateSheet>();
  for (const row of rows) {
    const base = row.base as RateCurrency;
    const sheet = sheets.get(base) ?? {
      base,
      date: row.rateDate,
      rates: {},
      source: row.source as ProviderName,
      fetchedAt: row.fetchedAt,
    };
    sheet.rates[row.quote as RateCurrency] = row.rateMicros;
    sheets.set(base, sheet);
  }
  return sheets;
}

/** The newest of the cached and the kept sheet: what a provider's answer is checked against. */
const lastGoodOf = (cached: RateSheet | null, kept: RateSheet | null) =>
  [cached, kept]
    .filter((sheet): sheet is RateSheet => sheet !== null)
    .sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt))[0] ?? null;

/** The quotes of `answer` that jumped past the factor from the last good sheet. */
function jumpedQuotes(answer: ProviderAnswer, lastGood: RateSheet | null): string[] {
  if (!lastGood) return [];
  return Object.entries(answer.rates).flatMap(([quote, micros]) => {
    const previous = lastGood.rates[quote as RateCurrency];
    if (!previous || !micros) return [];
    const ratio = micros / previous;
    return ratio > maxJumpFactor || ratio < 1 / maxJumpFactor ? [quote] : [];
  });
}

/** The providers the configuration leaves in the chain, in order, with their base URLs. */
function enabledProviders(ctx: ServiceContext) {
  return rateProviders.flatMap((provider) => {
    const configuredUrl = ctx.env[providerUrlVariables[provider.name]] as string | undefined;
    // "off" leaves a provider out (an operator's choice; the tests' default, so none reaches the internet).
    return configuredUrl === "off" ? [] : [{ provider, baseUrl: configuredUrl || provider.defaultBaseUrl }];
  });
}

/** Whether any provider may be asked: without one, only kept rates can answer. */
export const hasRateProviders = (ctx: ServiceContext) => enabledProviders(ctx).length > 0;

/** The first sane answer of the chain, or null when every provider failed or answered wrong. */
async function askProviders(
  ctx: ServiceContext,
  base: RateCurrency,
  lastGood: RateSheet | null,
): Promise<RateSheet | null> {
  const providerTimeoutMs = Number(ctx.env.RATES_PROVIDER_TIMEOUT_MS) || defaultProviderTimeoutMs;
  const deadline = Date.now() + (Number(ctx.env.RATES_CHAIN_BUDGET_MS) || defaultChainBudgetMs);
  const today = todayIn("UTC", ctx.clock.now());
  for (const { provider, baseUrl } of enabledProviders(ctx)) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) break;
    try {
      const answer = await provider.fetchRates({
        base,
        baseUrl,
        fetch: (input, init) => fetch(input, init),
        signal: AbortSignal.timeout(Math.min(providerTimeoutMs, remainingMs)),
        today,
      });
      const jumped = jumpedQuotes(answer, lastGood);
      if (jumped.length > 0) {
        ctx.log.error("rates.provider_implausible", { provider: provider.name, base, quotes: jumped.join(",") });
        continue;
      }
      return {
        base,
        date: answer.date,
        rates: answer.rates,
        source: provider.name,
        fetchedAt: ctx.clock.now().toISOString(),
      };
    } catch (error) {
      ctx.log.error("rates.provider_failed", { provider: provider.name, base, error: String(error) });
    }
  }
  return null;
}

/** Keeps fetched sheets: each in KV for the hour, and by day in the table (a later fetch of the day replaces it) in one batch. */
async function keepSheets(ctx: ServiceContext, sheets: readonly RateSheet[]): Promise<void> {
  const cacheWrites = sheets.map((sheet) =>
    ctx.env.EXCHANGE_RATES?.put(cacheKey(sheet.base), JSON.stringify(sheet), {
      expirationTtl: cacheExpirationSeconds,
    })?.catch((error: unknown) => ctx.log.error("rates.cache_unwritable", { base: sheet.base, error: String(error) })),
  );
  const tableWrites = sheets.flatMap((sheet) => {
    const rows = Object.entries(sheet.rates).map(([quote, rateMicros]) => ({
      base: sheet.base,
      quote,
      rateDate: sheet.date,
      rateMicros: rateMicros!,
      source: sheet.source,
      fetchedAt: sheet.fetchedAt,
    }));
    if (rows.length === 0) return [];
    return [
      ctx.db
        .insert(exchangeRates)
        .values(rows)
        .onConflictDoUpdate({
          target: [exchangeRates.base, exchangeRates.quote, exchangeRates.rateDate],
          set: {
            rateMicros: sql`excluded.rate_micros`,
            source: sql`excluded.source`,
            fetchedAt: sql`excluded.fetched_at`,
          },
        }),
    ];
  });
  await Promise.all([...cacheWrites, batchOfStatements(ctx.db, tableWrites)]);
}

/**
 * The rates of `base` now: cached, fetched, or the last good ones marked stale. A request keeps
 * what it fetched after answering (ctx.defer); the cron run waits for it (`keep: "now"`).
 */
export async function currentRates(
  ctx: ServiceContext,
  base: RateCurrency,
  options: { keep?: "deferred" | "now" } = {},
): Promise<CurrentRates> {
  const cached = await readCache(ctx, base);
  if (cached && isFresh(cached, ctx.clock.now())) return { ...cached, isStale: false };
  const kept = keptSheetsOf(await newestKeptRatesQuery(ctx, [base])).get(base) ?? null;
  const lastGood = lastGoodOf(cached, kept);
  const fetched = await askProviders(ctx, base, lastGood);
  if (fetched) {
    const keeping = keepSheets(ctx, [fetched]);
    if (options.keep === "now") await keeping;
    else ctx.defer(keeping);
    return { ...fetched, isStale: false };
  }
  if (lastGood) return { ...lastGood, isStale: true };
  throw ratesUnavailable();
}

/**
 * Asks the providers for each base's rates now, whatever the age of its cache entry, and keeps
 * every sane answer in KV and the table. A base no provider answered keeps its cache entry as it
 * was: nothing is removed that could not be replaced, and no rate is made up. `kept` is each base's
 * newest kept sheet (newestKeptRatesQuery), read by the caller in its own batch.
 */
export async function refreshRates(
  ctx: ServiceContext,
  bases: readonly RateCurrency[],
  kept: ReadonlyMap<RateCurrency, RateSheet>,
): Promise<{ refreshed: RateCurrency[]; unchanged: RateCurrency[] }> {
  const fetched = await Promise.all(
    bases.map(async (base) => askProviders(ctx, base, lastGoodOf(await readCache(ctx, base), kept.get(base) ?? null))),
  );
  const fresh = fetched.filter((sheet): sheet is RateSheet => sheet !== null);
  await keepSheets(ctx, fresh);
  return {
    refreshed: bases.filter((_, index) => fetched[index] !== null),
    unchanged: bases.filter((_, index) => fetched[index] === null),
  };
}

/** Forgets the cached rates of one base, or of every rate currency; the kept history stays. */
export async function clearRatesCache(ctx: ServiceContext, base?: RateCurrency): Promise<RateCurrency[]> {
  const bases = base ? [base] : [...rateCurrencies];
  if (ctx.env.EXCHANGE_RATES) await Promise.all(bases.map((each) => ctx.env.EXCHANGE_RATES.delete(cacheKey(each))));
  return bases;
}

/** The kept rate of one pair for a day: the latest on or before it, else the earliest after it, either direction. */
export async function keptRatesAround(
  ctx: ServiceContext,
  from: string,
  to: string,
  onDate: string,
): Promise<KnownRate[]> {
  const pair = or(
    and(eq(exchangeRates.base, from), eq(exchangeRates.quote, to)),
    and(eq(exchangeRates.base, to), eq(exchangeRates.quote, from)),
  );
  const [before, after] = await ctx.db.batch([
    ctx.db
      .select()
      .from(exchangeRates)
      .where(and(pair, lte(exchangeRates.rateDate, onDate)))
      .orderBy(desc(exchangeRates.rateDate))
      .limit(2),
    ctx.db
      .select()
      .from(exchangeRates)
      .where(and(pair, sql`${exchangeRates.rateDate} > ${onDate}`))
      .orderBy(exchangeRates.rateDate)
      .limit(2),
  ]);
  return [...before, ...after];
}
