import { count, eq } from "drizzle-orm";
import type { RowsByName } from "../../db/named-batch.ts";
import { userPreferences, users, workspaceMembers } from "../../db/schema/index.ts";
import { sessionEnded } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { toPreferencesResponse, toUserResponse, type UserResponse } from "./profile.mapper.ts";

/**
 * The reads behind GET /profile, as batch items: a write can append them to its own batch
 * and answer with the fresh profile without another round trip.
 */
export function profileQueries(ctx: ServiceContext, userId: string) {
  return {
    accounts: ctx.db.select().from(users).where(eq(users.id, userId)),
    memberships: ctx.db.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId)),
    preferences: ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
  };
}

type ProfileRows = RowsByName<ReturnType<typeof profileQueries>>;

export function toProfile({ accounts, memberships, preferences }: ProfileRows): UserResponse {
  const user = accounts[0];
  if (!user) throw sessionEnded();
  return {
    ...toUserResponse(user, memberships[0]?.total ?? 0),
    preferences: toPreferencesResponse(preferences[0], user),
  };
}
