import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import type { Miniflare } from "miniflare";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, migrateDatabase, sqldCommand } from "../../scripts/local-stack.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startFaultProxy } from "../support/fault-proxy.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";

type Answer = { status: number; contentType: string; body: string; ms: number };

async function send(worker: Miniflare, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await worker.dispatchFetch(`http://127.0.0.1${path}`, init as never);
  const body = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "",
    body,
    ms: performance.now() - started,
  };
}

/** 2xx, or a 503/429 that says so in the error envelope (pages: the friendly HTML page). */
function expectHonest(answer: Answer, path: string) {
  if (answer.status < 300) return;
  expect([429, 503], `${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`).toContain(answer.status);
  if (path.startsWith("/api/"))
    expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(String), request_id: expect.any(String) });
  else expect(answer.contentType).toContain("text/html");
}

const income = (accountId: string, n: number) =>
  JSON.stringify({
    type: "income",
    destination_id: `account:${accountId}`,
    amount: "10.00",
    description: `Burst ${n}`,
  });

describe("the built Worker under bursts", () => {
  let worker: Miniflare;

  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
  });
  afterAll(() => worker?.dispose());

  it("answers 300 concurrent mixed requests honestly, and the next one with 200", async () => {
    const db = databaseAt(inject("databaseUrl"));
    const owner = await workspaceOwnerIn(db);
    const base = `/api/workspaces/${owner.workspace.id}`;
    const requests = Array.from({ length: 300 }, (_, n): [string, RequestInit] => {
      switch (n % 6) {
        case 0:
        case 1:
          return ["/api/health", {}];
        case 2:
          return [`/workspaces/${owner.workspace.id}/transactions`, { headers: { Cookie: owner.cookie } }];
        case 3:
          // The analytics page: its services' reads share one batch, over rollups the POSTs' triggers write.
          return [`/workspaces/${owner.workspace.id}/analytics`, { headers: { Cookie: owner.cookie } }];
        case 4:
          return [`${base}/transactions?page=1&per_page=20`, { headers: owner.api }];
        default:
          return [`${base}/transactions`, { method: "POST", headers: owner.json, body: income(owner.account.id, n) }];
      }
    });

    const answers = await Promise.all(requests.map(([path, init]) => send(worker, path, init)));

    for (const [n, answer] of answers.entries()) expectHonest(answer, requests[n]![0]);
    // Nothing answered as failed was written, and nothing answered as written is missing.
    const created = answers.filter((answer, n) => requests[n]![1].method === "POST" && answer.status === 201).length;
    const [{ rows }] = [
      await db.get<{ rows: number }>(
        sql`select count(*) as rows from transactions where workspace_id = ${owner.workspace.id}`,
      ),
    ];
    expect(rows).toBe(created);
    const after = await send(worker, `${base}/transactions?page=1&per_page=20`, { headers: owner.api });
    expect(after.status).toBe(200);
    expect((await send(worker, "/api/health")).status).toBe(200);
  });
});

describe("the built Worker when the database stalls, dies and comes back", () => {
  const timeoutMs = 1000;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  let worker: Miniflare;
  let owner: Awaited<ReturnType<typeof workspaceOwnerIn>>;

  beforeAll(async () => {
    const target = new URL(inject("databaseUrl"));
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
    worker = startBuiltWorker({ databaseUrl: proxy.url, vars: { LIBSQL_TIMEOUT_MS: String(timeoutMs) } });
    await worker.ready;
    owner = await workspaceOwnerIn(databaseAt(inject("databaseUrl")));
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.stop();
  });

  const apiPath = () => `/api/workspaces/${owner.workspace.id}/accounts`;
  const pagePath = () => `/workspaces/${owner.workspace.id}/transactions`;

  async function expectUnavailable() {
    const api = await send(worker, apiPath(), { headers: owner.api });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toMatchObject({ code: "DATABASE_UNAVAILABLE", request_id: expect.any(String) });
    expect(api.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack|at /);
    // The deadline covers the call; the rest is the Worker's own time on a busy machine.
    expect(api.ms).toBeLessThan(timeoutMs + 4000);

    // Pages: the app's own error page, in the reader's language, that can be retried.
    const page = await worker.dispatchFetch(`http://127.0.0.1${pagePath()}`, {
      headers: { Cookie: `${owner.cookie}; lang=pt-BR` },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    const html = await page.text();
    expect(html).toContain("Não conseguimos acessar seus dados agora");
    expect(html).toContain("Nada foi perdido");
    const english = await worker.dispatchFetch(`http://127.0.0.1${pagePath()}`, {
      headers: { Cookie: owner.cookie, "Accept-Language": "en" },
    });
    expect(english.status).toBe(503);
    expect(await english.text()).toContain("Nothing was lost");

    const write = await send(worker, `/api/workspaces/${owner.workspace.id}/transactions`, {
      method: "POST",
      headers: owner.json,
      body: income(owner.account.id, 0),
    });
    expect(write.status).toBe(503);
  }

  async function expectServing() {
    await expect
      .poll(async () => (await send(worker, apiPath(), { headers: owner.api })).status, { timeout: 10_000 })
      .toBe(200);
    expect((await send(worker, pagePath(), { headers: { Cookie: owner.cookie } })).status).toBe(200);
  }

  it("answers 503 DATABASE_UNAVAILABLE within the deadline while the database does not answer", async () => {
    await expectServing();
    await proxy.setMode("stall");
    await expectUnavailable();
    const health = await worker.dispatchFetch("http://127.0.0.1/api/health");
    expect(health.status).toBe(503);
    expect(health.headers.get("Retry-After")).toBe("5");
    await proxy.setMode("pass");
    await expectServing();
  });

  it("answers 503 while the database refuses connections, and serves again when it is back, without a restart", async () => {
    await proxy.setMode("refuse");
    await expectUnavailable();
    await proxy.setMode("pass");
    await expectServing();
  });

  it("recovers from a burst that met a stalled database", async () => {
    await proxy.setMode("stall");
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => send(worker, apiPath(), { headers: owner.api })),
    );
    for (const answer of answers) expect(answer.status).toBe(503);
    await proxy.setMode("pass");
    await expectServing();
  });
});

