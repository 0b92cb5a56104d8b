import type { WorkspaceRole } from "../../db/enums.ts";

/**
 * Who may do what inside a workspace (README: "Roles"). Services consult
 * this map and nothing else, so the README table and the code cannot drift apart.
 */
export const rolesAllowed = {
  /** See the workspace, its members, tier info and all financial data. */
  "workspace.read": ["owner", "admin", "member", "viewer"],
  /** Create, edit and delete accounts, cards, transactions, tags and the rest. */
  "finances.write": ["owner", "admin", "member"],
  /** Name, description, currency, time zone, colours, beta features. */
  "workspace.update": ["owner", "admin"],
  /** Invite, revoke invitations, change roles and remove members below owner. */
  "members.manage": ["owner", "admin"],
  /** Make or unmake owners (transfer ownership), remove an owner. */
  "ownership.manage": ["owner"],
  "workspace.delete": ["owner"],
  /**
   * Connect a bank, link its accounts and disconnect it (README: "Bank connections"): a bank's data
   * comes into everyone's workspace, so the people who run the workspace decide.
   */
  "banks.connect": ["owner", "admin"],
  /**
   * Download the whole workspace (LGPD art. 18, GDPR art. 20). An owner always may, on every plan;
   * an admin only on a plan with export features (worker/exports/workspace-zip.service.ts).
   */
  "workspace.export": ["owner", "admin"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof rolesAllowed;

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return (rolesAllowed[permission] as readonly WorkspaceRole[]).includes(role);
}
