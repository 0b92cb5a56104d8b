import { and, count, eq, isNull, sql } from "drizzle-orm";
import { newId } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import { oneTimeCodes, sessions, users, workspaceMembers } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { toUserResponse, type UserResponse } from "../profile/profile.mapper.ts";
import { invitationAcceptanceStatements } from "../workspaces/invitations.service.ts";
import { authPolicy } from "./auth.policy.ts";
import { days, minutes, sessionPolicy } from "../access/session-policy.ts";
import type { RequestCodeInput, SignInInput } from "./auth.schemas.ts";
import { deriveCode, digestsEqual, hashCode } from "./codes.ts";
import { sendSignInCode } from "./sign-in-email.ts";
import { countHit, needsChallenge, retryAfter } from "../access/rate-limit.ts";
import { personSessionIsLive, sessionEnded } from "../access/session.ts";
import { signSessionToken } from "../access/tokens.ts";
import { requireSolvedChallenge } from "./turnstile.ts";
import type { PersonCall } from "../access/actor.ts";
import type { RequestOrigin } from "./request-origin.ts";

const tooManyRequests = (seconds: number) => new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: seconds });

export const codeRequestedMessage = "Check your email for the verification code";

type StoredCode = typeof oneTimeCodes.$inferSelect;

/** Unspent, unexpired and not guessed at too often: the code a re-request sends again. */
function isLive(stored: StoredCode | undefined, now: Date): stored is StoredCode {
  return Boolean(
    stored &&
      !stored.consumedAt &&
      stored.expiresAt > now.toISOString() &&
      stored.failedAttempts < authPolicy.maxFailedAttempts,
  );
}

/**
 * POST /auth/request-token. The same work and the same answer whether or not the address
 * has an account: nothing about the address is revealed. Past the soft limits a Turnstile
 * challenge is asked for instead of locking the address; past the per-IP cap, 429. While a
 * code is live, asking again re-sends that same code (its life unchanged), so requests from
 * someone else never kill the code its owner is typing. A new code is stored only after its
 * e-mail went out, so a failed send leaves no live code behind.
 */
export async function requestSignInCode(ctx: ServiceContext, input: RequestCodeInput, origin: RequestOrigin) {
  const now = ctx.clock.now();
  const {
    rows: { emailHits, ipHits, known, codes },
  } = await batchByName(ctx.db, [], {
    emailHits: ctx.db.all<{ hits: number; window_started_at: string }>(
      countHit(`otp-email:${input.email}`, authPolicy.codeRequestsPerEmail, now),
    ),
    ipHits: ctx.db.all<{ hits: number; window_started_at: string }>(
      countHit(`otp-ip:${origin.ip}`, authPolicy.codeRequestsPerIp, now),
    ),
    known: ctx.db.select({ language: users.language }).from(users).where(eq(users.email, input.email)),
    codes: ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, input.email)),
  });
  const wait = retryAfter(ipHits[0], authPolicy.codeRequestsPerIp, now);
  if (wait !== null) throw tooManyRequests(wait);
  if (
    needsChallenge(emailHits[0], authPolicy.codeRequestsPerEmail) ||
    needsChallenge(ipHits[0], authPolicy.codeRequestsPerIp)
  ) {
    await requireSolvedChallenge(ctx, input.turnstile_token, origin.ip);
  }

  const language = known[0]?.language ?? origin.language;
  const current = codes[0];
  if (isLive(current, now)) {
    if (Number(emailHits[0]?.hits ?? 0) > authPolicy.liveCodeEmailsPerWindow) {
      ctx.log.info("auth.code_resend_skipped", { reason: "per_address_cap" });
      return { message: codeRequestedMessage };
    }
    const code = await deriveCode(ctx.env.JWT_SECRET, input.email, current.createdAt, authPolicy.codeDigits);
    const minutesLeft = Math.max(1, Math.ceil((Date.parse(current.expiresAt) - now.getTime()) / minutes(1)));
    await sendSignInCode(ctx, { email: input.email, code, language, minutesLeft });
    return { message: codeRequestedMessage };
  }

  const issuedAt = now.toISOString();
  const code = await deriveCode(ctx.env.JWT_SECRET, input.email, issuedAt, authPolicy.codeDigits);
  await sendSignInCode(ctx, { email: input.email, code, language, minutesLeft: authPolicy.codeLifetimeMinutes });
  const codeHash = await hashCode(ctx.env.JWT_SECRET, input.email, code);
  const fresh = {
    codeHash,
    expiresAt: new Date(now.getTime() + minutes(authPolicy.codeLifetimeMinutes)).toISOString(),
    createdAt: issuedAt,
    failedAttempts: 0,
    lastFailedAt: null,
    consumedAt: null,
  };
  await ctx.db
    .insert(oneTimeCodes)
    .values({ email: input.email, ...fresh })
    .onConflictDoUpdate({ target: oneTimeCodes.email, set: fresh });
  return { message: codeRequestedMessage };
}

