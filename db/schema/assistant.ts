import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { botChannels } from "../enums.ts";
import { timestampColumn } from "./columns.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A phone linked to a user for the chat assistant: one phone per user, one user per
 * phone. The phone is as WhatsApp sends it in `from` — digits with the country code
 * ("5511987654321"). Deleting the user deletes the link.
 */
export const botLinks = sqliteTable("bot_links", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channel: text("channel", { enum: botChannels }).notNull().default("whatsapp"),
  phone: text("phone").notNull().unique(),
  linkedAt: timestampColumn("linked_at").notNull(),
});

/**
 * The one-time code a user sends from their phone ("VINCULAR 482913") to link it: one live code
 * per user (a new one replaces it), valid for 10 minutes, deleted in the batch that links.
 */
export const botLinkCodes = sqliteTable("bot_link_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  expiresAt: timestampColumn("expires_at").notNull(),
  createdAt: timestampColumn("created_at").notNull(),
  /**
   * Wrong link attempts from any phone since the code was issued: a wrong code does not say which
   * code it aimed at, so each one counts against every live code. At the burn limit the code stops
   * working (docs/assistant.md, "Guessing a link code").
   */
  wrongTries: integer("wrong_tries").notNull().default(0),
});

/**
 * Every message the assistant handled, keyed by the channel's message id (WhatsApp's `wamid`).
 * The row is inserted in the same batch as what the message wrote, so a delivery sent again —
 * or five times at once — writes nothing more. It also says what was written, for "desfazer".
 */
export const botMessages = sqliteTable(
  "bot_messages",
  {
    messageId: text("message_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    receivedAt: timestampColumn("received_at").notNull(),
    /** What the message wrote, if anything: "desfazer" removes the newest within 24 hours. */
    wroteKind: text("wrote_kind", { enum: ["transaction", "installment_plan"] }),
    wroteId: text("wrote_id"),
    undoneAt: timestampColumn("undone_at"),
  },
  (table) => [index("bot_messages_user_received_idx").on(table.userId, table.receivedAt)],
);

/**
 * What the assistant waits for from a user: a draft to confirm ("Confirmar"), or the one answer
 * to a question it asked (JSON, worker/assistant/conversation-state.ts). A new transaction
 * message replaces it; it lapses after 30 minutes.
 */
export const botConversations = sqliteTable("bot_conversations", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stateJson: text("state_json").notNull(),
  expiresAt: timestampColumn("expires_at").notNull(),
  updatedAt: timestampColumn("updated_at").notNull(),
});
