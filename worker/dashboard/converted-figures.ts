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
import { isRateCurrency } from "../currency/rate-currencies.ts";

/** A rate older than this is shown as stale: two hourly refreshes were missed. */
export const staleAfterMs = 2 * cacheTtlMs;

/** The money of one day's rows of one currency pair with a side in another currency than the workspace's. */
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
  /** The day's kept rate (micros) into the workspace's currency of what income arrived in; null without income or rate. */
  incomeRate: number | null;
  /** The same for what expenses left in. */
  expensesRate: number | null;
};

/** One row as dashboard.queries.ts's foreignRowJson lists it. */
type ForeignRowJson = [
  date: string,
  originCurrency: string,
  destinationCurrency: string,
  kind: string,
  amountCents: number,
  destinationAmountCents: number,
  originCardMode: string | null,
  destinationCardMode: string | null,
  hasOriginAccount: 0 | 1,
  hasDestinationAccount: 0 | 1,
  /** For income and expenses: the day's rate of the currency the row counts in. */
  rate: number | null,
];

const noMoney = () => ({
  inflowCents: 0n,
  outflowCents: 0n,
  incomeCents: 0n,
  expensesCents: 0n,
  creditCardSpendingCents: 0n,
  chargedCents: 0n,
  paidCents: 0n,
});

/**
 * The foreign rows of the monthly totals, summed per day and currency pair: what is converted at
 * that day's rate (the rows of a day and pair share its rates). Each row counts as the totals in
 * the workspace's currency count theirs: income is what arrived and expenses what left (card
 * spending: paid by a card in credit mode); account inflows and outflows, card charges and card
 * payments move the balances and debts.
 */
export function foreignDays(months: readonly { foreignRows: string }[]): ForeignFlowRow[] {
  const days = new Map<string, ForeignFlowRow>();
  for (const { foreignRows } of months) {
    for (const row of JSON.parse(foreignRows) as ForeignRowJson[]) {
      const [
        date,
        originCurrency,
        destinationCurrency,
        kind,
        amount,
        destinationAmount,
        originCardMode,
        destinationCardMode,
        hasOriginAccount,
        hasDestinationAccount,
        rate,
      ] = row;
      const key = `${date} ${originCurrency} ${destinationCurrency}`;
      let day = days.get(key);
      if (!day) {
        day = { date, originCurrency, destinationCurrency, incomeRate: null, expensesRate: null, ...noMoney() };
        days.set(key, day);
      }
      const left = BigInt(amount);
      const arrived = BigInt(destinationAmount);
      if (kind === "income") {
        day.incomeCents += arrived;
        day.incomeRate = rate;
      }
      if (kind === "expense") {
        day.expensesCents += left;
        day.expensesRate = rate;
      }
      if (kind === "expense" && originCardMode === "credit") day.creditCardSpendingCents += left;
      if (hasDestinationAccount) day.inflowCents += arrived;
      if (hasOriginAccount) day.outflowCents += left;
      if (originCardMode === "credit") day.chargedCents += left;
      if (destinationCardMode === "credit") day.paidCents += arrived;
    }
  }
  return [...days.values()];
}

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
  /** `cents` of `from` at the latest rate, or at `dayRateMicros` (a day's, read with the row); null when no rate is kept. */
  const convert = (cents: bigint, from: string, dayRateMicros?: number | null): bigint | null => {
    if (from === currency) return cents;
    const rateMicros = dayRateMicros === undefined ? latestRate(from)?.rateMicros : dayRateMicros;
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
  const at = (cents: bigint, currency: string, dayRateMicros: number | null) =>
    currency === converter.currency || cents === 0n ? 0n : (converter.convert(cents, currency, dayRateMicros) ?? 0n);
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    const target =
      month === thisMonth && row.date <= today ? months.current : month === previousMonth ? months.previous : null;
    if (!target) continue;
    target.incomeCents += at(row.incomeCents, row.destinationCurrency, row.incomeRate);
    target.expensesCents += at(row.expensesCents, row.originCurrency, row.expensesRate);
    target.creditCardSpendingCents += at(row.creditCardSpendingCents, row.originCurrency, row.expensesRate);
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
