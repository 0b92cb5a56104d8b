import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { users } from "./users.ts";
import { workspaceRoles } from "../enums.ts";
import { workspaces } from "./workspaces.ts";

/**
 * An e-mail address invited into a workspace. There is no link token: the address finds the
 * workspace the next time it signs in (the sign-in batch turns pending rows into memberships
 * and stamps accepted_at), so an invitation cannot be forwarded to someone else.
 */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Trimmed and lower-cased, as users.email is, so sign-in matches it exactly. */
    email: text("email").notNull(),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    acceptedAt: timestampColumn("accepted_at"),
  },
  (table) => [
    // At most one pending invitation per address and workspace; accepted ones stay as history.
    uniqueIndex("workspace_invitations_pending_unique")
      .on(table.workspaceId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    index("workspace_invitations_email_idx").on(table.email),
  ],
);
