/**
 * `npm run profile:worker [-- --path /workspaces/{w}/transactions --runs 300]`: where the built
 * Worker spends its CPU on one page or API call. Runs the build in workerd (Miniflare) against a
 * fresh sqld with a small seeded workspace, samples V8's CPU profiler through workerd's inspector
 * while it serves `runs` sequential requests, and prints the functions and the modules that took
 * the most time (self time). `{w}` in the path is the seeded workspace's id.
 *   --save FILE     keep the .cpuprofile (Chrome DevTools opens it)
 *   --html FILE     keep the page's HTML
 *   --allocations   also sample what the requests allocate (what keeps the garbage collector busy);
 *                   --save-allocations FILE keeps that profile (Chrome DevTools opens .heapprofile)
 *   --against DIR   no profiler: measure this build against a copy of an earlier one (cp -r build
 *                   DIR before changing code) — server time, dispatchFetch and workerd CPU per
 *                   request, in blocks alternating between the two so the machine's drift hits both
 *   --transactions N   how many transactions the workspace holds (5000 unless told; bench:ledger's
 *                   sizes are 100000 and 1000000, about 13 s to seed per 100k)
 *   --without-budgets  the same workspace with its budgets deleted after seeding: what the budgets cost
 * Not part of `npm test`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";
import { startBuiltWorker } from "../tests/support/built-worker.ts";
import { freePort, migrateDatabase, startDatabase, commandArgument } from "./local-stack.ts";
import { processCpuMs } from "./process-cpu.ts";

const pathTemplate = commandArgument("path", "/workspaces/{w}/transactions");
const runs = Number(commandArgument("runs", "300"));
const transactionCount = Number(commandArgument("transactions", "5000"));
const jwtSecret = "profile-secret-profile-secret-profile-secret";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A minimal Chrome DevTools Protocol client over workerd's inspector WebSocket. */
async function connectInspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
    webSocketDebuggerUrl: string;
    title?: string;
  }[];
  const target = targets.find((entry) => !entry.title?.includes("internal")) ?? targets[0]!;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((open, fail) => {
    socket.onopen = open;
    socket.onerror = fail;
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)!(message.result);
      waiting.delete(message.id);
    }
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((done) => {
      const id = nextId++;
      waiting.set(id, done as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close(), targets };
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (const [index, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    const where = url.split("/").slice(-1)[0] || "(native)";
    byFunction.set(
      `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}:${columnNumber + 1}`,
      (byFunction.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}:${columnNumber + 1}`) ?? 0) + micros,
    );
    byModule.set(where, (byModule.get(where) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, micros]) =>
          `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000 / runs).toFixed(2).padStart(6)} ms/req  ${name}`,
      )
      .join("\n");
  console.log(
    `\nSampled ${(total / 1000).toFixed(0)} ms over ${runs} requests (${(total / 1000 / runs).toFixed(2)} ms of samples per request)\n\nBy module (self time):\n${top(byModule, 12)}\n\nBy function (self time):\n${top(byFunction, 40)}`,
  );
}

type HeapNode = { callFrame: ProfileNode["callFrame"]; selfSize: number; children: HeapNode[] };
type HeapProfile = { head: HeapNode };

/** Where the memory a request allocates comes from (V8's sampling heap profiler): what makes the GC run. */
function summariseAllocations(profile: HeapProfile) {
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  const visit = (node: HeapNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.split("/").slice(-1)[0] || "(native)";
    const name = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    byModule.set(where, (byModule.get(where) ?? 0) + node.selfSize);
    node.children.forEach(visit);
  };
  visit(profile.head);
  const total = [...byModule.values()].reduce((sum, value) => sum + value, 0);
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, bytes]) =>
          `${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${(bytes / 1024 / runs).toFixed(1).padStart(7)} KB/req  ${name}`,
      )
      .join("\n");
  console.log(
    `\nAllocated (sampled) ${(total / 1024 / runs).toFixed(0)} KB per request\n\nBy module:\n${top(byModule, 8)}\n\nBy function:\n${top(byFunction, 30)}`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "moneta-profile-"));
const database = await startDatabase({ dataDir, port: await freePort() });
const inspectorPort = await freePort();
const vars = { JWT_SECRET: jwtSecret, APP_URL: "http://profile.local", APP_ENV: "local" };
/** The Worker's own time per request (its request log line), to the body's last byte. */
const serverTimes: number[] = [];
const baselineServerTimes: number[] = [];
const serverTimesInto = (times: number[]) => (line: string) => {
  const entry = JSON.parse(line) as { event?: string; duration_ms?: number };
  if (entry.event === "request" && typeof entry.duration_ms === "number") times.push(entry.duration_ms);
};
const baselineDir = process.argv.includes("--against") ? commandArgument("against", "") : undefined;
const worker = startBuiltWorker({
  databaseUrl: database.url,
  vars,
  onLog: serverTimesInto(serverTimes),
  ...(baselineDir ? {} : { inspectorPort }),
});
const baseline = baselineDir
  ? startBuiltWorker({
      databaseUrl: database.url,
      vars,
      buildDir: baselineDir,
      onLog: serverTimesInto(baselineServerTimes),
    })
  : undefined;
try {
  await migrateDatabase(database.url);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  const { workspaceId, token } = await seedBenchWorkspace(db, jwtSecret, transactionCount);
  if (process.argv.includes("--without-budgets"))
    await db.delete(schema.budgets).where(eq(schema.budgets.workspaceId, workspaceId));
  client.close();

  const path = pathTemplate.replace("{w}", workspaceId);
  const headers = path.startsWith("/api/")
    ? { Authorization: `Bearer ${token}` }
    : { Cookie: `moneta_session=${token}` };
  const request = async (target = worker) => {
    const started = performance.now();
    const response = await target.dispatchFetch(`http://profile.local${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const percentiles = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!.toFixed(1);
    return `p50 ${at(50)} ms, p95 ${at(95)} ms`;
  };
  if (process.argv.includes("--html")) {
    const page = await worker.dispatchFetch(`http://profile.local${path}`, { headers, redirect: "manual" });
    writeFileSync(commandArgument("html", "page.html"), await page.text());
  }

  if (baseline) {
    for (let warm = 0; warm < 100; warm++) {
      await request();
      await request(baseline);
    }
    // Blocks of requests alternate between the two builds; the workerd CPU a block used is its build's
    // (the idle one uses next to none), and the machine's drift hits both alike.
    const block = 20;
    const measured = [
      { name: "build/", target: worker, times: [] as number[], cpuMs: 0, serverTimes },
      { name: baselineDir, target: baseline, times: [] as number[], cpuMs: 0, serverTimes: baselineServerTimes },
    ];
    const loggedBefore = measured.map((build) => build.serverTimes.length);
    for (let run = 0; run < runs; run += block) {
      for (const build of run % (2 * block) ? measured : [...measured].reverse()) {
        const cpuBefore = processCpuMs("workerd", process.pid);
        for (let index = 0; index < block; index++) build.times.push(await request(build.target));
        build.cpuMs += processCpuMs("workerd", process.pid) - cpuBefore;
      }
    }
    console.log(`${path}, ${measured[0]!.times.length} requests each, in alternating blocks of ${block}:`);
    measured.forEach((build, index) => {
      console.log(
        `  ${build.name}\n    server time ${percentiles(build.serverTimes.slice(loggedBefore[index]))}, dispatchFetch ${percentiles(build.times)}, workerd CPU ${(build.cpuMs / build.times.length).toFixed(2)} ms per request`,
      );
    });
  } else {
    for (let warm = 0; warm < 50; warm++) await request();
    const cpuBefore = processCpuMs("workerd", process.pid);
    const loggedBefore = serverTimes.length;
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await request());
    const cpuPerRequest = (processCpuMs("workerd", process.pid) - cpuBefore) / runs;
    console.log(
      `${path}, without the profiler:\n  server time ${percentiles(serverTimes.slice(loggedBefore))}\n  dispatchFetch ${percentiles(times)}\n  workerd CPU ${cpuPerRequest.toFixed(2)} ms per request`,
    );
    const inspector = await connectInspector(inspectorPort);
    if (process.argv.includes("--allocations")) {
      await inspector.send("HeapProfiler.enable");
      await inspector.send("HeapProfiler.startSampling", {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      for (let run = 0; run < runs; run++) await request();
      const { profile } = await inspector.send<{ profile: HeapProfile }>("HeapProfiler.stopSampling");
      if (process.argv.includes("--save-allocations"))
        writeFileSync(commandArgument("save-allocations", "worker.heapprofile"), JSON.stringify(profile));
      summariseAllocations(profile);
    }
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
    await inspector.send("Profiler.start");
    for (let run = 0; run < runs; run++) await request();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    inspector.close();
    if (process.argv.includes("--save"))
      writeFileSync(commandArgument("save", "worker.cpuprofile"), JSON.stringify(profile));
    summarise(profile);
  }
} finally {
  await worker.dispose();
  await baseline?.dispose();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
