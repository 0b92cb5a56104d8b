/**
 * `npm run bench:export [-- --size 100000 --runs 5] [-- --format csv|xlsx|pdf] [-- --no-build]`: the
 * export target — the transactions CSV (or Excel workbook) of a workspace holding 100k transactions
 * streams, and its download starts in under 1 s; a PDF statement (built whole, at most 5 000 rows) is
 * timed the same way. The app is served as `npm start` serves it (the
 * build in workerd's own HTTP server) over a real sqld; each run downloads the whole file, timing the
 * first byte and the last, and counts its lines (a workbook's sheet rows, unzipped after the run; a
 * statement's transaction lines and header, read back with the tests' PDF reader).
 * Prints a Markdown table. Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { allText, readPdf } from "../tests/support/pdf-text.ts";
import { readZip } from "../tests/support/xlsx-reader.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";
import {
  freePort,
  localJwtSecret,
  startBenchDatabase,
  startWorkerServer,
  type RunningProcess,
  commandArgument,
} from "./local-stack.ts";

const size = Number(commandArgument("size", "100000"));
const runs = Number(commandArgument("runs", "5"));
const format = commandArgument("format", "csv");
if (format !== "csv" && format !== "xlsx" && format !== "pdf") throw new Error("--format is csv, xlsx or pdf");
/** A statement lists at most maxStatementRows (worker/exports/transactions-pdf.service.ts, which plain Node cannot load: it imports JSON). */
const maxStatementRows = 5000;
const expectedLines = (format === "pdf" ? Math.min(size, maxStatementRows) : size) + 1;

/** One download: when its first bytes arrived, when its last did, its size and its line count. */
async function download(url: string, token: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: `moneta_session=${token}` } });
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  let firstByteMs: number | null = null;
  let bytes = 0;
  let lines = 0;
  const pieces: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - started;
    bytes += value.byteLength;
    if (format !== "csv") pieces.push(value);
    else for (const byte of value) if (byte === 0x0a) lines++;
  }
  const totalMs = performance.now() - started;
  if (format === "xlsx") {
    const sheet = readZip(new Uint8Array(Buffer.concat(pieces))).get("xl/worksheets/sheet1.xml") ?? "";
    lines = sheet.split("<row ").length - 1;
  }
  if (format === "pdf") {
    const text = allText(readPdf(new Uint8Array(Buffer.concat(pieces))));
    lines = text.split("\n").filter((line) => /^\d\d\/\d\d\/\d{4} \|/.test(line)).length + 1;
  }
  return { firstByteMs: firstByteMs ?? 0, totalMs, bytes, lines };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-export-"));
const running: RunningProcess[] = [];
try {
  const database = await startBenchDatabase(dataDir, running);
  const jwtSecret = localJwtSecret(dataDir);
  const served = await startWorkerServer({
    mode: "preview",
    port: await freePort(),
    databaseUrl: database.url,
    jwtSecret,
    logFile: join(dataDir, "served.log"),
  });
  running.push(served);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  const seeded = await seedBenchWorkspace(db, jwtSecret, size);
  client.close();
  const url = `${served.url}/api/workspaces/${seeded.workspaceId}/exports/transactions.${format}?language=pt-BR`;
  await download(url, seeded.token);
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = await download(url, seeded.token);
    if (result.lines !== expectedLines) throw new Error(`expected ${expectedLines} lines, got ${result.lines}`);
    results.push(result);
    console.log(
      `    run ${run + 1}: first byte ${result.firstByteMs.toFixed(0)} ms, whole file ${(result.totalMs / 1000).toFixed(1)} s, ${(result.bytes / 1e6).toFixed(1)} MB`,
    );
  }
  const first = results.map((result) => result.firstByteMs);
  const total = results.map((result) => result.totalMs);
  console.log(
    `\n| Transactions (${format}) | first byte (median / worst) | whole file (median / worst) | file | lines |\n|---|---|---|---|---|\n| ${size.toLocaleString("en-US")} | ${median(first).toFixed(0)} ms / ${Math.max(...first).toFixed(0)} ms | ${(median(total) / 1000).toFixed(1)} s / ${(Math.max(...total) / 1000).toFixed(1)} s | ${(results[0]!.bytes / 1e6).toFixed(1)} MB | ${results[0]!.lines.toLocaleString("en-US")} |`,
  );
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
