import { and, eq, exists, gt, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { sessions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import type { PersonActor } from "./actor.ts";
import { AppError } from "../http/errors.ts";
import { days, minutes, sessionPolicy } from "./session-policy.ts";
import { verifySessionToken } from "./tokens.ts";

function readCookie(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** The bearer token of an API client, else the web app's session cookie. */
export function sessionTokenFrom(request: Request): { token: string; via: PersonActor["via"] } | null {
  const authorization = request.headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return { token: authorization.slice(7).trim(), via: "bearer" };
  const cookie = readCookie(request.headers.get("Cookie"), sessionPolicy.cookieName);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The person a request's token names, by its signature and claims (no database); null when absent or not genuine. */
export async function identifyPerson(ctx: ServiceContext, request: Request): Promise<PersonActor | null> {
  const found = sessionTokenFrom(request);
  if (!found) return null;
  const claims = await verifySessionToken(ctx.env.JWT_SECRET, found.token, ctx.clock.now());
  return claims ? { type: "person", ...claims, via: found.via } : null;
}

export const sessionEnded = () => new AppError("UNAUTHENTICATED");

type SessionMatch<Value> = { sessionId: Value; userId: Value; now: Value; idleCutoff: Value };

/** What makes a session live — one definition for the reads' check and the revoking writes'. */
function liveSession<Value extends string | Placeholder>(match: SessionMatch<Value>) {
  return and(
    eq(sessions.id, match.sessionId),
    eq(sessions.userId, match.userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, match.now),
    gt(sessions.lastSeenAt, match.idleCutoff),
  );
}

function sessionMatch(ctx: ServiceContext, person: PersonActor): SessionMatch<string> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - days(sessionPolicy.idleDays)).toISOString();
  return { sessionId: person.sessionId, userId: person.userId, now: now.toISOString(), idleCutoff };
}

const activeSession = reusableRead<SessionMatch<string>>()((db, value) =>
  db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      liveSession({
        sessionId: value("sessionId"),
        userId: value("userId"),
        now: value("now"),
        idleCutoff: value("idleCutoff"),
      }),
    ),
);

/** The person's live session row, as a batch item; no row means the session ended. */
export function activeSessionQuery(ctx: ServiceContext, person: PersonActor) {
  return activeSession(sessionMatch(ctx, person));
}

/**
 * After a read found the session live: refresh last_seen_at after the response (waitUntil), at
 * most hourly, so reads stay at one round trip.
 */
export function keepSessionFresh(ctx: ServiceContext, person: PersonActor, lastSeenAt: string): void {
  const now = ctx.clock.now();
  if (now.getTime() - new Date(lastSeenAt).getTime() <= minutes(sessionPolicy.lastSeenRefreshMinutes)) return;
  ctx.defer(
    ctx.db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.id, person.sessionId)).run(),
  );
}

/**
 * For a write that must only happen while the caller's session is live (logout, sign out
 * everywhere): the same test as the reads' session check, run by the write statement itself,
 * so a token whose session was revoked, expired or idled out changes nothing.
 */
export function personSessionIsLive(ctx: ServiceContext, person: PersonActor): SQL {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(sessions)
      .where(liveSession(sessionMatch(ctx, person))),
  );
}
