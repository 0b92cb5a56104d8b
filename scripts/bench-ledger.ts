/**
 * `npm run bench:ledger [-- --sizes 100000,1000000 --runs 200]`: the ledger's performance
 * targets, on this machine, against the built Worker in workerd and a real sqld.
 *   1. Response time (sequential, after warm-up; p50 and p95) of the dashboard page, the
 *      transactions page, the list API, the dashboard stats API, the tags API and the eight
 *      analytics reports over their default 12 months, for one workspace
 *      holding 100k and then 1M transactions (written by scripts/seed-ledger.ts). The Worker alone (the
 *      build in workerd through Miniflare's dispatchFetch) is measured with the targets interleaved,
 *      one request each in turn, so the machine's slow spells fall on every row alike: its own
 *      server time (its request log line), workerd CPU per request, and the client's time. Then the
 *      app as `npm start` serves it (workerd's own HTTP server through Miniflare), target by target.
 *      Two baselines show what any request costs on this machine.
 *   2. Round trips a user waits for: the same requests through a proxy that adds 50 ms to every
 *      database request; (median with delay − median without) / 50 ms. Creating a transaction
 *      is measured here too. Goal: 1 for reads, at most 2 for writes.
 * Builds the app first (skip with --no-build). Prints Markdown tables. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { startBuiltWorker } from "../tests/support/built-worker.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";
import {
  freePort,
  localJwtSecret,
  startBenchDatabase,
  startWorkerServer,
  type RunningProcess,
  commandArgument,
} from "./local-stack.ts";
import { processCpuReader } from "./process-cpu.ts";
import { startDatabaseProxy } from "./database-proxy.ts";

const sizes = commandArgument("sizes", "100000,1000000").split(",").map(Number);
const runs = Number(commandArgument("runs", "200"));
const delayMs = 50;

type Target = { name: string; path: string; auth: "cookie" | "bearer"; method?: "GET" | "POST"; body?: () => unknown };

/** What any request costs here without the ledger: the Worker with no database, and the shell alone. */
function baselineTargets(workspaceId: string): Target[] {
  return [
    { name: "baseline: health API (one `select 1`)", path: "/api/health", auth: "bearer" },
    { name: "baseline: workspace settings page (shell)", path: `/workspaces/${workspaceId}/settings`, auth: "cookie" },
  ];
}

function targetsFor(workspaceId: string, accountId: string): Target[] {
  return [
    ...baselineTargets(workspaceId),
    { name: "dashboard page", path: `/workspaces/${workspaceId}/dashboard`, auth: "cookie" },
    { name: "transactions page", path: `/workspaces/${workspaceId}/transactions`, auth: "cookie" },
    { name: "list API (page 1, 20)", path: `/api/workspaces/${workspaceId}/transactions`, auth: "bearer" },
    { name: "dashboard stats API", path: `/api/workspaces/${workspaceId}/dashboard/stats`, auth: "bearer" },
    { name: "tags API (usage count, last used)", path: `/api/workspaces/${workspaceId}/tags`, auth: "bearer" },
    // The analytics reports over their default range, the last 12 months, from the rollups.
    ...[
      "spending-trends",
      "category-breakdown",
      "income-vs-expenses",
      "account-performance",
      "balance-trend",
      "budget-analysis",
      "goals-progress",
      "cash-flow",
    ].map(
      (report): Target => ({
        name: `analytics: ${report} (12 months)`,
        path: `/api/workspaces/${workspaceId}/analytics/${report}`,
        auth: "bearer",
      }),
    ),
    {
      name: "create transaction API",
      path: `/api/workspaces/${workspaceId}/transactions`,
      auth: "bearer",
      method: "POST",
      body: () => ({
        type: "expense",
        origin_id: `account:${accountId}`,
        amount: "12.34",
        description: "Benchmark coffee",
      }),
    },
  ];
}

/**
 * Where requests go: a served URL (fetch), or the Worker itself through Miniflare's dispatchFetch,
 * with the CPU its workerd process has used so far.
 */
type Server = {
  url: string;
  send?: (url: string, init: RequestInit) => Promise<Response>;
};

/** duration_ms of each request line the Worker logged (its own time, to the body's last byte), by "METHOD /path". */
type ServerTimes = Map<string, number[]>;
const requestKey = (method: string, path: string) => `${method} ${path}`;