/** A sqld of this test's own (so it can be stopped, and its file locked), migrated, with a built Worker on it. */
async function ownDatabaseAndWorker(t: { onTestFinished(fn: () => unknown): void }) {
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-own-sqld-"));
  const port = await freePort();
  const command = sqldCommand({ dbPath: join(dataDir, "db"), port });
  const sqld = spawn(command.command, command.args, { stdio: "ignore", env: { ...process.env, ...command.env } });
  const url = `http://127.0.0.1:${port}`;
  const worker = startBuiltWorker({ databaseUrl: url, vars: { LIBSQL_TIMEOUT_MS: "1000" } });
  t.onTestFinished(async () => {
    sqld.kill("SIGCONT");
    sqld.kill("SIGKILL");
    await worker.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
  await migrateDatabase(url);
  return { url, sqld, worker, dataFile: join(dataDir, "db", "dbs", "default", "data") };
}

describe("the built Worker against a real sqld", () => {
  it("answers 503 while sqld is SIGSTOPped and 200 after SIGCONT", async (t) => {
    const { sqld, worker } = await ownDatabaseAndWorker(t);
    const health = () => worker.dispatchFetch("http://127.0.0.1/api/health").then((r) => r.status);
    expect(await health()).toBe(200);
    sqld.kill("SIGSTOP");
    expect(await health()).toBe(503);
    sqld.kill("SIGCONT");
    await expect.poll(health, { timeout: 10_000 }).toBe(200);
  });

  describe("while another writer holds the database's lock (SQLITE_BUSY)", () => {
    async function lockedFor(dataFile: string, ms: number) {
      const locker = createClient({ url: `file:${dataFile}` });
      const lock = await locker.transaction("write");
      await lock.execute("create table if not exists lock_holder (x integer)");
      return new Promise<void>((done) =>
        setTimeout(async () => {
          await lock.rollback();
          locker.close();
          done();
        }, ms),
      );
    }

    it("retries a write batch SQLite refused whole, and writes it once", async (t) => {
      const { url, worker, dataFile } = await ownDatabaseAndWorker(t);
      const owner = await workspaceOwnerIn(databaseAt(url));
      const released = lockedFor(dataFile, 600);
      const answer = await send(worker, `/api/workspaces/${owner.workspace.id}/transactions`, {
        method: "POST",
        headers: owner.json,
        body: income(owner.account.id, 1),
      });
      await released;
      expect(answer.status, answer.body).toBe(201);
      const rows = await databaseAt(url).all(
        sql`select id from transactions where workspace_id = ${owner.workspace.id}`,
      );
      expect(rows).toHaveLength(1);
    });

    it("answers 503 and writes nothing when the lock outlasts the retries", async (t) => {
      const { url, worker, dataFile } = await ownDatabaseAndWorker(t);
      const owner = await workspaceOwnerIn(databaseAt(url));
      const released = lockedFor(dataFile, 4000);
      const answer = await send(worker, `/api/workspaces/${owner.workspace.id}/transactions`, {
        method: "POST",
        headers: owner.json,
        body: income(owner.account.id, 1),
      });
      await released;
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
      expect(await databaseAt(url).all(sql`select id from transactions`)).toHaveLength(0);
    });
  });
});
