import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { describe, expect, it } from "vitest";
import { insertAccount, insertCard } from "../../db/factories.ts";
import { freePort, migrateDatabase, sqldCommand } from "../../scripts/local-stack.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/** A sqld of this test's own, started the way `npm start` starts it, so it can be stopped and continued. */
async function ownSqld(t: { onTestFinished(fn: () => unknown): void }) {
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-stalled-sqld-"));
  const port = await freePort();
  const sqld = sqldCommand({ dbPath: join(dataDir, "db"), port });
  const child: ChildProcess = spawn(sqld.command, sqld.args, { env: { ...process.env, ...sqld.env }, stdio: "ignore" });
  t.onTestFinished(() => {
    child.kill("SIGCONT");
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  const health = () =>
    fetch(`${url}/health`).then(
      (r) => r.status,
      () => 0,
    );
  await expect.poll(health, { timeout: 20_000 }).toBe(200);
  await migrateDatabase(url);
  return { url, child, dataFile: join(dataDir, "db", "dbs", "default", "data") };
}

type Write = { path: string; body: Record<string, unknown>; key: string; status?: number; replayed?: boolean };

async function send(worker: Miniflare, token: string, write: Write) {
  const response = await worker.dispatchFetch(`http://127.0.0.1${write.path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": write.key },
    body: JSON.stringify(write.body),
  });
  const body = (await response.json()) as { code?: string };
  write.status = response.status;
  write.replayed = response.headers.get("Idempotent-Replayed") === "true";
  return { status: response.status, code: body.code };
}

/**
 * A read that keeps sqld from checkpointing its write-ahead log until it lets go, and 4,000 pages of
 * ballast behind it: the first write after the read ends makes sqld copy them into the database
 * file, which takes long enough for the stall to land while it does. Stalled there, sqld 0.24.32
 * with its auto-checkpoint on never took a write again (README "Reliability").
 */
async function heldCheckpoint(url: string) {
  const client = createClient({ url });
  const reader = await client.transaction("read");
  await reader.execute("select count(*) from accounts");
  await client.execute("create table stall_ballast (x blob)");
  await client.execute(
    "insert into stall_ballast select randomblob(4000) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 4000) select i from n)",
  );
  return async () => {
    // A stream idle past sqld's 10 s (a stall can make it) has ended its read already.
    await reader.rollback().catch(() => undefined);
    client.close();
  };
}

/** Resolves when sqld first writes its database file: in WAL mode only a checkpoint does. */
function checkpointUnderWay(dataFile: string) {
  return new Promise<void>((done) => {
    const watcher = watch(dataFile, () => {
      watcher.close();
      done();
    });
  });
}

describe("a database stalled in the middle of a burst of writes", () => {
  it("takes writes again within 10 s of the stall's end, and each write retried with its key lands once", async (t) => {
    const { url, child, dataFile } = await ownSqld(t);
    // The 503s the stall causes are expected here; their log lines would only bury the test's own.
    const worker = startBuiltWorker({ databaseUrl: url, onLog: () => {} });
    t.onTestFinished(() => worker.dispose());
    await worker.ready;
    const db = databaseAt(url);
    const owner = await workspaceOwnerIn(db);
    const workspaceId = owner.workspace.id;
    const [a, b, c] = await Promise.all(
      ["A", "B", "C"].map((name) => insertAccount(db, { workspaceId, name, initialBalanceCents: 100_000 })),
    );
    const card = await insertCard(db, { workspaceId, accountId: a!.id, creditLimitCents: 10_000 });
    const base = `/api/workspaces/${workspaceId}`;
    const write = (path: string, body: Record<string, unknown>): Write => ({
      path: `${base}${path}`,
      body,
      key: randomUUID(),
    });

    const purchases = Array.from({ length: 20 }, (_, n) =>
      write(`/cards/${card.id}/purchase`, { amount: "7.00", description: `Purchase ${n}` }),
    );
    const accounts = [a!, b!, c!];
    const mixed = Array.from({ length: 31 }, (_, n) => {
      if (n === 30) return write(`/cards/${card.id}/payment`, { amount: "20.00", description: "Payment" });
      const [from, to] = [accounts[n % 3]!, accounts[(n + 1) % 3]!];
      if (n % 3 === 0)
        return write("/transactions", {
          type: "income",
          destination_id: `account:${from.id}`,
          amount: "10.00",
          description: `Mixed ${n}`,
        });
      if (n % 3 === 1)
        return write("/transactions", {
          type: "expense",
          origin_id: `account:${from.id}`,
          amount: "3.00",
          description: `Mixed ${n}`,
        });
      return write("/transactions", {
        type: "transfer",
        origin_id: `account:${from.id}`,
        destination_id: `account:${to.id}`,
        amount: "5.00",
        description: `Mixed ${n}`,
      });
    });

    const releaseCheckpoint = await heldCheckpoint(url);
    let thirdAnswered!: () => void;
    const writesUnderWay = new Promise<void>((done) => (thirdAnswered = done));
    // sqld stops 2.5 s in at the latest; sooner, while the burst's writes are in every state at once
    // (a few answered, the rest inside sqld or on their way) and, if sqld checkpoints, while it does.
    const stall = (async () => {
      await Promise.race([checkpointUnderWay(dataFile), writesUnderWay.then(() => pause(30)), pause(2500)]);
      await pause(20);
      child.kill("SIGSTOP");
      await pause(7000);
      child.kill("SIGCONT");
      return performance.now();
    })();
    await Promise.all(purchases.map((purchase) => send(worker, owner.token, purchase)));
    let answered = 0;
    await Promise.all(
      mixed.map(async (item) => {
        await send(worker, owner.token, item);
        if (++answered !== 3) return;
        thirdAnswered();
        await releaseCheckpoint();
      }),
    );
    const burst = [...purchases, ...mixed];
    for (const item of burst) expect([201, 422, 503], JSON.stringify(item)).toContain(item.status);

    // After the stall: a new write is taken within 10 s.
    const continuedAt = await stall;
    const probes: Write[] = [];
    // What each probe was answered, so a failure says how the Worker refused (503 codes, 422…).
    const answers: string[] = [];
    let recoveredAt: number | undefined;
    while (recoveredAt === undefined && performance.now() - continuedAt < 10_000) {
      const probe = write("/transactions", {
        type: "income",
        destination_id: `account:${c!.id}`,
        amount: "1.00",
        description: `Probe ${probes.length}`,
      });
      probes.push(probe);
      const answer = await send(worker, owner.token, probe);
      answers.push(`${answer.status} ${answer.code ?? ""}`.trim());
      if (answer.status === 201) recoveredAt = performance.now();
      else await pause(250);
    }
    expect(
      recoveredAt,
      `no write was taken within 10 s of the stall's end; probes: ${answers.join(", ")}`,
    ).toBeDefined();
    console.info(
      `stalled burst: ${JSON.stringify(count(burst))}, writes taken again ${Math.round(recoveredAt! - continuedAt)} ms after SIGCONT`,
    );

    // Every write that failed is sent again with its key until it has a final answer.
    const everything = [...burst, ...probes];
    for (let round = 0; round < 10 && everything.some(isUnsettled); round += 1) {
      await Promise.all(everything.filter(isUnsettled).map((item) => send(worker, owner.token, item)));
      if (everything.some(isUnsettled)) await pause(500);
    }
    expect(everything.filter(isUnsettled)).toEqual([]);
    const replayed = everything.filter((item) => item.replayed).length;
    console.info(`after the stall: ${replayed} of the writes answered 503 had been written, and were replayed`);

    // Each write answered 201 is there exactly once, and the balances are what those writes imply.
    const landed = everything.filter((item) => item.status === 201);
    const rows = await db.all<{ description: string; copies: number }>(
      sql`select description, count(*) as copies from transactions where workspace_id = ${workspaceId} group by description`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.description, row.copies]))).toEqual(
      Object.fromEntries(landed.map((item) => [item.body.description, 1])),
    );
    const expected = expectedBalances(landed, card.id, a!.id);
    const balances = await db.all<{ id: string; cents: number }>(
      sql`select id, balance_cents as cents from accounts where id in (${a!.id}, ${b!.id}, ${c!.id})`,
    );
    for (const { id, cents } of balances) expect(cents, id).toBe(100_000 + (expected.accounts.get(id) ?? 0));
    const [debt] = await db.all<{ cents: number }>(sql`select debt_cents as cents from cards where id = ${card.id}`);
    expect(debt!.cents).toBe(expected.cardDebt);
  }, 60_000);

  it("answers /api/health 503 DATABASE_READ_ONLY while reads work but writes wait on the lock, and 200 after", async (t) => {
    const { url, dataFile } = await ownSqld(t);
    const worker = startBuiltWorker({ databaseUrl: url, vars: { LIBSQL_TIMEOUT_MS: "1000" } });
    t.onTestFinished(() => worker.dispose());
    await worker.ready;
    const owner = await workspaceOwnerIn(databaseAt(url));
    const health = () => worker.dispatchFetch("http://127.0.0.1/api/health");
    expect((await health()).status).toBe(200);

    // Another writer holds SQLite's write lock from outside sqld: reads go on, writes wait.
    const locker = createClient({ url: `file:${dataFile}` });
    const lock = await locker.transaction("write");
    await lock.execute("create table lock_holder (x integer)");
    try {
      const answer = await health();
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(await answer.json()).toMatchObject({ code: "DATABASE_READ_ONLY", request_id: expect.any(String) });
      const accounts = await worker.dispatchFetch(`http://127.0.0.1/api/workspaces/${owner.workspace.id}/accounts`, {
        headers: owner.api,
      });
      expect(accounts.status).toBe(200);
    } finally {
      await lock.rollback();
      locker.close();
    }
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
  });
});

