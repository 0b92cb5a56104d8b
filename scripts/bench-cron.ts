/**
 * `npm run bench:cron [-- --workspaces 1000 --per-workspace 10 --no-build]`: the cron executor's
 * target, on this machine: 10,000 due occurrences across 1,000 workspaces — in each,
 * five scheduled transactions and a daily rule five days behind — posted by ticks of the built
 * Worker's scheduled() in workerd against a real sqld. Reports per tick the items posted, the wall
 * time, workerd's CPU time and the database round trips (requests through a counting proxy), and
 * overall items per second, ticks needed and round trips per 100 items. Goal: all within 2 ticks,
 * CPU per tick far inside Cloudflare's 30 s cron CPU limit. Checks the result: every occurrence
 * posted once and every balance equal to its rows. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import * as schema from "../db/schema/index.ts";
import { startBuiltWorker } from "./built-worker.ts";
import { startDatabaseProxy } from "./database-proxy.ts";
import { startBenchDatabase, type RunningProcess, commandArgument } from "./local-stack.ts";
import { processCpuReader } from "./process-cpu.ts";

const workspaceCount = Number(commandArgument("workspaces", "1000"));
/** Half scheduled items, half occurrences of one daily rule. */
const perWorkspace = Number(commandArgument("per-workspace", "10"));
const scheduledTime = new Date("2030-06-10T12:00:00Z");
const openingCents = 1_000_000;

/** Writes the workspaces, accounts and due items in multi-row inserts (a few hundred statements). */
async function seed(db: Database) {
  const [owner] = await db
    .insert(schema.users)
    .values({ email: `bench-cron-${Date.now()}@example.com`, name: "Bench" })
    .returning();
  const scheduledPer = Math.ceil(perWorkspace / 2);
  const occurrencesPer = perWorkspace - scheduledPer;
  const rows = Array.from({ length: workspaceCount }, (_, index) => ({
    workspaceId: newId(),
    accountId: newId(),
    timeZone: ["America/Sao_Paulo", "UTC", "Asia/Tokyo", "America/New_York"][index % 4]!,
  }));
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100);
    await db.batch([
      db.insert(schema.workspaces).values(
        chunk.map((row, i) => ({
          id: row.workspaceId,
          name: `Bench ${start + i}`,
          createdBy: owner!.id,
          timeZone: row.timeZone,
        })),
      ),
      db
        .insert(schema.workspaceMembers)
        .values(chunk.map((row) => ({ workspaceId: row.workspaceId, userId: owner!.id, role: "owner" as const }))),
      db.insert(schema.accounts).values(
        chunk.map((row) => ({
          id: row.accountId,
          workspaceId: row.workspaceId,
          name: "Conta",
          type: "checking" as const,
          currency: "BRL" as const,
          color: "#3B82F6",
          icon: "banknotes",
          initialBalanceCents: openingCents,
          balanceCents: openingCents,
        })),
      ),
      db.insert(schema.scheduledTransactions).values(
        chunk.flatMap((row) =>
          Array.from({ length: scheduledPer }, (_, day) => ({
            workspaceId: row.workspaceId,
            kind: "expense" as const,
            description: "Conta de luz",
            amountCents: 100 + day,
            currency: "BRL" as const,
            origin: `account:${row.accountId}`,
            scheduledDate: `2030-06-0${(day % 9) + 1}`,
          })),
        ),
      ),
      db.insert(schema.recurringTransactions).values(
        chunk.map((row) => ({
          workspaceId: row.workspaceId,
          name: "Café",
          kind: "expense" as const,
          description: "Café",
          amountCents: 7,
          currency: "BRL" as const,
          origin: `account:${row.accountId}`,
          frequency: "daily" as const,
          startDate: "2030-06-01",
          maxExecutions: occurrencesPer,
          nextDate: "2030-06-01",
          nextDueDate: "2030-06-01",
        })),
      ),
    ]);
  }
  const expectedPerAccount =
    Array.from({ length: scheduledPer }, (_, day) => 100 + day).reduce((a, b) => a + b, 0) + 7 * occurrencesPer;
  return { total: workspaceCount * perWorkspace, expectedPerAccount };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-cron-"));
const running: RunningProcess[] = [];
try {
  const database = await startBenchDatabase(dataDir, running);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  const seeded = await seed(db);
  console.log(
    `  • ${seeded.total.toLocaleString("en-US")} due occurrences in ${workspaceCount.toLocaleString("en-US")} workspaces`,
  );

  const proxy = await startDatabaseProxy(database.url);
  running.push(proxy);
  const worker = startBuiltWorker({ databaseUrl: proxy.url, onLog: () => {} });
  await worker.ready;
  const cpu = processCpuReader("workerd", process.pid);
  const handler = await worker.getWorker();
  const ticks: { posted: number; wallMs: number; cpuMs: number; roundTrips: number; finished: boolean }[] = [];
  let posted = 0;
  while (posted < seeded.total && ticks.length < 10) {
    const [cpuBefore, requestsBefore, started] = [cpu(), proxy.requests(), performance.now()];
    const result = await handler.scheduled({ cron: "*/5 * * * *", scheduledTime });
    const wallMs = performance.now() - started;
    if (result.outcome !== "ok") throw new Error(`tick failed: ${result.outcome}`);
    const [run] = await db.all<{ items_done: number; finished: number | null; error: string | null }>(
      sql`select items_done, finished, error from job_runs where job = 'due-items' order by started_at desc, rowid desc limit 1`,
    );
    if (run!.error) throw new Error(`tick recorded an error: ${run!.error}`);
    posted += run!.items_done;
    ticks.push({
      posted: run!.items_done,
      wallMs,
      cpuMs: cpu() - cpuBefore,
      roundTrips: proxy.requests() - requestsBefore,
      finished: run!.finished === 1,
    });
  }
  await worker.dispose();

  const [counted] = await db.all<{ n: number }>(sql`select count(*) as n from transactions`);
  const [wrong] = await db.all<{ n: number }>(
    sql`select count(*) as n from accounts where balance_cents != ${openingCents - seeded.expectedPerAccount}`,
  );
  console.log("\n| Tick | Posted | Wall time | workerd CPU | Round trips | Round trips / 100 items | Finished |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [index, tick] of ticks.entries()) {
    console.log(
      `| ${index + 1} | ${tick.posted.toLocaleString("en-US")} | ${seconds(tick.wallMs)} | ${seconds(tick.cpuMs)} | ${tick.roundTrips} | ${tick.posted ? ((tick.roundTrips / tick.posted) * 100).toFixed(1) : "—"} | ${tick.finished ? "yes" : "no"} |`,
    );
  }
  const wall = ticks.reduce((sum, tick) => sum + tick.wallMs, 0);
  console.log(
    `\n${posted.toLocaleString("en-US")} posted in ${ticks.length} tick(s), ${Math.round(posted / (wall / 1000)).toLocaleString("en-US")} items/s; ` +
      `${counted!.n} transactions written (expected ${seeded.total}); accounts whose balance differs from their rows: ${wrong!.n}.`,
  );
  client.close();
  if (Number(counted!.n) !== seeded.total || Number(wrong!.n) !== 0) process.exitCode = 1;
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
