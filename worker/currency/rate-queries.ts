import { and, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { accounts, exchangeRates, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { microsToRate } from "../ledger/amounts.ts";
import { type KnownRate, pairRate } from "./conversion.ts";

/**
 * Each pair's newest kept rate between the workspace's currency and the ones its accounts hold
 * (either direction), for a read batch: what balances convert at and what the wizard suggests for
 * a transfer across currencies.
 */
export function newestRatesQuery(ctx: ServiceContext, workspaceId: string) {
  const used = sql`select ${accounts.currency} as code from ${accounts} where ${accounts.workspaceId} = ${workspaceId}
    union select ${workspaces.currency} from ${workspaces} where ${workspaces.id} = ${workspaceId}`;
  // Each pair's newest day is one seek on the rates' key (base, quote, rate_date), however long the history.
  const newestDay = sql`(select max(newest.rate_date) from ${exchangeRates} as newest
    where newest.base = ${exchangeRates.base} and newest.quote = ${exchangeRates.quote})`;
  return ctx.db
    .select()
    .from(exchangeRates)
    .where(
      and(
        sql`(${exchangeRates.base}, ${exchangeRates.quote}) in (select a.code, b.code from (${used}) as a, (${used}) as b where a.code <> b.code)`,
        sql`${exchangeRates.rateDate} = ${newestDay}`,
      ),
    );
}

/**
 * The kept rate from `base` into `quote` for `day`, inside a row's own query: the latest on or
 * before the day, else the earliest after it — two seeks on the rates' key — as JSON
 * `{ rate, date }`, or null when none is kept. Null too when the two currencies are the same.
 */
export function keptRateOnDay(base: SQL | SQLiteColumn, quote: SQL, day: SQL | SQLiteColumn): SQL<string | null> {
  const seek = (onOrBefore: boolean) =>
    sql`(select json_object('rate', ${exchangeRates.rateMicros}, 'date', ${exchangeRates.rateDate}) from ${exchangeRates}
      where ${exchangeRates.base} = ${base} and ${exchangeRates.quote} = ${quote}
      and ${onOrBefore ? sql`${exchangeRates.rateDate} <= ${day}` : sql`${exchangeRates.rateDate} > ${day}`}
      order by ${exchangeRates.rateDate} ${onOrBefore ? sql`desc` : sql`asc`} limit 1)`;
  return sql<string | null>`case when ${base} = ${quote} then null else coalesce(${seek(true)}, ${seek(false)}) end`;
}

/** A rate read by keptRateOnDay. */
export type DayRate = { rate: number; date: string };

export const dayRateOf = (json: string | null): DayRate | null => (json ? (JSON.parse(json) as DayRate) : null);

/** A rate the wizard offers for a pair: the newest kept one, its day and source. */
export type SuggestedRate = { from: string; to: string; rate: string; rate_date: string; source: string };

/** Every ordered pair of `currencies` that a kept rate converts (directly or as an inverse). */
export function suggestedRates(rows: readonly KnownRate[], currencies: readonly string[]): SuggestedRate[] {
  const held = [...new Set(currencies)];
  return held.flatMap((from) =>
    held.flatMap((to) => {
      const pair = from === to ? null : pairRate(rows, from, to);
      return pair
        ? [{ from, to, rate: microsToRate(pair.rateMicros), rate_date: pair.rateDate, source: pair.source }]
        : [];
    }),
  );
}
