import type { Database } from "../../db/client.ts";
import { api } from "../../worker/api.ts";
import { createWorkerApp } from "../../worker/app.ts";
import type { Env } from "../../worker/env.ts";
import { createTestDatabase } from "./database.ts";
import { fixedClock, testEnv, testServiceContext } from "./service-context.ts";

export const testOrigin = "http://127.0.0.1:8080";

/**
 * The real Worker app (every API route, the real error pipeline) over a fresh migrated
 * libSQL database, a clock the test moves, and the given configuration.
 */
export async function createTestApp(options: { env?: Partial<Env>; now?: string } = {}) {
  const db: Database = await createTestDatabase();
  const clock = fixedClock(options.now ?? "2026-11-21T12:00:00.000Z");
  const env = testEnv({ APP_URL: testOrigin, ...options.env });
  const pending: Promise<unknown>[] = [];
  const app = createWorkerApp({
    api,
    renderPage: (c) => c.text("page"),
    createServices: (requestEnv, { log }) => ({
      ...testServiceContext(db, { clock, env: requestEnv }),
      log,
      defer: (work) => void pending.push(work),
    }),
  });
  const request = (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("Content-Type", "application/json");
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return app.request(`${testOrigin}${path}`, { ...init, headers, body }, env);
  };
  return { app, db, clock, env, request, settleDeferred: () => Promise.all(pending.splice(0)) };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
