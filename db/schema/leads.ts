import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtColumn, idColumn } from "./columns.ts";

/** Waitlist sign-ups from the landing page. */
export const leads = sqliteTable(
  "leads",
  {
    id: idColumn(),
    name: text("name").notNull(),
    /** Trimmed and lower-cased, so the duplicate check is case-insensitive. */
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    source: text("source").notNull().default("waitlist"),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex("leads_email_unique").on(table.email)],
);
