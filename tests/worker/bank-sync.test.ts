import { eq, sql } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertCard } from "../../db/factories.ts";
import { bankConnections, bankLines, transactions, users } from "../../db/schema/index.ts";
import { firstSyncDays } from "../../worker/bank-connections/bank-sync.ts";
import { addDays, latestToday } from "../../worker/ledger/dates.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startFakePluggy } from "../support/fake-pluggy.ts";
import { sandboxBank } from "../support/sandbox-bank.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";

/**
 * Bank connections in the built Worker (workerd) against sqld, with Pluggy's stand-in on 127.0.0.1: the
 * webhook's shared secret, overlapping cron ticks that write each line once, a Worker stopped in the middle
 * of a sync that the next one finishes without duplicates, a provider failing and a consent that ran out.
 */

const today = new Date().toISOString().slice(0, 10);
/** The first sync's window starts a year before the latest "today" on Earth, whatever the hour in UTC. */
const yearAgo = addDays(latestToday(new Date()), -firstSyncDays);
const credentials = { clientId: "worker-bank-client", clientSecret: "worker-bank-secret" };
const webhookSecret = "worker-bank-webhook-secret";
const bankYear = sandboxBank({ today })
  .accounts.filter((account) => account.key !== "savings")
  .flatMap((account) => account.lines.filter((line) => line.date >= yearAgo)).length;

