import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestampColumn } from "./columns.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * The first answer to a money write sent with an `Idempotency-Key` (docs/api.md, "Retries").
 * Inserted in the same atomic batch as the write it answers, so a key is stored exactly when its
 * write committed; the primary key makes the second of two racing requests fail its whole batch.
 * Scoped per user and workspace: one person's key never replays another's answer.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 (hex) of the method, the path and the canonical body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    responseStatus: integer("response_status").notNull(),
    /** The response body exactly as first sent (JSON text). */
    responseBody: text("response_body").notNull(),
    createdAt: timestampColumn("created_at").notNull(),
    /** Past it the key is ignored, and deleted by the next keyed write. */
    expiresAt: timestampColumn("expires_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.workspaceId, table.key] }),
    index("idempotency_keys_expires_at_idx").on(table.expiresAt),
  ],
);
