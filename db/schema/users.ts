import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";

export const users = sqliteTable(
  "users",
  {
    id: idColumn(),
    /** Stored trimmed and lower-cased: the sign-in identity. */
    email: text("email").notNull(),
    name: text("name"),
    username: text("username"),
    phone: text("phone"),
    language: text("language", { enum: ["en", "pt-BR"] })
      .notNull()
      .default("en"),
    pictureKey: text("picture_key"),
    tier: text("tier", { enum: ["free", "unlimited"] })
      .notNull()
      .default("free"),
    hasBetaAccess: integer("has_beta_access", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_username_unique").on(sql`lower(${table.username})`),
  ],
);

/**
 * A signed-in device. The JWT carries this row's id; the row is read with every request's
 * data, so revoking it (logout, sign out everywhere, account deletion) takes effect at once.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
    lastSeenAt: timestampColumn("last_seen_at").notNull(),
    /** Absolute end of life, whatever the activity. */
    expiresAt: timestampColumn("expires_at").notNull(),
    revokedAt: timestampColumn("revoked_at"),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/** One live sign-in code per address; only its hash is kept. */
export const oneTimeCodes = sqliteTable("one_time_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestampColumn("expires_at").notNull(),
  /** Survives a re-request, so asking for a new code does not reset the lock-out. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lastFailedAt: timestampColumn("last_failed_at"),
  consumedAt: timestampColumn("consumed_at"),
  createdAt: createdAtColumn(),
});
