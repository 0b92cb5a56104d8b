import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { reusableRead } from "../../db/reusable-read.ts";
import { accounts, exchangeRates, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { microsToRate } from "../ledger/amounts.ts";
import { type KnownRate, pairRate } from "./conversion.ts";

const newestRates = reusableRead<{ workspaceId: string }>()((db, value) => {
  const used = sql`select ${accounts.currency} as code from ${accounts} where ${accounts.workspaceId} = ${value("workspaceId")}
    union select ${workspaces.currency} from ${workspaces} where ${workspaces.id} = ${value("workspaceId")}`;
  // Each pair's newest day is one seek on the rates' key (base, quote, rate_date), however long the
  // history; its row is then fetched by rowid, so no other day of the pair is read.
  const newestOfPair = sql`(select newest.rowid from ${exchangeRates} as newest
    where newest.base = a.code and newest.quote = b.code order by newest.rate_date desc limit 1)`;
  return db
    .select()
    .from(exchangeRates)
    .where(
      sql`${exchangeRates}.rowid in (select ${newestOfPair} from (${used}) as a, (${used}) as b where a.code <> b.code)`,
    );
});

/**
 * Each pair's newest kept rate between the workspace's currency and the ones its accounts hold
 * (either direction), for a read batch: what balances convert at and what the wizard suggests for
 * a transfer across currencies.
 */
export function newestRatesQuery(_ctx: ServiceContext, workspaceId: string) {
  return newestRates({ workspaceId });
}

/** The latest kept rate on or before `day`, else the earliest after it: `value` of that rate's row. */
function keptOnDay<T>(value: SQL, base: SQL | SQLiteColumn, quote: SQL, day: SQL | SQLiteColumn): SQL<T | null> {
  const seek = (onOrBefore: boolean) =>
    sql`(select ${value} from ${exchangeRates}
      where ${exchangeRates.base} = ${base} and ${exchangeRates.quote} = ${quote}
      and ${onOrBefore ? sql`${exchangeRates.rateDate} <= ${day}` : sql`${exchangeRates.rateDate} > ${day}`}
      order by ${exchangeRates.rateDate} ${onOrBefore ? sql`desc` : sql`asc`} limit 1)`;
  return sql<T | null>`case when ${base} = ${quote} then null else coalesce(${seek(true)}, ${seek(false)}) end`;
}

/**
 * The kept rate from `base` into `quote` for `day`, inside a row's own query: the latest on or
 * before the day, else the earliest after it — two seeks on the rates' key — as JSON
 * `{ rate, date }`, or null when none is kept. Null too when the two currencies are the same.
 */
export function keptRateOnDay(base: SQL | SQLiteColumn, quote: SQL, day: SQL | SQLiteColumn): SQL<string | null> {
  return keptOnDay(
    sql`json_object('rate', ${exchangeRates.rateMicros}, 'date', ${exchangeRates.rateDate})`,
    base,
    quote,
    day,
  );
}

/** The same rate as keptRateOnDay, its micros alone: for a query that only converts with it. */
export function keptRateMicrosOnDay(base: SQL | SQLiteColumn, quote: SQL, day: SQL | SQLiteColumn): SQL<number | null> {
  return keptOnDay(sql`${exchangeRates.rateMicros}`, base, quote, day);
}

/**
 * The rate pairRate (conversion.ts) picks from every kept rate to convert `from` into `to` on `day`,
 * inside a row's own query, as micros: among both directions of the pair, the latest dated on or
 * before the day, else the earliest after it; on one date the direct pair wins over the reverse one,
 * whose rate is inverted as invertedRateMicros does — 10^12 / rate, half up, in exact integer
 * arithmetic. Null when no rate is kept, when an inverse rounds to nothing (as pairRate says), and
 * when the two currencies are the same. Each side of the day is two seeks on the rates' key.
 */
export function pairRateMicrosOnDay(from: SQL, to: SQL, day: SQL): SQL<number | null> {
  // An inverse that rounds to nothing is -1 here, so the later side is not read in its place.
  const seek = (onOrBefore: boolean) => {
    const pair = (base: SQL, quote: SQL, inverse: 0 | 1) =>
      sql`select * from (select rate_date, rate_micros, ${sql.raw(String(inverse))} as inverse
        from ${exchangeRates} where base = ${base} and quote = ${quote}
        and rate_date ${sql.raw(onOrBefore ? "<=" : ">")} ${day}
        order by rate_date ${sql.raw(onOrBefore ? "desc" : "asc")} limit 1)`;
    return sql`(select case when inverse = 0 then rate_micros
        else coalesce(nullif((2000000000000 + rate_micros) / (2 * rate_micros), 0), -1) end
      from (${pair(from, to, 0)} union all ${pair(to, from, 1)})
      order by rate_date ${sql.raw(onOrBefore ? "desc" : "asc")}, inverse limit 1)`;
  };
  return sql<number | null>`case when ${from} = ${to} then null
    else nullif(coalesce(${seek(true)}, ${seek(false)}), -1) end`;
}

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
