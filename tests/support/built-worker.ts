import type { Miniflare } from "miniflare";
import type { Database } from "../../db/client.ts";
import { fixedClock } from "./service-context.ts";
import { signInAs } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

/** The built Worker in workerd through Miniflare's API: the same runner `npm start` serves with. */
export { startBuiltWorker } from "../../scripts/built-worker.ts";

/** The secret scripts/built-worker.ts gives the Worker, so sessions signed here are its own. */
const workerJwtSecret = "worker-test-secret-worker-test-secret";

/** A person signed in for the built Worker: their session is written to its database. */
export const workerPerson = (db: Database, name: string) =>
  signInAs(
    { db, clock: fixedClock(new Date().toISOString()), env: { JWT_SECRET: workerJwtSecret } } as unknown as TestApp,
    { name },
  );

/**
 * A call to the Worker's API as a browser sends it (a form encoded as multipart, with its boundary), with
 * the person's token.
 */
export function workerApi(worker: Miniflare) {
  return async (path: string, token: string, init: RequestInit = {}) => {
    const request = new Request(`http://127.0.0.1/api${path}`, init);
    const headers = Object.fromEntries(request.headers);
    const body = init.body ? await request.arrayBuffer() : undefined;
    return worker.dispatchFetch(request.url, {
      method: request.method,
      body,
      headers: { ...headers, Authorization: `Bearer ${token}` },
    });
  };
}