const invalidCode = () => new AppError("UNAUTHENTICATED", "errors:details.invalidCode");

export type SignedIn = { accessToken: string; expiresAt: Date; user: UserResponse };

/**
 * POST /auth/login. One round trip to read the code and the account, one atomic batch to
 * create the account (first sign-in), open the session, spend the code and accept pending
 * workspace invitations — the session row is only written if the code is still unspent, so
 * a code works exactly once.
 */
export async function signIn(ctx: ServiceContext, input: SignInInput, origin: RequestOrigin): Promise<SignedIn> {
  const now = ctx.clock.now();
  const {
    rows: { ipHits, codes },
  } = await batchByName(ctx.db, [], {
    ipHits: ctx.db.all<{ hits: number; window_started_at: string }>(
      countHit(`signin-ip:${origin.ip}`, authPolicy.signInAttemptsPerIp, now),
    ),
    codes: ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, input.email)),
  });
  const wait = retryAfter(ipHits[0], authPolicy.signInAttemptsPerIp, now);
  if (wait !== null) throw tooManyRequests(wait);

  const stored = codes[0];
  const isUsable = isLive(stored, now);
  // Past the free wrong tries, every try needs a solved challenge: guessing stays costly and
  // the owner's code still works (never a lock anyone else can set off).
  if (isUsable && stored.failedAttempts >= authPolicy.freeFailedAttempts) {
    await requireSolvedChallenge(ctx, input.turnstile_token, origin.ip);
  }
  const presentedHash = await hashCode(ctx.env.JWT_SECRET, input.email, input.token);
  if (!stored || !isUsable || !digestsEqual(presentedHash, stored.codeHash)) {
    if (stored && !stored.consumedAt) {
      await ctx.db
        .update(oneTimeCodes)
        .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1`, lastFailedAt: now.toISOString() })
        .where(eq(oneTimeCodes.email, input.email));
    }
    throw invalidCode();
  }

  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + days(sessionPolicy.absoluteDays));
  const nowIso = now.toISOString();
  // In this order: the account, then the session on it, then the code spent, the invitations accepted, and the reads of the result.
  const {
    rows: { opened, accounts, memberships },
  } = await batchByName(ctx.db, [], {
    account: ctx.db
      .insert(users)
      .values({ email: input.email, language: origin.language, createdAt: nowIso })
      .onConflictDoNothing(),
    opened: ctx.db.run(sql`insert into sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent)
      select ${sessionId}, users.id, ${nowIso}, ${nowIso}, ${expiresAt.toISOString()}, ${origin.userAgent?.slice(0, 300) ?? null}
      from users join one_time_codes on one_time_codes.email = users.email
      where users.email = ${input.email} and one_time_codes.code_hash = ${stored.codeHash} and one_time_codes.consumed_at is null`),
    spent: ctx.db
      .update(oneTimeCodes)
      .set({ consumedAt: nowIso })
      .where(
        and(
          eq(oneTimeCodes.email, input.email),
          eq(oneTimeCodes.codeHash, stored.codeHash),
          isNull(oneTimeCodes.consumedAt),
        ),
      ),
    // Pending invitations to this address become memberships, in this same atomic batch.
    ...invitationAcceptanceStatements(ctx, { email: input.email, sessionId, now: nowIso }),
    accounts: ctx.db.select().from(users).where(eq(users.email, input.email)),
    memberships: ctx.db
      .select({ total: count() })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(users.email, input.email)),
  });
  if (opened.rowsAffected !== 1) throw invalidCode();

  const user = accounts[0]!;
  const accessToken = await signSessionToken(ctx.env.JWT_SECRET, { userId: user.id, sessionId, expiresAt, now });
  ctx.log.info("auth.signed_in", { user_id: user.id, session_id: sessionId });
  return { accessToken, expiresAt, user: toUserResponse(user, memberships[0]?.total ?? 0) };
}

/** Ends the caller's session; a token whose session already ended gets 401 (nothing to end). */
export async function signOut({ ctx }: PersonCall) {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now().toISOString() })
    .where(and(eq(sessions.id, ctx.actor.sessionId), personSessionIsLive(ctx, ctx.actor)));
  if (revoked.rowsAffected === 0) throw sessionEnded();
}

/**
 * Ends every session of the caller, on every device — only for a caller whose own session is
 * live, checked in the same statement: a stolen token that was logged out signs no one out.
 */
export async function signOutEverywhere({ ctx }: PersonCall) {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now().toISOString() })
    .where(and(eq(sessions.userId, ctx.actor.userId), isNull(sessions.revokedAt), personSessionIsLive(ctx, ctx.actor)));
  if (revoked.rowsAffected === 0) throw sessionEnded();
  return { revokedSessions: revoked.rowsAffected };
}