describe("bank connections in the built Worker", () => {
  let pluggy: Awaited<ReturnType<typeof startFakePluggy>>;
  let worker: Miniflare;
  const db = () => databaseAt(inject("databaseUrl"));
  const vars = () => ({
    BANK_SECRETS_KEY: Buffer.alloc(32, 3).toString("base64"),
    PLUGGY_API_URL: pluggy.url,
    PLUGGY_CLIENT_ID: credentials.clientId,
    PLUGGY_CLIENT_SECRET: credentials.clientSecret,
    PLUGGY_WEBHOOK_SECRET: webhookSecret,
  });

  beforeAll(async () => {
    pluggy = await startFakePluggy({ today, ...credentials });
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl"), vars: vars() });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.dispose();
    await pluggy?.stop();
  });

  /** A household whose bank is connected through the API, its checking account and card linked. */
  async function connected() {
    const owner = await workspaceOwnerIn(db());
    await db().update(users).set({ tier: "unlimited" }).where(eq(users.id, owner.user.id));
    const card = await insertCard(db(), { workspaceId: owner.workspace.id, accountId: owner.account.id });
    const send = async (method: string, path: string, json?: unknown) => {
      const response = await worker.dispatchFetch(`http://localhost/api/workspaces/${owner.workspace.id}${path}`, {
        method,
        headers: owner.json,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const body = (await response.json()) as { data: Record<string, unknown> };
      expect(response.status, JSON.stringify(body)).toBeLessThan(300);
      return body.data;
    };
    const itemId = pluggy.createItem({ clientUserId: owner.workspace.id });
    const connection = await send("POST", "/bank-connections/pluggy", { item_id: itemId });
    for (const remote of connection.accounts as { uuid: string; kind: string }[]) {
      const link =
        remote.kind === "checking"
          ? { type: "account", account_id: owner.account.id }
          : remote.kind === "credit_card"
            ? { type: "card", card_id: card.id }
            : { type: "ignore" };
      await send("PUT", `/bank-connections/${connection.uuid}/accounts/${remote.uuid}`, { link });
    }
    const connectionId = connection.uuid as string;
    const lines = async () =>
      (await db().select().from(bankLines).where(eq(bankLines.workspaceId, owner.workspace.id))).length;
    const duplicates = async () =>
      (
        await db().all<{ twice: number }>(
          sql`select count(*) as twice from (select line_id from bank_lines where workspace_id = ${owner.workspace.id} group by leg_id, line_id having count(*) > 1)`,
        )
      )[0]!.twice;
    const state = async () =>
      (await db().select().from(bankConnections).where(eq(bankConnections.id, connectionId)))[0]!;
    return { owner, itemId, connectionId, lines, duplicates, state };
  }

  const tick = async (instance: Miniflare = worker) =>
    (await instance.getWorker()).scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });

  it("takes Pluggy's webhook only with the secret, and each event once", async () => {
    const household = await connected();
    const deliver = (secret: string | null, eventId: string) =>
      worker.dispatchFetch("http://localhost/api/bank-webhooks/pluggy", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(secret === null ? {} : { "X-Moneta-Webhook-Secret": secret }),
        },
        body: JSON.stringify({ event: "item/updated", eventId, itemId: household.itemId }),
      });
    const eventId = crypto.randomUUID();
    expect((await deliver(null, eventId)).status).toBe(401);
    expect((await deliver("not-the-secret", eventId)).status).toBe(401);
    const taken = await deliver(webhookSecret, eventId);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ data: { handled: true } });
    const replayed = await deliver(webhookSecret, eventId);
    expect(await replayed.json()).toEqual({ data: { handled: false } });
    expect((await household.state()).syncRequestedAt).not.toBeNull();
  });

  it("writes each line once when five cron ticks run at the same moment", async () => {
    const household = await connected();
    for (let round = 0; round < 4 && (await household.lines()) < bankYear; round += 1) {
      await Promise.all(Array.from({ length: 5 }, () => tick()));
    }
    expect(await household.lines()).toBe(bankYear);
    expect(await household.duplicates()).toBe(0);
    const written = await db()
      .select({
        kind: transactions.kind,
        description: transactions.description,
        plannedOccurrenceId: transactions.plannedOccurrenceId,
        // Named in full: in a one-table select Drizzle leaves its columns unqualified.
        lines: sql<number>`(select count(*) from bank_lines where bank_lines.transaction_id = transactions.id)`,
      })
      .from(transactions)
      .where(eq(transactions.workspaceId, household.owner.workspace.id));
    // Each transaction is one line's, a card's bill paid from its account (its two lines), or an
    // installment ahead of a purchase em N vezes, with no line yet; every line has one.
    for (const row of written) {
      if (row.lines === 0) expect(row.plannedOccurrenceId, row.description).not.toBeNull();
      else if (row.lines === 2) expect(row.kind).toBe("pay_credit_card");
      else expect(row.lines).toBe(1);
    }
    expect(written.reduce((sum, row) => sum + Number(row.lines), 0)).toBe(bankYear);
  });

  it("finishes, without duplicates, a sync whose Worker was stopped in the middle", async () => {
    const household = await connected();
    const stopped = startBuiltWorker({ databaseUrl: inject("databaseUrl"), vars: vars() });
    await stopped.ready;
    // The Worker is disposed of as soon as its first page is in (a deploy, a CPU limit), pages still to go.
    const inFlight = tick(stopped).catch(() => "stopped");
    while ((await household.lines()) === 0) await new Promise((done) => setTimeout(done, 5));
    await stopped.dispose();
    await inFlight;
    const before = await household.lines();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(bankYear);
    expect(await household.duplicates()).toBe(0);
    // Its lease lapses; the next tick carries on.
    await db()
      .update(bankConnections)
      .set({ leaseUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(bankConnections.id, household.connectionId));
    for (let round = 0; round < 4 && (await household.lines()) < bankYear; round += 1) await tick();
    expect(await household.lines()).toBe(bankYear);
    expect(await household.duplicates()).toBe(0);
  });

  it("keeps what it wrote when Pluggy fails, says so, and then completes", async () => {
    const household = await connected();
    pluggy.knobs.failNext(30, 500);
    await tick();
    pluggy.knobs.failNext(0, 500);
    const failing = await household.state();
    expect(failing.status).toBe("failing");
    expect(failing.lastError).toMatch(/^unavailable: /);
    expect(failing.leaseId).toBeNull();
    for (let round = 0; round < 4 && (await household.lines()) < bankYear; round += 1) await tick();
    expect(await household.lines()).toBe(bankYear);
    expect((await household.state()).status).toBe("active");
  });

  it("stops reading a bank whose consent ran out, until the person renews it", async () => {
    const household = await connected();
    pluggy.knobs.expireConsent(household.itemId);
    await tick();
    expect((await household.state()).status).toBe("consent_expired");
    expect(await household.lines()).toBe(0);
    pluggy.knobs.resetCounts();
    await tick();
    expect(pluggy.knobs.counts()["GET /transactions"]).toBeUndefined();
  });
});
