import { and, eq } from "drizzle-orm";
import type { NamedReads, RowsByName } from "../../db/named-batch.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { workspaceMembers, workspaces, type WorkspaceRole } from "../../db/schema/index.ts";
import { batchWithChecksAsCaller, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import type { Permission } from "../workspaces/permissions.ts";
import { assertWorkspaceId, requirePermission } from "../workspaces/workspace-access.ts";

export type LedgerWorkspace = { id: string; currency: "USD" | "BRL"; timeZone: string };

const membershipOf = reusableRead<{ workspaceId: string; userId: string }>()((db, value) =>
  db
    .select({ role: workspaceMembers.role, currency: workspaces.currency, timeZone: workspaces.timeZone })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, value("workspaceId")), eq(workspaceMembers.userId, value("userId")))),
);

/**
 * The one read round trip of every ledger request: the session check, the caller's membership
 * with the workspace's currency and time zone, and the feature's own queries, in one batch.
 * Every feature query filters by the workspace id, so nothing of another workspace is read,
 * and nothing is returned before the membership is confirmed (404 for outsiders, 403 for a
 * role without the permission).
 */
export async function readInWorkspace<const Reads extends NamedReads>(
  ctx: ServiceContext,
  caller: Caller,
  workspaceId: string,
  permission: Permission,
  reads: Reads,
): Promise<{ workspace: LedgerWorkspace; role: WorkspaceRole; rows: RowsByName<Reads> }> {
  assertWorkspaceId(workspaceId);
  const membership = membershipOf({ workspaceId, userId: caller.userId });
  const { checks, rows } = await batchWithChecksAsCaller(ctx, caller, [membership], reads);
  const [memberships] = checks;
  const role = requirePermission(memberships, permission);
  const { currency, timeZone } = memberships[0]!;
  return { workspace: { id: workspaceId, currency, timeZone }, role, rows };
}