/** Still without a final answer: cut off by the stall, or its key still held by a write under way. */
const isUnsettled = (item: Write) => item.status === 503 || item.status === 409;

function count(items: Write[]) {
  const statuses: Record<string, number> = {};
  for (const item of items) statuses[item.status!] = (statuses[item.status!] ?? 0) + 1;
  return statuses;
}

/** What the writes that landed add to each account and to the card's debt, in cents. */
function expectedBalances(landed: Write[], cardId: string, cardAccountId: string) {
  const accounts = new Map<string, number>();
  const add = (leg: unknown, cents: number) => {
    const id = String(leg).replace(/^account:/, "");
    accounts.set(id, (accounts.get(id) ?? 0) + cents);
  };
  let cardDebt = 0;
  for (const { path, body } of landed) {
    const cents = Number(String(body.amount).replace(".", "")); // "7.00" → 700: every amount here has two places
    if (path.endsWith(`${cardId}/purchase`)) cardDebt += cents;
    else if (path.endsWith(`${cardId}/payment`)) {
      cardDebt -= cents;
      add(cardAccountId, -cents);
    } else {
      if (body.origin_id) add(body.origin_id, -cents);
      if (body.destination_id) add(body.destination_id, cents);
    }
  }
  return { accounts, cardDebt };
}
