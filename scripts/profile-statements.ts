/**
 * `npm run profile:statements [-- --path /workspaces/{w}/dashboard --transactions 100000 --no-build]`: what each
 * database statement of one page or API call costs sqld. Seeds the benchmarks' workspace (scripts/bench-workspace.ts)
 * in a fresh sqld, serves one request of `path` from the built Worker through a proxy that records the Hrana
 * pipelines it sends (`{w}` is the workspace's id; a path under /api/ signs in with the bearer token, any other with
 * the session cookie), then replays them straight to sqld:
 *   - each round trip's batch as sent, against a batch of one `select 1` (median of `--rounds`, 31 unless told);
 *   - each statement `--repeat` times in one batch (10 unless told), less that baseline, per statement: what it adds
 *     to the batch. The same with EXPLAIN QUERY PLAN in front is what compiling it costs (sqld parses every
 *     statement's text and SQLite prepares it again on every request: sqld keeps no prepared statements);
 *   - what it sends back: rows, values and bytes of JSON.
 * Timings are medians over several batches; this machine's noise is about ±0.1 ms per statement. Prints Markdown.
 * Not part of `npm test`.
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
import { startDatabaseProxy } from "./database-proxy.ts";
import { localJwtSecret, startBenchDatabase, type RunningProcess, commandArgument } from "./local-stack.ts";

const pathTemplate = commandArgument("path", "/workspaces/{w}/dashboard");
const transactionCount = Number(commandArgument("transactions", "100000"));
const repeat = Number(commandArgument("repeat", "10"));
const rounds = Number(commandArgument("rounds", "31"));

/** A statement as the Worker's libSQL client sends it in a Hrana pipeline. */
type Statement = { sql: string; args: unknown[]; named_args: unknown[] };
type PipelineRequest =
  | { type: "store_sql"; sql_id: number; sql: string }
  | {
      type: "batch";
      batch: { steps: { stmt: { sql?: string; sql_id?: number; args?: unknown[]; named_args?: unknown[] } }[] };
    }
  | { type: "execute"; stmt: { sql?: string; sql_id?: number; args?: unknown[]; named_args?: unknown[] } }
  | { type: string };
type StepResult = { cols: unknown[]; rows: unknown[][] };

const isTransactionControl = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql);

/** The statements of each recorded round trip, in order, with the stored SQL a step names put back in. */
function statementsOf(bodies: Buffer[]): Statement[][] {
  const stored = new Map<number, string>();
  return bodies.map((body) => {
    const statements: Statement[] = [];
    for (const request of (JSON.parse(body.toString()) as { requests: PipelineRequest[] }).requests) {
      if (request.type === "store_sql" && "sql_id" in request) stored.set(request.sql_id, request.sql);
      const sent =
        request.type === "batch" && "batch" in request
          ? request.batch.steps.map((step) => step.stmt)
          : request.type === "execute" && "stmt" in request
            ? [request.stmt]
            : [];
      for (const stmt of sent) {
        const sql = stmt.sql ?? stored.get(stmt.sql_id ?? -1) ?? "";
        if (!isTransactionControl(sql))
          statements.push({ sql, args: stmt.args ?? [], named_args: stmt.named_args ?? [] });
      }
    }
    return statements;
  });
}

/** One batch straight to sqld: how long it took and what each step sent back. */
async function sendBatch(databaseUrl: string, statements: Statement[]) {
  const started = performance.now();
  const response = await fetch(`${databaseUrl}/v2/pipeline`, {
    method: "POST",
    body: JSON.stringify({
      requests: [{ type: "batch", batch: { steps: statements.map((stmt) => ({ stmt })) } }, { type: "close" }],
    }),
  });
  const answer = (await response.json()) as {
    results: { type: string; response?: { result: { step_results: (StepResult | null)[]; step_errors: unknown[] } } }[];
  };
  const elapsed = performance.now() - started;
  const result = answer.results[0]?.response?.result;
  const failed = result?.step_errors.find(Boolean);
  if (!result || failed)
    throw new Error(`sqld refused the replayed batch: ${JSON.stringify(failed ?? answer).slice(0, 300)}`);
  return { elapsed, steps: result.step_results };
}

