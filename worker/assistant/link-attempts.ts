import { and, eq, exists, gt, gte, lt, not, type SQL, sql } from "drizzle-orm";
import { botLinkCodes, rateLimits } from "../../db/schema/index.ts";
import { countHit, type RateLimitRule } from "../access/rate-limit.ts";
import type { ServiceContext } from "../context.ts";
import type { LinkPhoneByCodeInput } from "./link-code.ts";

/**
 * What keeps link codes from being guessed with many phones (docs/assistant.md, "Guessing a
 * link code"). Every count lives in the database and is read and written in linkPhoneByCode's one
 * batch — one transaction — so deliveries racing each other are counted one after the other, and
 * nothing is kept between requests (docs/decisions/012-a-database-client-per-request.md).
 */
export const linkAttemptPolicy = {
  /**
   * Five tries per phone in ten minutes: walking the 1 000 000 codes from one phone would take
   * years, and a person who mistyped twice is not held back.
   */
  attemptsPerPhone: { limit: 5, windowSeconds: 10 * 60 } satisfies RateLimitRule,
  /**
   * A wrong code does not say which code it aimed at, so it counts against every live code: the
   * tenth since a code was issued burns it, and no code is ever compared with more than ten guesses.
   */
  wrongTriesPerCode: 10,
  /** All phones together: after 20 wrong codes in ten minutes, no code is checked until the window ends. */
  wrongTriesOverall: { limit: 20, windowSeconds: 10 * 60 } satisfies RateLimitRule,
};

const overallKey = "bot-link-wrong-tries";

type CountedRow = { hits: number; window_started_at: string };

/**
 * One attempt's conditions and counts, for linkPhoneByCode's batch. An attempt is checked only
 * while its phone and all phones together are under their limits; a checked attempt that matches
 * no usable code (live and not burned) is a wrong try, counted against every live code and
 * against the overall window.
 */
export function linkAttemptOf(ctx: ServiceContext, { phone, code, now }: LinkPhoneByCodeInput) {
  const nowIso = now.toISOString();
  const phoneKey = `bot-link-phone:${phone}`;
  const perPhone = linkAttemptPolicy.attemptsPerPhone;
  const overall = linkAttemptPolicy.wrongTriesOverall;
  const overallWindowStart = new Date(now.getTime() - overall.windowSeconds * 1000).toISOString();

  const isLive = gt(botLinkCodes.expiresAt, nowIso);
  const isUnburned = lt(botLinkCodes.wrongTries, linkAttemptPolicy.wrongTriesPerCode);
  const isUsableCode = and(eq(botLinkCodes.code, code), isLive, isUnburned)!;
  const phoneUnderLimit = sql`(select ${rateLimits.hits} from ${rateLimits} where ${rateLimits.key} = ${phoneKey}) <= ${perPhone.limit}`;
  const overallUnderLimit = sql`coalesce((select ${rateLimits.hits} from ${rateLimits}
    where ${rateLimits.key} = ${overallKey} and ${rateLimits.windowStartedAt} > ${overallWindowStart}), 0) < ${overall.limit}`;
  const isChecked = and(phoneUnderLimit, overallUnderLimit)!;
  const usableCode = ctx.db.select({ userId: botLinkCodes.userId }).from(botLinkCodes).where(isUsableCode);
  // Neither count below changes whether a usable code matches, so both see the same answer.
  const isWrongTry = and(isChecked, not(exists(usableCode)))!;

  return {
    isUsableCode,
    isChecked,
    /** The code's owner, while it is usable. */
    usableCode,
    countPhoneAttempt: ctx.db.all<CountedRow>(countHit(phoneKey, perPhone, now)),
    countWrongTryPerCode: ctx.db
      .update(botLinkCodes)
      .set({ wrongTries: sql`${botLinkCodes.wrongTries} + 1` })
      .where(and(isLive, isUnburned, isWrongTry)),
    /** Gives the overall count when this attempt was a wrong try, no row otherwise. */
    countWrongTryOverall: ctx.db.all<CountedRow>(countIf(isWrongTry, overallKey, overall, now)),
    /** A live code with these digits that wrong tries burned: its owner is told to get a new one. */
    burnedCode: ctx.db
      .select({ userId: botLinkCodes.userId })
      .from(botLinkCodes)
      .where(
        and(eq(botLinkCodes.code, code), isLive, gte(botLinkCodes.wrongTries, linkAttemptPolicy.wrongTriesPerCode)),
      ),
  };
}

/** countHit's fixed window, counted only when `condition` holds (an upsert from a select). */
function countIf(condition: SQL, key: string, rule: RateLimitRule, now: Date): SQL {
  const nowIso = now.toISOString();
  const windowStartIfFresh = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  return sql`insert into rate_limits (key, window_started_at, hits) select ${key}, ${nowIso}, 1 where ${condition}
    on conflict(key) do update set
      hits = case when rate_limits.window_started_at <= ${windowStartIfFresh} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${windowStartIfFresh} then ${nowIso} else rate_limits.window_started_at end
    returning hits, window_started_at`;
}

/**
 * The user's own code, while it would still be live, when wrong tries burned it: the settings
 * page, asking every few seconds whether the phone linked, says so and offers a new one.
 */
export function burnedLinkCodeQuery(ctx: ServiceContext, userId: string) {
  return ctx.db
    .select({ expiresAt: botLinkCodes.expiresAt })
    .from(botLinkCodes)
    .where(
      and(
        eq(botLinkCodes.userId, userId),
        gt(botLinkCodes.expiresAt, ctx.clock.now().toISOString()),
        gte(botLinkCodes.wrongTries, linkAttemptPolicy.wrongTriesPerCode),
      ),
    );
}
