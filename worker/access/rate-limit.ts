import { sql, type SQL } from "drizzle-orm";

export type RateLimitRule = { limit?: number; challengeAfter?: number; windowSeconds: number };
type CountedRow = { hits: unknown; window_started_at: unknown } | undefined;

/**
 * One statement that counts a hit and returns the window's count; a window that has
 * passed starts over. Batched with the request's other statements (one round trip).
 */
export function countHit(key: string, rule: RateLimitRule, now: Date): SQL {
  const nowIso = now.toISOString();
  const windowStartIfFresh = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  return sql`insert into rate_limits (key, window_started_at, hits) values (${key}, ${nowIso}, 1)
    on conflict(key) do update set
      hits = case when rate_limits.window_started_at <= ${windowStartIfFresh} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${windowStartIfFresh} then ${nowIso} else rate_limits.window_started_at end
    returning hits, window_started_at`;
}

/** Seconds until the window ends when the count is over the limit; null when allowed. */
export function retryAfter(row: CountedRow, rule: RateLimitRule, now: Date): number | null {
  if (!row || rule.limit === undefined || Number(row.hits) <= rule.limit) return null;
  const windowEnds = new Date(String(row.window_started_at)).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
}

/** Past the soft limit: the request goes on only with a solved challenge. */
export function needsChallenge(row: CountedRow, rule: RateLimitRule): boolean {
  return Boolean(row) && rule.challengeAfter !== undefined && Number(row!.hits) > rule.challengeAfter;
}
