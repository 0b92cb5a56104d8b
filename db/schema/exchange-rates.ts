import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestampColumn } from "./columns.ts";

/**
 * The exchange rates providers answered, one row per pair and day (README: "Exchange rates"): the
 * history behind the 1-hour KV cache, so a figure can be converted at the rate of its date and the
 * last good rate is known when every provider is down. A later answer for the same day replaces
 * the earlier one. Currencies are ISO codes (the rate currencies of worker/currency/rate-currencies.ts,
 * more than an account may hold).
 */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    base: text("base").notNull(),
    quote: text("quote").notNull(),
    /** The day the provider says the rate is of (YYYY-MM-DD). */
    rateDate: text("rate_date").notNull(),
    /** Quote units per 1 base unit × 1 000 000 (6 decimals). */
    rateMicros: integer("rate_micros").notNull(),
    /** The provider that answered: frankfurter, open-er-api, currency-api or bcb-ptax. */
    source: text("source").notNull(),
    fetchedAt: timestampColumn("fetched_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.base, table.quote, table.rateDate] })],
);
