import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { transactionKinds } from "../enums.ts";

/**
 * What the reports read instead of the transactions (docs/decisions/034-report-rollups-kept-by-triggers.md):
 * per day totals, in the minor units of the currency they moved in, kept right by triggers (migration
 * 0012) in the same statement as every write of a transaction or of its tags — the ledger's batches,
 * the planned postings, cascades and bulk seeding alike. The ledger's property test proves them equal to what
 * the rows imply. A day's row may fall to zero and stay; readers sum, so it counts nothing.
 *
 * A leg is where the money moved: `account:{id}` (an account, or a debit card's account) or
 * `card:{id}` (a card in credit mode, whose debt moved).
 */

/** Per day, kind, leg and direction: what left (`out`) or arrived (`in`) on that leg. */
export const ledgerDayFlows = sqliteTable(
  "ledger_day_flows",
  {
    workspaceId: text("workspace_id").notNull(),
    day: text("day").notNull(),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    leg: text("leg").notNull(),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    currency: text("currency").notNull(),
    amountUnits: integer("amount_units").notNull().default(0),
    transactionCount: integer("transaction_count").notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.workspaceId, table.day, table.kind, table.leg, table.direction, table.currency],
    }),
    // The budgets' days in one currency (the ones another currency's budget converts at each day's
    // rate) without the other currencies' and kinds' rows of the same days (migration 0015).
    index("ledger_day_flows_spending_idx")
      .on(table.workspaceId, table.currency, table.day)
      .where(sql`kind = 'expense' and direction = 'out'`),
  ],
);

/**
 * Per day, kind, tag and leg: a transaction's whole amount under each of its tags (a purchase tagged
 * Food and Travel counts in both), or under the tag `""` when it has none. The leg and amount are its
 * main side's: what arrived for income, what left for everything else.
 */
export const tagDayFlows = sqliteTable(
  "tag_day_flows",
  {
    workspaceId: text("workspace_id").notNull(),
    day: text("day").notNull(),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    tagId: text("tag_id").notNull(),
    leg: text("leg").notNull(),
    currency: text("currency").notNull(),
    amountUnits: integer("amount_units").notNull().default(0),
    transactionCount: integer("transaction_count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.day, table.kind, table.tagId, table.leg, table.currency] }),
    index("tag_day_flows_spending_idx")
      .on(table.workspaceId, table.tagId, table.currency, table.day)
      .where(sql`kind = 'expense'`),
  ],
);

/**
 * Per month (YYYY-MM) and currency: what expenses took out (ledger_day_flows' `expense` / `out` rows
 * summed over their legs), for the budgets, which only ever sum months — a budget that
 * rolls over reads a row a month since its first instead of every day. Kept by triggers on the day
 * rollup (migration 0015), so whatever writes a day writes its month in the same statement.
 */
export const monthSpending = sqliteTable(
  "month_spending",
  {
    workspaceId: text("workspace_id").notNull(),
    month: text("month").notNull(),
    currency: text("currency").notNull(),
    amountUnits: integer("amount_units").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.month, table.currency] })],
);

/** Per month, tag and currency: tag_day_flows' `expense` rows summed over their legs and days, likewise. */
export const tagMonthSpending = sqliteTable(
  "tag_month_spending",
  {
    workspaceId: text("workspace_id").notNull(),
    month: text("month").notNull(),
    tagId: text("tag_id").notNull(),
    currency: text("currency").notNull(),
    amountUnits: integer("amount_units").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.month, table.tagId, table.currency] })],
);
