import { isUuid } from "../../db/ids.ts";
import type { WorkspaceRole } from "../../db/schema/index.ts";
import { AppError } from "../http/errors.ts";
import { can, type Permission } from "./permissions.ts";

/** What every verb inside a workspace takes first. */
export type WorkspaceRef = { workspaceId: string };

/** The same answer whether the workspace does not exist or the caller is not in it: nothing leaks. */
export const workspaceNotFound = () => new AppError("NOT_FOUND", "errors:details.workspaceNotFound");

/** A malformed id cannot name a workspace; refuse it as not found before touching the database. */
export function assertWorkspaceId(workspaceId: string): void {
  if (!isUuid(workspaceId)) throw workspaceNotFound();
}

/**
 * The actor's role, given its membership rows: 404 when not a member, 403 when the
 * role lacks the permission.
 */
export function requirePermission(rows: ReadonlyArray<{ role: WorkspaceRole }>, permission: Permission): WorkspaceRole {
  const role = rows[0]?.role;
  if (!role) throw workspaceNotFound();
  assertRoleMay(role, permission);
  return role;
}

/** 403 when a member's role lacks a permission that depends on what was read (touching an owner). */
export function assertRoleMay(role: WorkspaceRole, permission: Permission): void {
  if (!can(role, permission)) {
    throw new AppError("FORBIDDEN");
  }
}
