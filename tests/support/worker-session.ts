import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../../db/client.ts";
import { insertAccount, insertWorkspace } from "../../db/factories.ts";
import { fixedClock } from "./service-context.ts";
import { signInAs } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

/** The signing key the built-Worker harness hands the Worker (tests/support/built-worker.ts). */
export const builtWorkerJwtSecret = "worker-test-secret-worker-test-secret";

/** Drizzle over the same sqld the built Worker uses, for factories and assertions from Node. */
export function databaseAt(url: string): Database {
  return drizzle(createClient({ url })) as unknown as Database;
}

/**
 * A signed-in owner of a fresh workspace with one BRL account, written into the Worker's database,
 * with the headers an API client and a browser would send.
 */
export async function workspaceOwnerIn(db: Database) {
  const clock = fixedClock(new Date().toISOString());
  const owner = await signInAs({ db, clock, env: { JWT_SECRET: builtWorkerJwtSecret } } as unknown as TestApp);
  const workspace = await insertWorkspace(db, { ownerId: owner.user.id });
  const account = await insertAccount(db, { workspaceId: workspace.id, name: "Conta corrente" });
  return {
    ...owner,
    workspace,
    account,
    api: { Authorization: `Bearer ${owner.token}` },
    json: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
  };
}
