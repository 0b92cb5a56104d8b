import { and, count, eq, ne, sql } from "drizzle-orm";
import { users, workspaceMembers } from "../../db/schema/index.ts";
import { batchAsCaller, sessionEnded, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { UpdateProfileInput } from "./profile.schemas.ts";
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

/** PUT /profile: changes only the fields sent; a username must be unique (case-insensitive). */
export async function updateProfile(ctx: ServiceContext, caller: Caller, input: UpdateProfileInput) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (input.username) {
    const [taken] = await batchAsCaller(ctx, caller, [
      ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${input.username})`, ne(users.id, caller.userId))),
    ]);
    if (taken.length > 0) {
      throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", {
        fieldErrors: { username: ["That username is taken"] },
      });
    }
  }
  await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: ctx.clock.now().toISOString() })
    .where(eq(users.id, caller.userId));
  return getProfile(ctx, caller);
}
