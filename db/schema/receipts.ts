import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { receiptTypes } from "../enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { transactions } from "./ledger.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A photo or PDF attached to a transaction. The bytes live in R2 under `objectKey`, private: served only
 * through the Worker to members who may see the transaction (docs/decisions/055-receipts-in-r2.md). The row
 * goes with its transaction (and so with its account, workspace and person) by the database's cascades;
 * a trigger queues its object in `receipt_objects_to_delete` as it goes, for the cron to delete from R2.
 */
export const receipts = sqliteTable(
  "receipts",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type", { enum: receiptTypes }).notNull(),
    byteSize: integer("byte_size").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index("receipts_transaction_idx").on(table.transactionId),
    index("receipts_workspace_idx").on(table.workspaceId),
  ],
);

/** R2 objects whose receipt is gone, waiting for the cron to delete them (filled by a trigger on `receipts`). */
export const receiptObjectsToDelete = sqliteTable("receipt_objects_to_delete", {
  objectKey: text("object_key").primaryKey(),
  queuedAt: timestampColumn("queued_at").notNull(),
});