async function timeRequest(server: Server, target: Target, token: string): Promise<number> {
  const headers: Record<string, string> =
    target.auth === "cookie" ? { Cookie: `moneta_session=${token}` } : { Authorization: `Bearer ${token}` };
  if (target.body) headers["Content-Type"] = "application/json";
  if (target.method === "POST") headers.Origin = server.url;
  const send = server.send ?? fetch;
  const started = performance.now();
  const response = await send(`${server.url}${target.path}`, {
    method: target.method ?? "GET",
    headers,
    body: target.body ? JSON.stringify(target.body()) : undefined,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status >= 300) throw new Error(`${target.name}: ${response.status}`);
  return elapsed;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function measure(server: Server, target: Target, token: string, count: number) {
  for (let warm = 0; warm < 40; warm++) await timeRequest(server, target, token);
  const times: number[] = [];
  for (let run = 0; run < count; run++) times.push(await timeRequest(server, target, token));
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

type WorkerFigures = { p50: number; p95: number; cpuPerRequest: number; server?: { p50: number; p95: number } };

/**
 * The Worker alone, every target in turn, request after request (writes every seventh round), so a
 * slow spell of this shared machine falls on all of them alike rather than on whichever row was
 * running. CPU is read around each request and summed per target.
 */
async function measureWorkerInterleaved(
  server: Server,
  targets: Target[],
  token: string,
  rounds: number,
  serverTimes: ServerTimes,
  cpuMs: () => number,
) {
  const isDue = (target: Target, round: number) => target.method !== "POST" || round % 7 === 0;
  for (let round = 0; round < 40; round++) {
    for (const target of targets) if (isDue(target, round)) await timeRequest(server, target, token);
  }
  const keyOf = (target: Target) => requestKey(target.method ?? "GET", target.path);
  const measured = targets.map((target) => ({
    target,
    times: [] as number[],
    cpu: 0,
    logged: serverTimes.get(keyOf(target))?.length ?? 0,
  }));
  for (let round = 0; round < rounds; round++) {
    for (const entry of measured) {
      if (!isDue(entry.target, round)) continue;
      const cpuBefore = cpuMs();
      entry.times.push(await timeRequest(server, entry.target, token));
      entry.cpu += cpuMs() - cpuBefore;
    }
  }
  await new Promise((settled) => setTimeout(settled, 200)); // the last log lines
  return new Map(
    measured.map(({ target, times, cpu, logged }): [Target, WorkerFigures] => {
      const own = serverTimes.get(keyOf(target))?.slice(logged) ?? [];
      return [
        target,
        {
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          cpuPerRequest: cpu / times.length,
          server: own.length ? { p50: percentile(own, 50), p95: percentile(own, 95) } : undefined,
        },
      ];
    }),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-ledger-"));
const running: RunningProcess[] = [];
try {
  const database = await startBenchDatabase(dataDir, running);
  const jwtSecret = localJwtSecret(dataDir);
  const proxy = await startDatabaseProxy(database.url, { delayMs });
  running.push(proxy);
  const direct = await startWorkerServer({
    mode: "preview",
    port: await freePort(),
    databaseUrl: database.url,
    jwtSecret,
    logFile: join(dataDir, "direct.log"),
  });
  running.push(direct);
  const delayed = await startWorkerServer({
    mode: "preview",
    port: await freePort(),
    databaseUrl: proxy.url,
    jwtSecret,
    logFile: join(dataDir, "delayed.log"),
  });
  running.push(delayed);
  // The Worker alone: the build in workerd through Miniflare, no Vite server in front, no access log.
  // APP_ENV=local: the Worker writes its request log line, with its own duration, as it does in production.
  const serverTimes: ServerTimes = new Map();
  const worker = startBuiltWorker({
    databaseUrl: database.url,
    vars: { JWT_SECRET: jwtSecret, APP_URL: "http://bench.local", APP_ENV: "local" },
    onLog: (line) => {
      const entry = JSON.parse(line) as { event?: string; method?: string; path?: string; duration_ms?: number };
      if (entry.event !== "request" || typeof entry.duration_ms !== "number") return;
      const key = requestKey(entry.method ?? "", entry.path ?? "");
      const times = serverTimes.get(key) ?? [];
      times.push(entry.duration_ms);
      serverTimes.set(key, times);
    },
  });
  running.push({ url: "", stop: () => worker.dispose() });
  const alone: Server = {
    url: "http://bench.local",
    send: (url, init) => worker.dispatchFetch(url, init as never) as unknown as Promise<Response>,
  };
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;

  const timing: string[] = [];
  const trips: string[] = [];
  for (const size of sizes) {
    const seeded = await seedBenchWorkspace(db, jwtSecret, size);
    const targets = targetsFor(seeded.workspaceId, seeded.accountId);
    await timeRequest(alone, targets[0]!, seeded.token);
    const inWorker = await measureWorkerInterleaved(
      alone,
      targets,
      seeded.token,
      runs,
      serverTimes,
      processCpuReader("workerd", process.pid),
    );
    for (const target of targets) {
      const count = target.method === "POST" ? 30 : runs;
      const workerAlone = inWorker.get(target)!;
      const served = await measure({ url: direct.url }, target, seeded.token, count);
      const slow = await measure({ url: delayed.url }, target, seeded.token, 15);
      const roundTrips = (slow.p50 - served.p50) / delayMs;
      const ownTime = workerAlone.server
        ? `${workerAlone.server.p50.toFixed(1)} ms | ${workerAlone.server.p95.toFixed(1)} ms`
        : "– | –";
      const row = `${ownTime} | ${workerAlone.cpuPerRequest.toFixed(1)} ms | ${workerAlone.p50.toFixed(1)} ms | ${workerAlone.p95.toFixed(1)} ms | ${served.p50.toFixed(1)} ms | ${served.p95.toFixed(1)} ms`;
      timing.push(`| ${target.name} | ${size.toLocaleString("en-US")} | ${row} |`);
      trips.push(`| ${target.name} | ${size.toLocaleString("en-US")} | ${roundTrips.toFixed(2)} |`);
      console.log(
        `    ${target.name}: server time p50/p95 ${ownTime.replaceAll(" ms | ", "/")}, CPU ${workerAlone.cpuPerRequest.toFixed(1)} ms; dispatchFetch p50/p95 ${workerAlone.p50.toFixed(1)}/${workerAlone.p95.toFixed(1)} ms, served ${served.p50.toFixed(1)}/${served.p95.toFixed(1)} ms, round trips ${roundTrips.toFixed(2)}`,
      );
    }
  }
  client.close();
  console.log(
    "\n| Request | Transactions | server time p50 | server time p95 | Worker CPU | dispatchFetch p50 | dispatchFetch p95 | served p50 | served p95 |\n|---|---|---|---|---|---|---|---|---|\n" +
      timing.join("\n"),
  );
  console.log(`\n| Request | Transactions | Database round trips waited for |\n|---|---|---|\n${trips.join("\n")}`);
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
