import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { currencies, workspaceRoles } from "../enums.ts";
import { users } from "./users.ts";

export const workspaces = sqliteTable("workspaces", {
  id: idColumn(),
  name: text("name").notNull(),
  description: text("description"),
  currency: text("currency", { enum: currencies }).notNull().default("USD"),
  /** IANA zone; transaction dates (YYYY-MM-DD) and "today" are read in it. */
  timeZone: text("time_zone").notNull().default("UTC"),
  primaryColor: text("primary_color").notNull().default("#121127"),
  secondaryColor: text("secondary_color").notNull().default("#ffdb6d"),
  accentColor: text("accent_color").notNull().default("#5b43cf"),
  betaFeaturesEnabled: integer("beta_features_enabled", { mode: "boolean" }).notNull().default(false),
  /** Kept by every transaction insert and delete, so the unfiltered list never counts a million rows. */
  transactionCount: integer("transaction_count").notNull().default(0),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAtColumn(),
  updatedAt: timestampColumn("updated_at"),
});

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull().default("member"),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index("workspace_members_user_id_idx").on(table.userId),
  ],
);
