import { count, eq } from "drizzle-orm";
import { userPreferences, users, workspaceMembers } from "../../db/schema/index.ts";
import { sessionEnded } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { toPreferencesResponse, toUserResponse, type UserResponse } from "./profile.mapper.ts";

/**
 * The reads behind GET /profile, as batch items: a write can append them to its own batch
 * and answer with the fresh profile without another round trip.
 */
export function profileQueries(ctx: ServiceContext, userId: string) {
  return [
    ctx.db.select().from(users).where(eq(users.id, userId)),
    ctx.db.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId)),
    ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
  ] as const;
}

type ProfileRows = readonly [
  Array<typeof users.$inferSelect>,
  Array<{ total: number }>,
  Array<typeof userPreferences.$inferSelect>,
];

export function toProfile([accounts, memberships, preferences]: ProfileRows): UserResponse {
  const user = accounts[0];
  if (!user) throw sessionEnded();
  return { ...toUserResponse(user, memberships[0]?.total ?? 0), preferences: toPreferencesResponse(preferences[0], user) };
}
