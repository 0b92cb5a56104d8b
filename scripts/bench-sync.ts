/**
 * `npm run bench:sync [-- --existing 100000 --scale 4 --no-build]`: the bank sync's target (README: "Bank
 * connections") — a sandbox year of at least 3,000 lines across a checking account, a savings account and a
 * credit card, synced into a workspace that already holds `--existing` transactions, finishes within 3 cron
 * ticks, and a second sync writes nothing. The built Worker runs in workerd against a real sqld behind a
 * counting proxy, with Pluggy's stand-in on 127.0.0.1 (`--scale 4`: about 3,900 lines in the year); the connection is made
 * and linked through the API, then scheduled() is fired as Cloudflare's cron would. Reports per tick the
 * lines written, wall time, workerd's CPU time and the database's requests, and requests per page. Checks
 * the result: every line of the year once. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { startFakePluggy } from "../tests/support/fake-pluggy.ts";
import { firstSyncDays } from "../worker/bank-connections/bank-sync.ts";
import { addDays, latestToday } from "../worker/ledger/dates.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";
import { startBuiltWorker } from "./built-worker.ts";
import { startDatabaseProxy } from "./database-proxy.ts";
import { startBenchDatabase, type RunningProcess, commandArgument } from "./local-stack.ts";
import { processCpuReader } from "./process-cpu.ts";

const existing = Number(commandArgument("existing", "100000"));
const scale = Number(commandArgument("scale", "4"));
const jwtSecret = "worker-test-secret-worker-test-secret";
const credentials = { clientId: "bench-sync", clientSecret: "bench-sync-secret" };
const now = new Date();
const today = now.toISOString().slice(0, 10);
const yearAgo = addDays(latestToday(now), -firstSyncDays);

type Tick = { written: number; wallMs: number; cpuMs: number; requests: number; finished: boolean };

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-sync-"));
const running: RunningProcess[] = [];
try {
  const database = await startBenchDatabase(dataDir, running);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  const seeded = await seedBenchWorkspace(db, jwtSecret, existing);
  const pluggy = await startFakePluggy({ today, scale, ...credentials });
  running.push({ url: pluggy.url, stop: () => pluggy.stop() });
  const proxy = await startDatabaseProxy(database.url);
  running.push(proxy);
  const worker = startBuiltWorker({
    databaseUrl: proxy.url,
    onLog: () => {},
    vars: {
      JWT_SECRET: jwtSecret,
      BANK_SECRETS_KEY: Buffer.alloc(32, 9).toString("base64"),
      PLUGGY_API_URL: pluggy.url,
      PLUGGY_CLIENT_ID: credentials.clientId,
      PLUGGY_CLIENT_SECRET: credentials.clientSecret,
    },
  });
  running.push({ url: "workerd", stop: () => worker.dispose() });
  await worker.ready;
  const api = async (method: string, path: string, json?: unknown) => {
    const response = await worker.dispatchFetch(`http://127.0.0.1/api/workspaces/${seeded.workspaceId}${path}`, {
      method,
      headers: { Authorization: `Bearer ${seeded.token}`, "Content-Type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await response.json()) as { data: Record<string, unknown> };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  // Connected as the widget's item would be, and each of the bank's accounts linked to the ledger's own.
  const itemId = pluggy.createItem({ clientUserId: seeded.workspaceId });
  const connection = await api("POST", "/bank-connections/pluggy", { item_id: itemId });
  const remotes = connection.accounts as { uuid: string; kind: string }[];
  const targets: Record<string, unknown> = {
    checking: { type: "account", account_id: seeded.accountId },
    savings: { type: "account", account_id: seeded.savingsId },
    credit_card: { type: "card", card_id: seeded.creditCardId },
  };
  for (const remote of remotes)
    await api("PUT", `/bank-connections/${connection.uuid}/accounts/${remote.uuid}`, { link: targets[remote.kind] });

  const cpu = processCpuReader("workerd", process.pid);
  const handler = await worker.getWorker();
  const pages = () => pluggy.knobs.counts()["GET /transactions"] ?? 0;
  const countLines = async () =>
    Number((await db.all<{ count: number }>(sql`select count(*) as count from bank_lines`))[0]!.count);
  const tick = async (): Promise<Tick> => {
    const [cpuBefore, requestsBefore, linesBefore, started] = [
      cpu(),
      proxy.requests(),
      await countLines(),
      performance.now(),
    ];
    const result = await handler.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
    const wallMs = performance.now() - started;
    if (result.outcome !== "ok") throw new Error(`tick failed: ${result.outcome}`);
    const [run] = await db.all<{ finished: number | null; error: string | null }>(
      sql`select finished, error from job_runs where job = 'due-items' order by started_at desc, rowid desc limit 1`,
    );
    if (run!.error) throw new Error(`tick recorded an error: ${run!.error}`);
    return {
      written: (await countLines()) - linesBefore,
      wallMs,
      cpuMs: cpu() - cpuBefore,
      requests: proxy.requests() - requestsBefore,
      finished: run!.finished === 1,
    };
  };

  pluggy.knobs.resetCounts();
  const first: Tick[] = [];
  for (;;) {
    first.push(await tick());
    const [row] = await db.all<{ running: number }>(
      sql`select sync_run_id is not null as running from bank_connections where id = ${connection.uuid}`,
    );
    if (!row!.running || first.length >= 10) break;
  }
  const firstPages = pages();
  const expected = (await import("../tests/support/sandbox-bank.ts"))
    .sandboxBank({ today, scale })
    .accounts.flatMap((account) => account.lines.filter((line) => line.date >= yearAgo)).length;
  const written = await countLines();
  if (written !== expected) throw new Error(`wrote ${written} lines, the bank's year has ${expected}`);

  // A second sync, asked for: reads the last week again and writes nothing.
  await db.run(
    sql`update bank_connections set sync_requested_at = ${new Date().toISOString()} where id = ${connection.uuid}`,
  );
  pluggy.knobs.resetCounts();
  const second = await tick();
  if (second.written !== 0) throw new Error(`the second sync wrote ${second.written} lines`);
  const transactionsNow = Number(
    (
      await db.all<{ count: number }>(
        sql`select count(*) as count from transactions where workspace_id = ${seeded.workspaceId}`,
      )
    )[0]!.count,
  );
  client.close();

  const row = (name: string, each: Tick) =>
    `| ${name} | ${each.written.toLocaleString("en-US")} | ${(each.wallMs / 1000).toFixed(2)} s | ${(each.cpuMs / 1000).toFixed(2)} s | ${each.requests} |`;
  console.log(
    `\n${expected.toLocaleString("en-US")} bank lines (a year of checking, savings and a card) into a workspace of ${existing.toLocaleString("en-US")} transactions (${transactionsNow.toLocaleString("en-US")} after)\n\n| tick | lines written | wall | workerd CPU | database requests |\n|---|---|---|---|---|\n${first
      .map((each, index) => row(`first sync, tick ${index + 1}`, each))
      .join("\n")}\n${row("second sync", second)}\n\nFirst sync: ${first.length} tick(s), ${firstPages} pages, ${(
      first.reduce((sum, each) => sum + each.requests, 0) / firstPages
    ).toFixed(1)} database requests per page.`,
  );
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
