import { count, eq } from "drizzle-orm";
import { users, workspaceMembers } from "../../db/schema/index.ts";
import { batchAsCaller, sessionEnded, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { toUserResponse } from "./profile.mapper.ts";

/** GET /profile: the caller's account, checked against its session in the same round trip. */
export async function getProfile(ctx: ServiceContext, caller: Caller) {
  const [accounts, memberships] = await batchAsCaller(ctx, caller, [
    ctx.db.select().from(users).where(eq(users.id, caller.userId)),
    ctx.db.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.userId, caller.userId)),
  ]);
  const user = accounts[0];
  if (!user) throw sessionEnded();
  return toUserResponse(user, memberships[0]?.total ?? 0);
}
