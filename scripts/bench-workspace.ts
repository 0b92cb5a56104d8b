import type { Database } from "../db/client.ts";
import { insertUser, insertWorkspace } from "../db/factories.ts";
import { newId } from "../db/ids.ts";
import * as schema from "../db/schema/index.ts";
import { signSessionToken } from "../worker/access/tokens.ts";
import { seedBudgets, seedLedger } from "./seed-ledger.ts";

/**
 * The benchmarks' workspace: an Unlimited owner, a BRL workspace in São Paulo holding `count`
 * transactions up to today (scripts/seed-ledger.ts) with budgets on its tags and a rolling one on all
 * spending (seedBudgets), and a session token for that owner.
 */
export async function seedBenchWorkspace(db: Database, jwtSecret: string, count: number) {
  const user = await insertUser(db, { name: "Bench Owner", tier: "unlimited" });
  const workspace = await insertWorkspace(db, { ownerId: user.id, currency: "BRL", timeZone: "America/Sao_Paulo" });
  const started = performance.now();
  const ledger = await seedLedger(db, {
    workspaceId: workspace.id,
    createdBy: user.id,
    count,
    lastDate: new Date().toISOString().slice(0, 10),
    chunkSize: 1000,
  });
  console.log(
    `  • ${count.toLocaleString("en-US")} transactions written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const now = new Date();
  await seedBudgets(db, { workspaceId: workspace.id, createdBy: user.id, tags: ledger.tags, now });
  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  await db.insert(schema.sessions).values({
    id: sessionId,
    userId: user.id,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const token = await signSessionToken(jwtSecret, { userId: user.id, sessionId, expiresAt, now });
  return { workspaceId: workspace.id, accountId: ledger.accounts.checking.id, token };
}
