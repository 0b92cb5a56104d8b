import { count, eq } from "drizzle-orm";
import type { RowsByName } from "../../db/named-batch.ts";
import { botLinks, userPreferences, users, workspaceMembers } from "../../db/schema/index.ts";
import { burnedLinkCodeQuery } from "../assistant/link-attempts.ts";
import { toAssistantStatus } from "../assistant/link.mapper.ts";
import { sessionEnded } from "../access/session.ts";
import type { ServiceContext } from "../context.ts";
import { type ProfileResponse, toPreferencesResponse, toUserResponse } from "./profile.mapper.ts";

/**
 * The reads behind GET /profile, as batch items: a write can append them to its own batch
 * and answer with the fresh profile without another round trip.
 */
export function profileQueries(ctx: ServiceContext, userId: string) {
  return {
    accounts: ctx.db.select().from(users).where(eq(users.id, userId)),
    memberships: ctx.db.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId)),
    preferences: ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
    linkedPhones: ctx.db
      .select({ phone: botLinks.phone, linkedAt: botLinks.linkedAt })
      .from(botLinks)
      .where(eq(botLinks.userId, userId)),
    burnedLinkCodes: burnedLinkCodeQuery(ctx, userId),
  };
}

type ProfileRows = RowsByName<ReturnType<typeof profileQueries>>;

/** The profile with its chat-bot settings and the assistant's link (the configured number comes from `ctx.env`). */
export function toProfile(
  { accounts, memberships, preferences, linkedPhones, burnedLinkCodes }: ProfileRows,
  ctx: Pick<ServiceContext, "env">,
): ProfileResponse {
  const user = accounts[0];
  if (!user) throw sessionEnded();
  return {
    ...toUserResponse(user, memberships[0]?.total ?? 0),
    preferences: toPreferencesResponse(preferences[0], user),
    assistant: toAssistantStatus(user, linkedPhones[0], ctx.env, burnedLinkCodes.length > 0),
  };
}
