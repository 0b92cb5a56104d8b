import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { accounts, scheduledTransactions, workspaces } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

describe("scheduled transactions", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    // 21 Nov 2026, 12:00 in São Paulo.
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  it("creates a pending item with its legs, tags and currency, and lists it with the workspace's today", async () => {
    const created = await p.schedule();
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "pending",
      scheduled_date: "2026-11-25",
      type: "expense",
      amount: "1500.00",
      currency: "BRL",
      origin: { type: "account", uuid: p.checking.id, name: "Nubank" },
      destination: { type: "external" },
      tags: [{ uuid: p.home.id, name: "Home" }],
      transaction_id: null,
      failure: null,
    });
    const listed = await p.call("GET", "/scheduled-transactions?status=pending");
    expect(listed.body.meta).toMatchObject({ total: 1, today: "2026-11-21", current_page: 1 });
    expect(listed.body.data[0].uuid).toBe(created.body.data.uuid);
    expect((await p.call("GET", "/scheduled-transactions?status=executed")).body.meta.total).toBe(0);
    expect((await p.call("GET", "/scheduled-transactions?from=2026-11-26")).body.meta.total).toBe(0);
  });

  it("refuses a past date, a missing date, legs the type does not allow and a viewer — writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const past = await p.schedule({ scheduled_date: "2026-11-20" });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ scheduled_date: ["Choose today or a later date"] });
    const missing = await p.call("POST", "/scheduled-transactions", p.rent());
    expect(missing.body.errors).toEqual({ scheduled_date: ["Choose a date"] });
    const badLegs = await p.schedule({ type: "income" });
    expect(badLegs.status).toBe(422);
    const threeDecimals = await p.schedule({ amount: "10.005" });
    expect(Object.keys(threeDecimals.body.errors)).toEqual(["amount"]);
    const viewer = await p.call(
      "POST",
      "/scheduled-transactions",
      p.rent({ scheduled_date: "2026-11-25" }),
      p.viewer.token,
    );
    expect(viewer.status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("executes now: posts today when run ahead, moves the balance, marks the transaction's origin; then only pending items change", async () => {
    const { data: item } = (await p.schedule()).body;
    const executed = await p.call("POST", `/scheduled-transactions/${item.uuid}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.data).toMatchObject({ status: "executed", failure: null });
    const transactionId = executed.body.data.transaction_id;
    const posted = (await p.call("GET", `/transactions/${transactionId}`)).body.data;
    expect(posted).toMatchObject({
      date: "2026-11-21",
      amount: "1500.00",
      tags: [{ uuid: p.home.id }],
      source: { type: "scheduled", uuid: item.uuid, name: "Aluguel" },
      created_by: { uuid: p.member.user.id },
    });
    expect(await p.balances()).toMatchObject({ checking: 100_000 - 150_000 });

    for (const [method, path, body] of [
      ["POST", "execute", undefined],
      ["POST", "cancel", undefined],
      ["PUT", "", p.rent({ scheduled_date: "2026-11-26" })],
    ] as const) {
      const refused = await p.call(method, `/scheduled-transactions/${item.uuid}${path ? `/${path}` : ""}`, body);
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 409,
        code: "SCHEDULED_NOT_PENDING",
      });
    }
    expect(await p.postedRows()).toHaveLength(1);
  });

  it("cancels a pending item, which then never posts; deleting an executed one keeps its transaction", async () => {
    const cancelled = (await p.schedule()).body.data;
    expect((await p.call("POST", `/scheduled-transactions/${cancelled.uuid}/cancel`)).body.data.status).toBe(
      "cancelled",
    );
    const kept = (await p.schedule({ scheduled_date: "2026-11-21" })).body.data;
    t.clock.set("2026-11-26T15:00:00.000Z");
    const run = await p.runCron();
    expect(run).toMatchObject({ itemsDone: 1, itemsFailed: 0, error: null, finished: true });
    const deleted = await p.call("DELETE", `/scheduled-transactions/${kept.uuid}`);
    expect(deleted.status).toBe(200);
    const rows = await p.postedRows();
    expect(rows.map((row) => row.date)).toEqual(["2026-11-21"]);
    const listed = (await p.call("GET", "/transactions")).body.data;
    expect(listed[0].source).toEqual({ type: "scheduled", uuid: kept.uuid, name: "Aluguel" });
  });

  it("edits every field of a pending item and clears a failure it had", async () => {
    const { data: item } = (await p.schedule()).body;
    await t.db
      .update(scheduledTransactions)
      .set({ failureReason: "errors:fields.legArchived" })
      .where(eq(scheduledTransactions.id, item.uuid));
    const edited = await p.call(
      "PUT",
      `/scheduled-transactions/${item.uuid}`,
      p.rent({
        scheduled_date: "2026-12-01",
        amount: "99.90",
        description: "Luz",
        origin_id: `card:${p.credit.id}`,
        tag_ids: [],
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      scheduled_date: "2026-12-01",
      amount: "99.90",
      description: "Luz",
      origin: { type: "card", uuid: p.credit.id, name: "Roxinho" },
      tags: [],
      failure: null,
    });
    expect((await p.call("GET", `/scheduled-transactions/${item.uuid}`)).body.data).toEqual(edited.body.data);
  });

  it("is posted by the cron on its date in the workspace's time zone, dated its scheduled date", async () => {
    await p.schedule({ scheduled_date: "2026-11-22" });
    // 23:30 on the 21st in São Paulo, already the 22nd in UTC: not due yet.
    t.clock.set("2026-11-22T02:30:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(0);
    // 00:30 on the 22nd in São Paulo.
    t.clock.set("2026-11-22T03:30:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(1);
    const [row] = await p.postedRows();
    expect(row).toMatchObject({ date: "2026-11-22", createdBy: null, createdVia: "system:due-items" });
    expect(await p.balances()).toMatchObject({ checking: -50_000 });
    expect((await p.runCron()).itemsDone).toBe(0);
  });

  it("is posted once its date has come in a time zone ahead of UTC, while it is still the day before in UTC", async () => {
    await t.db.update(workspaces).set({ timeZone: "Asia/Tokyo" }).where(eq(workspaces.id, p.workspaceId));
    await p.schedule({ scheduled_date: "2026-11-22" });
    // 23:30 on the 21st in Tokyo.
    t.clock.set("2026-11-21T14:30:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(0);
    // 00:30 on the 22nd in Tokyo, still 15:30 on the 21st in UTC.
    t.clock.set("2026-11-21T15:30:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(1);
    expect((await p.postedRows()).map((row) => row.date)).toEqual(["2026-11-22"]);
  });

  it("keeps an item that cannot be posted pending with its reason, posts the others, and posts it once fixed", async () => {
    const blocked = (await p.schedule({ scheduled_date: "2026-11-21", origin_id: `account:${p.dollars.id}` })).body
      .data;
    const fine = (await p.schedule({ scheduled_date: "2026-11-21" })).body.data;
    await t.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, p.dollars.id));
    const run = await p.runCron();
    expect(run).toMatchObject({ itemsDone: 1, itemsFailed: 1 });
    expect(run.failures).toEqual([
      { kind: "scheduled", id: blocked.uuid, workspaceId: p.workspaceId, reason: "errors:fields.legArchived" },
    ]);
    expect((await p.call("GET", `/scheduled-transactions/${fine.uuid}`)).body.data.status).toBe("executed");
    const waiting = (await p.call("GET", `/scheduled-transactions/${blocked.uuid}`)).body.data;
    expect(waiting).toMatchObject({ status: "pending", failure: { key: "errors:fields.legArchived" } });

    await t.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, p.dollars.id));
    expect((await p.runCron()).itemsDone).toBe(1);
    expect((await p.call("GET", `/scheduled-transactions/${blocked.uuid}`)).body.data).toMatchObject({
      status: "executed",
      failure: null,
    });
  });

  it("posts what a card's limit allows when a chunk together would pass it, and keeps the rest with the reason", async () => {
    // Limit R$ 2 000,00: each purchase fits, the two together do not.
    const first = (
      await p.schedule({ scheduled_date: "2026-11-21", origin_id: `card:${p.credit.id}`, amount: "1200.00" })
    ).body.data;
    const second = (
      await p.schedule({ scheduled_date: "2026-11-21", origin_id: `card:${p.credit.id}`, amount: "1100.00" })
    ).body.data;
    const run = await p.runCron();
    expect(run).toMatchObject({ itemsDone: 1, itemsFailed: 1 });
    expect(run.failures[0]).toMatchObject({ id: second.uuid, reason: "errors:fields.insufficientCredit" });
    expect((await p.call("GET", `/scheduled-transactions/${first.uuid}`)).body.data.status).toBe("executed");
    expect(await p.balances()).toMatchObject({ creditDebt: 120_000 });
  });
});
