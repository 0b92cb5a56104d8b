import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestampColumn } from "./columns.ts";

/**
 * Fixed-window counters ("otp-email:ana@x.com", "otp-ip:203.0.113.9"). One upsert both
 * counts the hit and starts a new window when the old one has passed.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestampColumn("window_started_at").notNull(),
  hits: integer("hits").notNull().default(0),
});
