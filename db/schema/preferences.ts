import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { currencies } from "../enums.ts";
import { timestampColumn } from "./columns.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * The assistant's settings (docs/product.md#settings), read by the assistant (worker/assistant/). One row per
 * user, written on first save.
 */
export const userPreferences = sqliteTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  botEnabled: integer("bot_enabled", { mode: "boolean" }).notNull().default(false),
  defaultWorkspaceId: text("default_workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
  /** Of the default workspace (checked when saved; one that no longer fits is passed over). */
  defaultAccountId: text("default_account_id"),
  defaultCardId: text("default_card_id"),
  defaultTagId: text("default_tag_id"),
  defaultCurrency: text("default_currency", { enum: currencies }).notNull().default("USD"),
  botLanguage: text("bot_language", { enum: ["en", "pt-BR"] })
    .notNull()
    .default("en"),
  autoCategorize: integer("auto_categorize", { mode: "boolean" }).notNull().default(false),
  requireConfirmation: integer("require_confirmation", { mode: "boolean" }).notNull().default(false),
  updatedAt: timestampColumn("updated_at").notNull(),
});
