import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import { insertTag, insertUser, insertWorkspace } from "../db/factories.ts";
import { newId } from "../db/ids.ts";
import * as schema from "../db/schema/index.ts";
import { signSessionToken } from "../worker/access/tokens.ts";
import { startDatabaseProxy } from "./database-proxy.ts";
import { freePort, localJwtSecret, startBenchDatabase, startWorkerServer, type RunningProcess } from "./local-stack.ts";
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
  return {
    workspaceId: workspace.id,
    accountId: ledger.accounts.checking.id,
    savingsId: ledger.accounts.savings.id,
    creditCardId: ledger.cards.credit.id,
    token,
  };
}

/**
 * `count` rules the way people write them: most name a shop no line has (they run, match nothing), one tags
 * the Uber lines, one splits the market's between food and cleaning, one names the pharmacy's payee.
 */
export async function seedRules(db: Database, workspaceId: string, count: number) {
  if (count === 0) return;
  // Names of their own: the seeded workspace has its tags already.
  const food = await insertTag(db, { workspaceId, name: "Feira (regras)" });
  const cleaning = await insertTag(db, { workspaceId, name: "Faxina (regras)" });
  const transport = await insertTag(db, { workspaceId, name: "Corridas (regras)" });
  const useful = [
    {
      name: "Uber",
      all: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [transport.id] },
    },
    {
      name: "Mercado",
      all: [{ field: "description", operator: "starts_with", value: "pão de açúcar" }],
      actions: { split: { parts: [{ tag_ids: [food.id], percent: 8000 }, { tag_ids: [cleaning.id] }] } },
    },
    {
      name: "Farmácia",
      all: [{ field: "payee", operator: "contains", value: "farmacia" }],
      actions: { set_payee: "Drogasil" },
    },
  ];
  const rows = Array.from({ length: count }, (_, index) => {
    const rule = useful[index - (count - useful.length)] ?? {
      name: `Loja ${index}`,
      all: [
        { field: "description", operator: "contains", value: `loja ${index}` },
        { field: "amount", operator: "between", value: 100, max: 100_000 },
      ],
      actions: { set_tags: [food.id], add_note: `loja ${index}` },
    };
    return {
      id: crypto.randomUUID(),
      workspaceId,
      name: rule.name,
      position: index,
      conditions: { sources: ["imported", "assistant", "bank"], all: rule.all },
      actions: rule.actions,
      createdAt: new Date().toISOString(),
    };
  });
  await db.insert(schema.rules).values(rows);
}

/**
 * The app as `npm start` serves it (the build in workerd's own HTTP server) over a fresh sqld behind a
 * proxy that counts the database's requests, and the benchmarks' workspace with `count` transactions and
 * `ruleCount` rules in it. What it starts is pushed onto `running` for the caller to stop.
 */
export async function servedBenchWorkspace(
  dataDir: string,
  running: RunningProcess[],
  options: { count: number; ruleCount: number },
) {
  const database = await startBenchDatabase(dataDir, running);
  const proxy = await startDatabaseProxy(database.url);
  running.push(proxy);
  const jwtSecret = localJwtSecret(dataDir);
  const served = await startWorkerServer({
    mode: "preview",
    port: await freePort(),
    databaseUrl: proxy.url,
    jwtSecret,
    logFile: join(dataDir, "served.log"),
  });
  running.push(served);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  const seeded = await seedBenchWorkspace(db, jwtSecret, options.count);
  await seedRules(db, seeded.workspaceId, options.ruleCount);
  return { proxy, served, client, db, seeded };
}
