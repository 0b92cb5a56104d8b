import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users, workspaces } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

// Sessions end after 14 idle days, so a test moves the clock less than that after signing in.
describe("recurring transactions", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  it("creates a monthly rule on day 31 and shows its next dates, falling on shorter months' last day", async () => {
    const created = await p.recur();
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Aluguel",
      status: "active",
      frequency: "monthly",
      interval: 1,
      day_of_month: 31,
      next_execution: "2026-11-30",
      execution_count: 0,
      last_execution: null,
    });
    expect(created.body.data.upcoming.map((next: { date: string }) => next.date)).toEqual([
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
    ]);
  });

  it("moves a weekend occurrence to the Friday before while keeping the occurrence's own date", async () => {
    // 29 Nov 2026 is a Sunday.
    const { data } = (await p.recur({ day_of_month: 29, start_date: "2026-11-21", weekend_rule: "friday_before" }))
      .body;
    expect(data.upcoming[0]).toEqual({ date: "2026-11-29", posting_date: "2026-11-27" });
    t.clock.set("2026-11-26T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(0);
    t.clock.set("2026-11-27T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(1);
    const [row] = await p.postedRows();
    expect(row!.date).toBe("2026-11-27");
    const after = (await p.call("GET", `/recurring-transactions/${data.uuid}`)).body.data;
    expect(after).toMatchObject({ next_execution: "2026-12-29", last_execution: "2026-11-27", execution_count: 1 });
  });

  it("catches up every missed occurrence after downtime, each with its own date, exactly once", async () => {
    const { data } = (await p.recur({ frequency: "daily", start_date: "2026-11-21", amount: "10.00" })).body;
    t.clock.set("2026-11-24T15:00:00.000Z");
    const first = await p.runCron();
    expect(first.itemsDone).toBe(4);
    expect((await p.runCron()).itemsDone).toBe(0);
    expect((await p.postedRows()).map((row) => row.date)).toEqual([
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
    ]);
    expect(await p.balances()).toMatchObject({ checking: 100_000 - 4_000 });
    expect((await p.call("GET", `/recurring-transactions/${data.uuid}`)).body.data).toMatchObject({
      execution_count: 4,
      next_execution: "2026-11-25",
    });
  });

  it("stops at its maximum of executions and at its end date, becoming inactive", async () => {
    const capped = (await p.recur({ frequency: "daily", start_date: "2026-11-21", max_executions: 2 })).body.data;
    const ending = (
      await p.recur({ frequency: "weekly", days_of_week: [1, 3], start_date: "2026-11-21", end_date: "2026-11-25" })
    ).body.data;
    t.clock.set("2026-12-01T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(2 + 2);
    for (const item of [capped, ending]) {
      const after = (await p.call("GET", `/recurring-transactions/${item.uuid}`)).body.data;
      expect(after).toMatchObject({ status: "inactive", next_execution: null, upcoming: [] });
    }
  });

  it("executes the next occurrence now and advances; pause skips, resume restarts from today", async () => {
    const { data } = (await p.recur({ frequency: "daily", start_date: "2026-11-22" })).body;
    const executed = await p.call("POST", `/recurring-transactions/${data.uuid}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body.data.recurring).toMatchObject({ next_execution: "2026-11-23", execution_count: 1 });
    const posted = (await p.call("GET", `/transactions/${executed.body.data.transaction_id}`)).body.data;
    // Run ahead of its date (the 22nd), it is posted today.
    expect(posted).toMatchObject({
      date: "2026-11-21",
      source: { type: "recurring", uuid: data.uuid, name: "Aluguel" },
    });

    expect((await p.call("POST", `/recurring-transactions/${data.uuid}/pause`)).body.data.status).toBe("paused");
    const pausedAgain = await p.call("POST", `/recurring-transactions/${data.uuid}/pause`);
    expect(pausedAgain.body.code).toBe("RECURRING_NOT_ACTIVE");
    expect((await p.call("POST", `/recurring-transactions/${data.uuid}/execute`)).body.code).toBe(
      "RECURRING_NOT_ACTIVE",
    );
    t.clock.set("2026-11-26T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(0);
    // The 23rd to the 25th were skipped while paused, not queued.
    const resumed = await p.call("POST", `/recurring-transactions/${data.uuid}/resume`);
    expect(resumed.body.data).toMatchObject({ status: "active", next_execution: "2026-11-26" });
    expect((await p.call("POST", `/recurring-transactions/${data.uuid}/resume`)).body.code).toBe(
      "RECURRING_NOT_PAUSED",
    );
    expect(await p.postedRows()).toHaveLength(1);
  });

  it("edits future occurrences only and deletes without touching what was posted", async () => {
    const { data } = (await p.recur({ frequency: "daily", start_date: "2026-11-21", amount: "10.00" })).body;
    expect((await p.runCron()).itemsDone).toBe(1);
    const edited = await p.call(
      "PUT",
      `/recurring-transactions/${data.uuid}`,
      p.rent({ name: "Café", frequency: "daily", start_date: "2026-11-21", amount: "7.50", description: "Café" }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: "Café", amount: "7.50", next_execution: "2026-11-22" });
    t.clock.set("2026-11-22T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(1);
    expect((await p.postedRows()).map((row) => [row.date, row.amountCents, row.description])).toEqual([
      ["2026-11-21", 1_000, "Aluguel"],
      ["2026-11-22", 750, "Café"],
    ]);
    expect((await p.call("DELETE", `/recurring-transactions/${data.uuid}`)).status).toBe(200);
    const listed = (await p.call("GET", "/transactions")).body.data;
    expect(listed.map((row: { source: { name: string } }) => row.source.name)).toEqual(["Café", "Aluguel"]);
  });

  it("lists the due and overdue occurrences", async () => {
    await p.recur({ frequency: "daily", start_date: "2026-11-21" });
    await t.db.update(workspaces).set({ timeZone: "America/Sao_Paulo" }).where(eq(workspaces.id, p.workspaceId));
    t.clock.set("2026-11-23T15:00:00.000Z");
    const due = (await p.call("GET", "/recurring-transactions-due")).body.data;
    expect(
      due.map((row: { occurrence_date: string; is_overdue: boolean }) => [row.occurrence_date, row.is_overdue]),
    ).toEqual([
      ["2026-11-21", true],
      ["2026-11-22", true],
      ["2026-11-23", false],
    ]);
  });

  it("needs beta access for writes (403 BETA_REQUIRED, nothing written) but still lists, saying so", async () => {
    const existing = (await p.recur()).body.data;
    await t.db.update(users).set({ hasBetaAccess: false }).where(eq(users.id, p.owner.user.id));
    const before = await snapshotDatabase(t.db);
    for (const [method, path] of [
      ["POST", ""],
      ["POST", `/${existing.uuid}/execute`],
      ["POST", `/${existing.uuid}/pause`],
      ["DELETE", `/${existing.uuid}`],
    ] as const) {
      const refused = await p.call(
        method,
        `/recurring-transactions${path}`,
        method === "POST" && !path ? p.rent({ name: "X", frequency: "daily", start_date: "2026-11-22" }) : undefined,
      );
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 403,
        code: "BETA_REQUIRED",
      });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    const listed = await p.call("GET", "/recurring-transactions");
    expect(listed.status).toBe(200);
    expect(listed.body.meta.has_beta_access).toBe(false);
  });

  it("refuses rules that cannot work, naming the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ frequency: "weekly", days_of_week: [] }, "days_of_week", "Choose at least one day of the week"],
      [
        { frequency: "daily", weekend_rule: "monday_after" },
        "weekend_rule",
        "Weekend moves apply to monthly and yearly rules",
      ],
      [{ end_date: "2026-11-01" }, "end_date", "The end date must be on or after the start date"],
      [{ start_date: "2026-11-01" }, "start_date", "Choose today or a later date"],
      [{ day_of_month: 32 }, "day_of_month", "Choose a day from 1 to 31"],
      [{ interval: 0 }, "interval", "Repeat every 1 to 99 periods"],
      [
        { frequency: "weekly", days_of_week: [1], start_date: "2026-11-24", end_date: "2026-11-29" },
        "end_date",
        "This rule gives no date before its end date",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await p.recur(fields);
      expect({ fields, status: refused.status, errors: refused.body.errors }).toEqual({
        fields,
        status: 422,
        errors: { [field]: [message] },
      });
    }
  });
});
