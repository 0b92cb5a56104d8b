import { and, eq, exists, gt, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchByName, type NamedReads, type RowsByName, type RowsOfEach } from "../../db/named-batch.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { sessions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { authPolicy, days, minutes } from "./auth.policy.ts";
import { verifySessionToken } from "./tokens.ts";

/** Who is calling, as far as the token says; the session row confirms it within the same batch as the data. */
export type Caller = { userId: string; sessionId: string; via: "cookie" | "bearer" };

function readCookie(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** The bearer token of an API client, else the web app's session cookie. */
export function sessionTokenFrom(request: Request): { token: string; via: Caller["via"] } | null {
  const authorization = request.headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return { token: authorization.slice(7).trim(), via: "bearer" };
  const cookie = readCookie(request.headers.get("Cookie"), authPolicy.sessionCookieName);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** Checks the token's signature and claims (no database); null when absent or not genuine. */
export async function identifyCaller(ctx: ServiceContext, request: Request): Promise<Caller | null> {
  const found = sessionTokenFrom(request);
  if (!found) return null;
  const claims = await verifySessionToken(ctx.env.JWT_SECRET, found.token, ctx.clock.now());
  return claims ? { ...claims, via: found.via } : null;
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

function sessionMatch(ctx: ServiceContext, caller: Caller): SessionMatch<string> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - days(authPolicy.sessionIdleDays)).toISOString();
  return { sessionId: caller.sessionId, userId: caller.userId, now: now.toISOString(), idleCutoff };
}

const activeSession = reusableRead<SessionMatch<string>>()((db, value) =>
  db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(liveSession({ sessionId: value("sessionId"), userId: value("userId"), now: value("now"), idleCutoff: value("idleCutoff") })),
);

function activeSessionQuery(ctx: ServiceContext, caller: Caller) {
  return activeSession(sessionMatch(ctx, caller));
}

/**
 * For a write that must only happen while the caller's session is live (logout, sign out
 * everywhere): the same test as the reads' session check, run by the write statement itself,
 * so a token whose session was revoked, expired or idled out changes nothing.
 */
export function callerSessionIsActive(ctx: ServiceContext, caller: Caller): SQL {
  return exists(ctx.db.select({ one: sql`1` }).from(sessions).where(liveSession(sessionMatch(ctx, caller))));
}

/**
 * The request's reads and the session check in ONE database round trip, the reads' rows by
 * name. Throws 401 when the session was revoked, expired or idle too long. Refreshing
 * last_seen_at happens after the response (waitUntil), at most hourly, so reads stay at one
 * round trip.
 */
export async function batchAsCaller<const Reads extends NamedReads>(
  ctx: ServiceContext,
  caller: Caller,
  reads: Reads,
): Promise<RowsByName<Reads>> {
  return (await batchWithChecksAsCaller(ctx, caller, [], reads)).rows;
}

/**
 * As batchAsCaller, with more checks of the caller's own (a membership) in the same batch,
 * run after the session check and before the reads; their rows come back in order.
 */
export async function batchWithChecksAsCaller<const Checks extends readonly BatchItem<"sqlite">[], const Reads extends NamedReads>(
  ctx: ServiceContext,
  caller: Caller,
  checks: Checks,
  reads: Reads,
): Promise<{ checks: RowsOfEach<Checks>; rows: RowsByName<Reads> }> {
  const batched = await batchByName(ctx.db, [activeSessionQuery(ctx, caller), ...checks], reads);
  const [sessionRows, ...checkRows] = batched.before;
  const session = sessionRows[0];
  if (!session) throw sessionEnded();
  const now = ctx.clock.now();
  if (now.getTime() - new Date(session.lastSeenAt).getTime() > minutes(authPolicy.lastSeenRefreshMinutes)) {
    ctx.defer(
      ctx.db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.id, caller.sessionId)).run(),
    );
  }
  return { checks: checkRows, rows: batched.rows };
}
