import { and, eq, exists, inArray, lte, or, sql } from "drizzle-orm";
import { batchByName, batchEndingWith } from "../../db/named-batch.ts";
import { botConversations, botLinkCodes, botLinks, users } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { countHit, retryAfter, type RateLimitRule } from "../access/rate-limit.ts";
import { sessionEnded } from "../access/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { linkAttemptOf, linkAttemptPolicy } from "./link-attempts.ts";
import { whatsappNumberOf } from "./link.mapper.ts";
import {
  linkCodeDigits,
  linkCodeLifetimeMinutes,
  linkMessageOf,
  type LinkCodeResponse,
  type LinkPhoneByCodeInput,
} from "./link-code.ts";

export const linkPolicy = {
  /** Ten codes an hour is plenty for a person who mistyped or let one expire, and nothing to a script. */
  codesPerUser: { limit: 10, windowSeconds: 60 * 60 } satisfies RateLimitRule,
  /** A new code colliding with another user's live one is drawn again, this many times at most. */
  codeDraws: 5,
};

const codeSpace = 10 ** linkCodeDigits;
/** The largest multiple of the code space below 2³²: a draw at or above it is drawn again. */
const unbiasedCeiling = Math.floor(2 ** 32 / codeSpace) * codeSpace;

/** Six digits, each code as likely as any other: a draw that would favour the low codes is drawn again. */
export function drawLinkCode(): string {
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    if (draw[0]! < unbiasedCeiling) return String(draw[0]! % codeSpace).padStart(linkCodeDigits, "0");
  }
}

/**
 * POST /profile/assistant/link-code: a new one-time code for the caller, replacing any earlier one,
 * valid for 10 minutes. The plan must include the assistant (403), and codes are counted per user
 * (429). One read (session, plan, count) and one write; another user's live code with the same
 * digits is refused by the unique index, and then a new code is drawn.
 */
export async function createLinkCode({ ctx }: PersonCall): Promise<LinkCodeResponse> {
  const now = ctx.clock.now();
  const userId = ctx.actor.userId;
  const { plans, hits } = await batchAsActor(ctx, {
    plans: ctx.db
      .select({ tier: users.tier, hasBetaAccess: users.hasBetaAccess })
      .from(users)
      .where(eq(users.id, userId)),
    hits: ctx.db.all<{ hits: number; window_started_at: string }>(
      countHit(`bot-link-code:${userId}`, linkPolicy.codesPerUser, now),
    ),
  });
  const plan = plans[0];
  if (!plan) throw sessionEnded();
  if (!resolveTier(plan).features.whatsapp_bot)
    throw new AppError("PLAN_UPGRADE_REQUIRED", "errors:details.whatsappAssistant");
  const wait = retryAfter(hits[0], linkPolicy.codesPerUser, now);
  if (wait !== null) throw new AppError("RATE_LIMITED", "errors:details.linkCodesTooMany", { retryAfterSeconds: wait });

  const expiresAt = new Date(now.getTime() + linkCodeLifetimeMinutes * 60_000).toISOString();
  for (let draw = 0; draw < linkPolicy.codeDraws; draw++) {
    const code = drawLinkCode();
    // The caller's earlier code goes, and so does every expired one (nobody can use it any more).
    const stored = await batchEndingWith(
      ctx.db,
      [
        ctx.db
          .delete(botLinkCodes)
          .where(or(eq(botLinkCodes.userId, userId), lte(botLinkCodes.expiresAt, now.toISOString()))),
      ],
      ctx.db
        .insert(botLinkCodes)
        .values({ userId, code, expiresAt, createdAt: now.toISOString() })
        .onConflictDoNothing()
        .returning({ code: botLinkCodes.code }),
    );
    if (stored.length === 1) {
      ctx.log.info("assistant.link_code_created", { user_id: userId });
      return { code, expires_at: expiresAt, message: linkMessageOf(code), whatsapp_number: whatsappNumberOf(ctx.env) };
    }
  }
  // A million codes and a handful live at once: five collisions in a row means something else is wrong.
  throw new Error("No free link code after several draws.");
}

