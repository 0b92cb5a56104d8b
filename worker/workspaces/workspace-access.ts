import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { workspaceMembers, type WorkspaceRole } from "../../db/schema/index.ts";
import type { Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { can, rolesAllowed, type Permission } from "./permissions.ts";

/** The same answer whether the workspace does not exist or the caller is not in it: nothing leaks. */
export const workspaceNotFound = () => new AppError("NOT_FOUND", "errors:details.workspaceNotFound");

/** A malformed id cannot name a workspace; refuse it as not found before touching the database. */
export function assertWorkspaceId(workspaceId: string): void {
  if (!isUuid(workspaceId)) throw workspaceNotFound();
}

/** The caller's membership row, as a query for the caller's read batch. */
export function membershipQuery(ctx: ServiceContext, caller: Caller, workspaceId: string) {
  return ctx.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, caller.userId)));
}

/**
 * The caller's role, given the rows of membershipQuery: 404 when not a member, 403 when the
 * role lacks the permission.
 */
export function requirePermission(rows: ReadonlyArray<{ role: WorkspaceRole }>, permission: Permission): WorkspaceRole {
  const role = rows[0]?.role;
  if (!role) throw workspaceNotFound();
  if (!can(role, permission)) {
    throw new AppError("FORBIDDEN");
  }
  return role;
}

/**
 * A write's own guard: the caller still holds the permission when the statement runs, so a
 * membership removed between the read and the write cannot slip through.
 */
export function callerStillMay(ctx: ServiceContext, caller: Caller, workspaceId: string, permission: Permission): SQL {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.userId, caller.userId),
          inArray(workspaceMembers.role, [...rolesAllowed[permission]]),
        ),
      ),
  );
}
