/**
 * The dashboard's figures in the workspace's currency (README: "Exchange rates"): what is held
 * or moved in another currency is converted — balances, debts and loans at the pair's latest kept
 * rate, each day's income and expenses at that day's — and listed with its original amount, the
 * rate, its source and age. A currency with no kept rate is never summed: it is listed as
 * unconverted and left out of every total.
 */
import type { ServiceContext } from "../context.ts";
import { microsToRate, unitsToDecimal } from "../ledger/amounts.ts";
import { monthRange } from "../ledger/dates.ts";
import { convertUnits, type KnownRate, type PairRate, pairRate } from "../currency/conversion.ts";
import { cacheTtlMs, currentRates, hasRateProviders } from "../currency/exchange-rates.service.ts";
import { type DayRate, dayRateOf } from "../currency/rate-queries.ts";
import { isRateCurrency } from "../currency/rate-currencies.ts";

/** A rate older than this is shown as stale: two hourly refreshes were missed. */
export const staleAfterMs = 2 * cacheTtlMs;

export type ForeignFlowRow = {
  date: string;
  originCurrency: string;
  destinationCurrency: string;
  inflowCents: bigint;
  outflowCents: bigint;
  incomeCents: bigint;
  expensesCents: bigint;
  creditCardSpendingCents: bigint;
  chargedCents: bigint;
  paidCents: bigint;
  /**
   * Each side's rate into the workspace's currency on that day (JSON, rate-queries.ts), null when
   * the side is in that currency or none is kept; the destination's only when it differs from the origin's.
   */
  originRate: string | null;
  destinationRate: string | null;
};

export type MonthFlows = { incomeCents: bigint; expensesCents: bigint; creditCardSpendingCents: bigint };

const noFlows = (): MonthFlows => ({ incomeCents: 0n, expensesCents: 0n, creditCardSpendingCents: 0n });

/** Converts into the workspace's currency with the kept rates; remembers the currencies it could not convert. */
export function converterTo(currency: string, rates: readonly KnownRate[], now: Date) {
  const unconverted = new Set<string>();
  const latest = new Map<string, PairRate | null>();
  const latestRate = (from: string) => {
    if (!latest.has(from)) latest.set(from, pairRate(rates, from, currency));
    return latest.get(from)!;
  };
  /** `cents` of `from` at the latest rate, or at `dayRate` (a day's, read with the row); null when no rate is kept. */
  const convert = (cents: bigint, from: string, dayRate?: DayRate | null): bigint | null => {
    if (from === currency) return cents;
    const rateMicros = dayRate === undefined ? latestRate(from)?.rateMicros : dayRate?.rate;
    if (!rateMicros) {
      unconverted.add(from);
      return null;
    }
    return convertUnits(cents, from, currency, rateMicros);
  };
  const rateFacts = (from: string) => {
    const rate = latestRate(from);
    if (!rate) return { rate: null, rate_date: null, source: null, lastUpdated: null, is_stale: false };
    return {
      rate: microsToRate(rate.rateMicros),
      rate_date: rate.rateDate,
      source: rate.source,
      lastUpdated: rate.fetchedAt,
      is_stale: now.getTime() - Date.parse(rate.fetchedAt) > staleAfterMs,
    };
  };
  return { currency, convert, rateFacts, latestRate, unconverted };
}

export type Converter = ReturnType<typeof converterTo>;

/** What the foreign sides dated after `today` add to each currency's accounts and card debt. */
export function foreignLater(rows: readonly ForeignFlowRow[], workspaceCurrency: string, today: string) {
  const accountNet = new Map<string, bigint>();
  const cardDebtNet = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, currency: string, cents: bigint) =>
    currency !== workspaceCurrency && map.set(currency, (map.get(currency) ?? 0n) + cents);
  for (const row of rows) {
    if (row.date <= today) continue;
    add(accountNet, row.destinationCurrency, row.inflowCents);
    add(accountNet, row.originCurrency, -row.outflowCents);
    add(cardDebtNet, row.originCurrency, row.chargedCents);
    add(cardDebtNet, row.destinationCurrency, -row.paidCents);
  }
  return { accountNet, cardDebtNet };
}

/**
 * This month's (up to today) and last month's foreign income, expenses and card spending, each
 * day's at that day's rate (read with the row), in the workspace's currency. A day without any rate is left out (and
 * its currency reported by the converter).
 */
export function foreignMonthFlows(rows: readonly ForeignFlowRow[], converter: Converter, today: string) {
  const thisMonth = today.slice(0, 7);
  const previousMonth = monthRange(today, 1).start.slice(0, 7);
  const months = { current: noFlows(), previous: noFlows() };
  const at = (cents: bigint, currency: string, dayRate: string | null) =>
    currency === converter.currency || cents === 0n
      ? 0n
      : (converter.convert(cents, currency, dayRateOf(dayRate)) ?? 0n);
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    const target =
      month === thisMonth && row.date <= today ? months.current : month === previousMonth ? months.previous : null;
    if (!target) continue;
    const destinationRate = row.destinationCurrency === row.originCurrency ? row.originRate : row.destinationRate;
    target.incomeCents += at(row.incomeCents, row.destinationCurrency, destinationRate);
    target.expensesCents += at(row.expensesCents, row.originCurrency, row.originRate);
    target.creditCardSpendingCents += at(row.creditCardSpendingCents, row.originCurrency, row.originRate);
  }
  return months;
}

/** One foreign currency's balance, as the dashboard lists it beside the converted total. */
export function foreignBalance(converter: Converter, currency: string, balanceCents: bigint) {
  const converted = converter.convert(balanceCents, currency);
  return {
    currency,
    total_balance: unitsToDecimal(balanceCents, currency),
    converted_balance: converted === null ? null : unitsToDecimal(converted, converter.currency),
    ...converter.rateFacts(currency),
  };
}

/**
 * After a page read: fetches (after the response) the rates of the foreign currencies whose
 * newest kept rate is older than the cache's hour, or that have none, so the next read has them
 * without waiting on a provider and without the cron.
 */
export function refreshRatesLater(ctx: ServiceContext, converter: Converter, foreignCurrencies: Iterable<string>) {
  if (!hasRateProviders(ctx)) return;
  const now = ctx.clock.now().getTime();
  for (const currency of new Set(foreignCurrencies)) {
    if (!isRateCurrency(currency) || currency === converter.currency) continue;
    const rate = converter.latestRate(currency);
    if (rate && now - Date.parse(rate.fetchedAt) < cacheTtlMs) continue;
    // No provider answering is the chain's to log; the page showed what was kept.
    ctx.defer(currentRates(ctx, currency, { keep: "now" }).catch(() => undefined));
  }
}
