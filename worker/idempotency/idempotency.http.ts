import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { idempotencyKeyHeader, parseIdempotencyKey, replayedHeader } from "./idempotency-key.ts";
import type { Answer } from "./idempotent-write.ts";

/** The request's Idempotency-Key for a service's input (400 when malformed; absent when not sent). */
export function idempotencyKeyOf(c: Context): { idempotencyKey?: string } {
  const idempotencyKey = parseIdempotencyKey(c.req.header(idempotencyKeyHeader));
  return idempotencyKey === undefined ? {} : { idempotencyKey };
}

/** A keyed write's answer; a replay is the first answer again, marked so the client can tell. */
export function sendAnswer(c: Context, answer: Answer<unknown>) {
  if (answer.isReplay) c.header(replayedHeader, "true");
  return c.json(answer.body as object, answer.status as ContentfulStatusCode);
}
