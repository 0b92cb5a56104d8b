import { newId } from "../../db/ids.ts";
import { insertUser } from "../../db/factories.ts";
import { sessions, type users } from "../../db/schema/index.ts";
import { signSessionToken } from "../../worker/access/tokens.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A user with an open session and its bearer token, written straight to the database
 * (the sign-in flow itself is tested in tests/node/auth). Cookie header included.
 */
export async function signInAs(t: TestApp, fields: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(t.db, fields);
  return { user, ...(await openSession(t, user)) };
}

/** A new session for a user who has one already, as at the test clock's time (a clock moved past a token's life). */
export async function openSession(t: TestApp, user: { id: string }) {
  const now = t.clock.now();
  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
  await t.db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const token = await signSessionToken(t.env.JWT_SECRET, { userId: user.id, sessionId, expiresAt, now });
  return { token, sessionId, cookie: `moneta_session=${token}` };
}