async function medianOf(databaseUrl: string, statements: Statement[], count: number): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < count; round++) times.push((await sendBatch(databaseUrl, statements)).elapsed);
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => value.toFixed(2);
const oneLine = (sql: string) => sql.replace(/\s+/g, " ").slice(0, 70).replaceAll("|", "\\|");

const dataDir = mkdtempSync(join(tmpdir(), "moneta-profile-statements-"));
const running: RunningProcess[] = [];
try {
  const database = await startBenchDatabase(dataDir, running);
  const jwtSecret = localJwtSecret(dataDir);
  const client = createClient({ url: database.url });
  const seeded = await seedBenchWorkspace(
    drizzle(client, { schema }) as unknown as Database,
    jwtSecret,
    transactionCount,
  );
  client.close();
  let recording: Buffer[] | null = null;
  const proxy = await startDatabaseProxy(database.url, { onRequest: (body) => recording?.push(body) });
  running.push(proxy);
  const worker = startBuiltWorker({
    databaseUrl: proxy.url,
    vars: { JWT_SECRET: jwtSecret, APP_URL: "http://bench.local", APP_ENV: "local" },
    onLog: () => {},
  });
  running.push({ url: "", stop: () => worker.dispose() });
  const path = pathTemplate.replace("{w}", seeded.workspaceId);
  const headers = path.startsWith("/api/")
    ? { Authorization: `Bearer ${seeded.token}` }
    : { Cookie: `moneta_session=${seeded.token}` };
  const request = async () => {
    const response = await worker.dispatchFetch(`http://bench.local${path}`, { headers });
    await response.arrayBuffer();
    return response.status;
  };
  // Warmed up first: the statements a cold isolate sends once (none today) are not the page's.
  await request();
  await request();
  recording = [];
  const status = await request();
  const roundTrips = statementsOf(recording);
  recording = null;

  const baseline = [{ sql: "select 1", args: [], named_args: [] }];
  const lines = [
    `\n${path.replace(seeded.workspaceId, "{w}")} answered ${status}, at ${transactionCount.toLocaleString("en-US")} transactions: ${roundTrips.length} round trip(s) to the database.`,
  ];
  for (const [index, statements] of roundTrips.entries()) {
    if (statements.length === 0) continue;
    const { steps } = await sendBatch(database.url, statements);
    const alone = await medianOf(database.url, baseline, rounds);
    const whole = await medianOf(database.url, statements, rounds);
    const sqlBytes = statements.reduce((sum, stmt) => sum + stmt.sql.length, 0);
    const answerBytes = steps.reduce((sum, step) => sum + JSON.stringify(step).length, 0);
    lines.push(
      `\n**Round trip ${index + 1}**: ${statements.length} statements, ${kb(sqlBytes)} KB of SQL, ${kb(answerBytes)} KB of JSON back. ` +
        `The batch: ${ms(whole)} ms; a batch of \`select 1\`: ${ms(alone)} ms (median of ${rounds}).\n`,
      "| # | SQL (KB) | rows | values | JSON back (KB) | adds (ms) | of which compiling (ms) | statement |",
      "|---|---|---|---|---|---|---|---|",
    );
    const repeatedBaseline = await medianOf(database.url, Array(repeat).fill(baseline[0]), rounds);
    for (const [position, stmt] of statements.entries()) {
      const step = steps[position] ?? { cols: [], rows: [] };
      const each = (await medianOf(database.url, Array(repeat).fill(stmt), 15)) - repeatedBaseline;
      const planned = { ...stmt, sql: `explain query plan ${stmt.sql}` };
      const compiling = (await medianOf(database.url, Array(repeat).fill(planned), 15)) - repeatedBaseline;
      lines.push(
        `| ${position + 1} | ${kb(stmt.sql.length)} | ${step.rows.length} | ${step.rows.length * step.cols.length} | ${kb(JSON.stringify(step).length)} | ${ms(each / repeat)} | ${ms(compiling / repeat)} | \`${oneLine(stmt.sql)}\` |`,
      );
    }
  }
  console.log(lines.join("\n"));
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
