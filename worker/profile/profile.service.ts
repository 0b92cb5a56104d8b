import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { batchByName, batchEndingWith } from "../../db/named-batch.ts";
import { sessions, users, workspaceMembers } from "../../db/schema/index.ts";
import { days, sessionPolicy } from "../access/session-policy.ts";
import { sessionEnded } from "../access/session.ts";
import { fieldError } from "../http/errors.ts";
import type { UpdateProfileInput } from "./profile.schemas.ts";
import { profileQueries, toProfile } from "./profile.queries.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";

/** GET /profile: the caller's account and chat-bot settings, checked against its session in the same round trip. */
export async function getProfile({ ctx }: PersonCall) {
  return toProfile(await batchAsActor(ctx, profileQueries(ctx, ctx.actor.userId)), ctx);
}

/** PUT /profile: changes only the fields sent; a username must be unique (case-insensitive). */
export async function updateProfile({ ctx, input }: PersonCall<UpdateProfileInput>) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // Without a username to check, the query matches nothing; it still carries the session check.
  const { taken } = await batchAsActor(ctx, {
    taken: ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${input.username ?? null})`, ne(users.id, ctx.actor.userId))),
  });
  if (taken.length > 0) {
    throw fieldError("username", "errors:fields.usernameTaken");
  }
  const { rows: profile } = await batchByName(
    ctx.db,
    [
      ctx.db
        .update(users)
        .set({ ...changes, updatedAt: ctx.clock.now().toISOString() })
        .where(eq(users.id, ctx.actor.userId)),
    ],
    profileQueries(ctx, ctx.actor.userId),
  );
  return toProfile(profile, ctx);
}

/** GET /profile/stats. Active sessions are those that would still let someone in right now. */
export async function getProfileStats({ ctx }: PersonCall) {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - days(sessionPolicy.idleDays)).toISOString();
  const { accounts, memberships, owned, active } = await batchAsActor(ctx, {
    accounts: ctx.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, ctx.actor.userId)),
    memberships: ctx.db
      .select({ total: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, ctx.actor.userId)),
    owned: ctx.db
      .select({ total: count() })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, ctx.actor.userId), eq(workspaceMembers.role, "owner"))),
    active: ctx.db
      .select({ total: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, ctx.actor.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now.toISOString()),
          gt(sessions.lastSeenAt, idleCutoff),
        ),
      ),
  });
  const account = accounts[0];
  if (!account) throw sessionEnded();
  return {
    workspaces_count: memberships[0]?.total ?? 0,
    owned_workspaces_count: owned[0]?.total ?? 0,
    member_since: account.createdAt,
    active_sessions: active[0]?.total ?? 0,
  };
}

/** Workspaces where the user is an owner and no one else is: they go with the account. */
const soleOwnedWorkspaces = (userId: string) => sql`select mine.workspace_id from workspace_members as mine
  where mine.user_id = ${userId} and mine.role = 'owner' and not exists (
    select 1 from workspace_members as others
    where others.workspace_id = mine.workspace_id and others.role = 'owner' and others.user_id <> ${userId})`;

/**
 * DELETE /profile: one atomic batch removes the workspaces the user alone owns (with all their
 * data) and the account; sessions, memberships, preferences and the picture go with the
 * account (foreign keys cascade), so every token of the user stops working at once.
 */
export async function deleteAccount({ ctx }: PersonCall) {
  const { doomed } = await batchAsActor(ctx, {
    doomed: ctx.db.all<{ workspace_id: string }>(soleOwnedWorkspaces(ctx.actor.userId)),
  });
  const deleted = await batchEndingWith(
    ctx.db,
    [ctx.db.run(sql`delete from workspaces where id in (${soleOwnedWorkspaces(ctx.actor.userId)})`)],
    ctx.db.delete(users).where(eq(users.id, ctx.actor.userId)),
  );
  if (deleted.rowsAffected !== 1) throw sessionEnded();
  ctx.log.info("account.deleted", { user_id: ctx.actor.userId, workspaces_deleted: doomed.length });
  return { message: "Account deleted", deleted_workspaces: doomed.length };
}
