import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { currencies } from "../enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { accounts, tags } from "./ledger.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * Budgets and goals (README: "Budgets and goals"). Amounts are integers in the minor units of their
 * own currency: the workspace's when they were set, so a later change of the workspace's currency
 * converts them at a kept rate instead of reading the same number in another currency.
 */

/** A monthly limit on the spending under one tag, or on all spending when `tag_id` is null. */
export const budgets = sqliteTable(
  "budgets",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null: every expense of the workspace. A tag deleted takes its budget with it. */
    tagId: text("tag_id").references(() => tags.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency", { enum: currencies }).notNull(),
    /** What a month leaves unspent is added to the next month's (an overspent month carries nothing). */
    rollover: integer("rollover", { mode: "boolean" }).notNull().default(false),
    /** YYYY-MM: the first month it applies to (rollover counts from here). */
    startMonth: text("start_month").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revision: integer("revision").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  // One budget per tag, and one for all spending (a null tag counts as the empty text here).
  (table) => [uniqueIndex("budgets_workspace_tag_unique").on(table.workspaceId, sql`coalesce(${table.tagId}, '')`)],
);

/** Money put aside for something: progress is its linked accounts' balances plus what was added by hand. */
export const goals = sqliteTable(
  "goals",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    targetCents: integer("target_cents").notNull(),
    currency: text("currency", { enum: currencies }).notNull(),
    /** YYYY-MM-DD, or null for a goal without a date. */
    targetDate: text("target_date"),
    color: text("color").notNull().default("#4CAF50"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revision: integer("revision").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [index("goals_workspace_idx").on(table.workspaceId)],
);

/** The accounts whose balances count towards a goal. */
export const goalAccounts = sqliteTable(
  "goal_accounts",
  {
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.goalId, table.accountId] })],
);

/** Money added to (or taken from, when negative) a goal by hand, in the goal's currency. */
export const goalContributions = sqliteTable(
  "goal_contributions",
  {
    id: idColumn(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD in the workspace's time zone. */
    date: text("date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (table) => [index("goal_contributions_goal_date_idx").on(table.goalId, table.date)],
);
