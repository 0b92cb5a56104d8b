import { and, sql } from "drizzle-orm";
import { accounts, exchangeRates } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { microsToRate } from "../ledger/amounts.ts";
import { type KnownRate, pairRate } from "./conversion.ts";

/**
 * Each pair's newest kept rate between the currencies the workspace's accounts hold (either
 * direction), for a read batch: what the wizard suggests for a transfer across currencies.
 */
export function heldPairRatesQuery(ctx: ServiceContext, workspaceId: string) {
  const held = sql`(select ${accounts.currency} from ${accounts} where ${accounts.workspaceId} = ${workspaceId})`;
  const newestOfPair = sql`(select max(newest.rate_date) from ${exchangeRates} as newest where newest.base = ${exchangeRates.base} and newest.quote = ${exchangeRates.quote})`;
  return ctx.db
    .select()
    .from(exchangeRates)
    .where(
      and(
        sql`${exchangeRates.base} in ${held}`,
        sql`${exchangeRates.quote} in ${held}`,
        sql`${exchangeRates.rateDate} = ${newestOfPair}`,
      ),
    );
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
