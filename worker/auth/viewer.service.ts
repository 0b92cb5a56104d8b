import { asc, eq } from "drizzle-orm";
import { users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { toUserResponse } from "../profile/profile.mapper.ts";
import { toWorkspaceResponse } from "../workspaces/workspaces.mapper.ts";
import { batchAsCaller, sessionEnded, type Caller } from "./session.ts";

/**
 * Everything a page needs to decide where the signed-in person belongs (SPEC §2 guards):
 * the account and its workspaces, with the session check, in one round trip.
 */
export async function loadViewer(ctx: ServiceContext, caller: Caller) {
  const [accounts, memberships] = await batchAsCaller(ctx, caller, [
    ctx.db.select().from(users).where(eq(users.id, caller.userId)),
    ctx.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, caller.userId))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.id)),
  ]);
  const account = accounts[0];
  if (!account) throw sessionEnded();
  const workspaceList = memberships.map((row) => toWorkspaceResponse(row.workspace, row.role));
  return { user: toUserResponse(account, workspaceList.length), workspaces: workspaceList };
}

export type Viewer = Awaited<ReturnType<typeof loadViewer>>;