export type LinkOutcome =
  | { status: "linked"; userId: string }
  | { status: "invalid" }
  | { status: "burned" }
  | { status: "tooManyAttempts" }
  | { status: "paused" };

/**
 * The conversation's call when "VINCULAR 482913" arrives from a phone: the code is the proof, so no
 * person acts here. ONE atomic batch counts the attempt and, only while the phone and all phones
 * together are under their limits (link-attempts.ts) and the code is usable, moves the phone to
 * the code's user and uses the code up — two deliveries racing are two transactions, and the
 * second finds no code. A wrong code is counted against every live code and the overall window in
 * the same batch. A phone linked to someone else moves to the code's user (whoever holds the
 * phone and the signed-in page wants it there); a user who had another phone has the new one
 * instead. Either way no pending conversation survives the move.
 */
export async function linkPhoneByCode(ctx: ServiceContext, input: LinkPhoneByCodeInput): Promise<LinkOutcome> {
  const { phone, now } = input;
  const nowIso = now.toISOString();
  const attempt = linkAttemptOf(ctx, input);
  const mayLink = and(attempt.isChecked, exists(attempt.usableCode));
  const phoneOwner = ctx.db.select({ userId: botLinks.userId }).from(botLinks).where(eq(botLinks.phone, phone));

  const { before, rows } = await batchByName(
    ctx.db,
    [
      attempt.countPhoneAttempt,
      attempt.countWrongTryPerCode,
      attempt.countWrongTryOverall,
      ctx.db
        .delete(botConversations)
        .where(
          and(
            or(inArray(botConversations.userId, phoneOwner), inArray(botConversations.userId, attempt.usableCode)),
            mayLink,
          ),
        ),
      ctx.db.delete(botLinks).where(and(eq(botLinks.phone, phone), mayLink)),
    ],
    {
      linked: ctx.db.all<{ user_id: string }>(sql`insert into bot_links (user_id, channel, phone, linked_at)
        select user_id, 'whatsapp', ${phone}, ${nowIso} from bot_link_codes
        where ${attempt.isUsableCode} and ${attempt.isChecked}
        on conflict (user_id) do update set channel = excluded.channel, phone = excluded.phone, linked_at = excluded.linked_at
        returning user_id`),
      used: ctx.db.delete(botLinkCodes).where(and(attempt.isUsableCode, attempt.isChecked)),
      burned: attempt.burnedCode,
    },
  );
  const [phoneAttempts, , wrongTries] = before;
  if (retryAfter(phoneAttempts[0], linkAttemptPolicy.attemptsPerPhone, now) !== null)
    return { status: "tooManyAttempts" };
  const userId = rows.linked[0]?.user_id;
  if (userId) {
    ctx.log.info("assistant.phone_linked", { user_id: userId });
    return { status: "linked", userId };
  }
  // Not linked and not counted as wrong: all phones together were over their limit, so the code was not checked.
  const overall = wrongTries[0];
  if (!overall) return { status: "paused" };
  if (Number(overall.hits) === linkAttemptPolicy.wrongTriesOverall.limit)
    ctx.log.warn("assistant.link_attempts_paused", { window_started_at: overall.window_started_at });
  return { status: rows.burned.length > 0 ? "burned" : "invalid" };
}

/**
 * DELETE /profile/assistant/link: the assistant stops answering the caller's phone. The link and any
 * pending conversation go; nothing the assistant recorded is touched. Unlinking twice is no error.
 */
export async function unlinkPhone({ ctx }: PersonCall) {
  const userId = ctx.actor.userId;
  // The session is checked before anything is removed.
  await batchAsActor(ctx, {});
  const removed = await batchEndingWith(
    ctx.db,
    [ctx.db.delete(botConversations).where(eq(botConversations.userId, userId))],
    ctx.db.delete(botLinks).where(eq(botLinks.userId, userId)),
  );
  if (removed.rowsAffected > 0) ctx.log.info("assistant.phone_unlinked", { user_id: userId });
  return { unlinked: removed.rowsAffected > 0 };
}
