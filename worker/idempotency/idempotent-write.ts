import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { idempotencyKeys } from "../../db/schema/index.ts";
import { actorUserId, type ActingContext } from "../access/actor.ts";
import { AppError } from "../http/errors.ts";
import { idempotencyPolicy, requestFingerprint } from "./idempotency-key.ts";

/** A money write as its client asked for it: the key, and what the fingerprint is taken of. */
export type IdempotentRequest = { key: string; method: string; path: string; body: unknown };

/**
 * A write in a workspace as its key's fingerprint reads it: a POST to its API address,
 * /api/workspaces/{workspaceId}/{pathInWorkspace}, whether the API or a page's form took it, so
 * both name one write the same way. Without a key there is nothing to keep: undefined.
 */
export function workspaceWriteRequest(
  key: string | undefined,
  workspaceId: string,
  pathInWorkspace: string,
  body: unknown,
): IdempotentRequest | undefined {
  return key ? { key, method: "POST", path: `/api/workspaces/${workspaceId}/${pathInWorkspace}`, body } : undefined;
}

/** What a keyed write answers: the status and body of its first answer, and whether this is a replay. */
export type Answer<Body> = { status: number; body: Body; isReplay: boolean };

export const created = <Data>(data: Data): Answer<{ data: Data }> => ({ status: 201, body: { data }, isReplay: false });

type StoredAnswer = { fingerprint: string; responseStatus: number; responseBody: string };
type Scope = { userId: string; workspaceId: string };

const keyReused = () => new AppError("IDEMPOTENCY_KEY_REUSED", "errors:details.idempotencyKeyReused");
const keyInUse = () => new AppError("IDEMPOTENCY_KEY_IN_USE", "errors:details.idempotencyKeyInUse");

const keyTakenFailure = /UNIQUE constraint failed: idempotency_keys\./;

function isKeyTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (keyTakenFailure.test(cause.message)) return true;
  }
  return false;
}

const isKey = (scope: Scope, key: string) =>
  and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.workspaceId, scope.workspaceId),
    eq(idempotencyKeys.key, key),
  );

/**
 * The Idempotency-Key of one money write — stored with the first answer in the write's own atomic
 * batch (decision 14; docs/api.md, "Retries") — keeping it at one read batch and one write batch:
 * `lookups` ride in the write's read batch, `replayOf` answers a retry from what they found,
 * `record` goes FIRST in the write batch (so a racing twin fails on the key, not on a limit the
 * winner used up), and `commit` runs that batch, answering the twin that lost the race with the
 * winner's stored answer. Without a key every part is a no-op and the write behaves as before.
 */
export async function idempotentWrite(ctx: ActingContext, workspaceId: string, request: IdempotentRequest | undefined) {
  // Keys belong to a client's requests; a job's writes are kept once by their own occurrence keys.
  if (request && ctx.actor.type === "system")
    throw new Error("Idempotency-Key writes need a person or a bot, not a job.");
  const scope: Scope = { userId: actorUserId(ctx.actor) ?? "", workspaceId };
  const now = ctx.clock.now().toISOString();
  const fingerprint = request ? await requestFingerprint(request.method, request.path, request.body) : "";
  const lookup = (key: string) =>
    ctx.db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(isKey(scope, key), gt(idempotencyKeys.expiresAt, now)));

  function replayOf<Body>(found: StoredAnswer | undefined): Answer<Body> | null {
    if (!found) return null;
    if (found.fingerprint !== fingerprint) throw keyReused();
    return { status: found.responseStatus, body: JSON.parse(found.responseBody) as Body, isReplay: true };
  }

  function record(answer: Answer<unknown>): BatchItem<"sqlite">[] {
    if (!request) return [];
    const expired = lte(idempotencyKeys.expiresAt, now);
    const oldestExpired = ctx.db
      .select({ rowid: sql`rowid` })
      .from(idempotencyKeys)
      .where(expired)
      .orderBy(asc(idempotencyKeys.expiresAt))
      .limit(idempotencyPolicy.purgedPerWrite);
    const expiresAt = new Date(Date.parse(now) + idempotencyPolicy.lifetimeHours * 3_600_000).toISOString();
    return [
      // An expired row under this key would block the insert: past 24 h the key is free again.
      ctx.db.delete(idempotencyKeys).where(and(isKey(scope, request.key), expired)),
      ctx.db.delete(idempotencyKeys).where(inArray(sql`rowid`, oldestExpired)),
      ctx.db.insert(idempotencyKeys).values({
        ...scope,
        key: request.key,
        fingerprint,
        responseStatus: answer.status,
        responseBody: JSON.stringify(answer.body),
        createdAt: now,
        expiresAt,
      }),
    ];
  }

  /** The write's batch; null once committed, or the stored answer when a twin with the key committed first. */
  async function commit<Body>(batch: Promise<unknown>): Promise<Answer<Body> | null> {
    try {
      await batch;
      return null;
    } catch (error) {
      if (!request || !isKeyTaken(error)) throw error;
      // The twin's key and answer committed in one batch, so they are there to read (one more round trip, only here).
      const replay = replayOf<Body>((await lookup(request.key))[0]);
      if (!replay) throw keyInUse();
      return replay;
    }
  }

  return { lookups: { storedAnswer: request ? lookup(request.key) : undefined }, replayOf, record, commit };
}
