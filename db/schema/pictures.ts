import { customType, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestampColumn } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Raw bytes as Uint8Array in every runtime: Drizzle's own blob "buffer" mode needs Node's
 * Buffer, and libSQL's HTTP client hands blobs back as ArrayBuffer.
 */
const bytes = customType<{ data: Uint8Array<ArrayBuffer>; driverData: ArrayBuffer | Uint8Array<ArrayBuffer> }>({
  dataType: () => "blob",
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/** Profile pictures live in the database (README: small, at most 2 MB, one per user, no extra service). */
export const userPictures = sqliteTable("user_pictures", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type", { enum: ["image/jpeg", "image/png", "image/gif"] }).notNull(),
  bytes: bytes("bytes").notNull(),
  byteSize: integer("byte_size").notNull(),
  updatedAt: timestampColumn("updated_at").notNull(),
});
