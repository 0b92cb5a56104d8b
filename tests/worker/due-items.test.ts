import { eq, inArray, sql } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  insertAccount,
  insertInstallmentPlan,
  insertRecurring,
  insertScheduled,
  insertUser,
  insertWorkspace,
} from "../../db/factories.ts";
import {
  accounts,
  installmentPlans,
  plannedOccurrences,
  recurringTransactions,
  scheduledTransactions,
  transactions,
} from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startHoldingProxy } from "../support/holding-proxy.ts";
import { databaseAt } from "../support/worker-session.ts";

/**
 * The cron executor in workerd against sqld, as production runs it: ten scheduled() runs at once
 * over the same 650 due occurrences (scheduled items, recurring rules and the installments of plans
 * paid from an account) post each exactly once, and every balance equals its rows.
 * The items are dated 2031, so the other worker tests' runs (dated 2026) never see them.
 */
describe("the due-items executor in the built Worker", () => {
  let worker: Miniflare;
  const db = () => databaseAt(inject("databaseUrl"));

  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  it("posts 650 due occurrences exactly once under ten overlapping runs", async () => {
    const owner = await insertUser(db());
    const accountIds: string[] = [];
    const workspaceIds: string[] = [];
    // 50 workspaces, each with 5 scheduled items, a daily rule with 5 occurrences due and a plan of
    // 3 monthly installments, all due (1 January, 1 February, 1 March): nothing is left for the
    // other tests' later runs.
    for (let w = 0; w < 50; w++) {
      const workspace = await insertWorkspace(db(), {
        ownerId: owner.id,
        timeZone: w % 2 ? "America/Sao_Paulo" : "Asia/Tokyo",
      });
      const account = await insertAccount(db(), { workspaceId: workspace.id, initialBalanceCents: 1_000_000 });
      workspaceIds.push(workspace.id);
      accountIds.push(account.id);
      for (let i = 0; i < 5; i++) {
        await insertScheduled(db(), {
          workspaceId: workspace.id,
          accountId: account.id,
          scheduledDate: `2031-03-0${i + 1}`,
          amountCents: 100 + i,
        });
      }
      await insertRecurring(db(), {
        workspaceId: workspace.id,
        accountId: account.id,
        startDate: "2031-03-01",
        maxExecutions: 5,
        amountCents: 7,
      });
      await insertInstallmentPlan(db(), {
        workspaceId: workspace.id,
        accountId: account.id,
        firstPaymentDate: "2031-01-01",
        totalAmountCents: 300,
        installmentCount: 3,
      });
    }
    const scheduledTime = new Date("2031-03-10T12:00:00Z");
    const handler = await worker.getWorker();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => handler.scheduled({ cron: "*/5 * * * *", scheduledTime })),
    );
    expect(results.map((result) => result.outcome)).toEqual(Array(10).fill("ok"));

    const posted = await db()
      .select({ count: sql<number>`count(*)` })
      .from(transactions)
      .where(inArray(transactions.workspaceId, workspaceIds));
    expect(Number(posted[0]!.count)).toBe(650);
    const claims = await db()
      .select({ count: sql<number>`count(*)` })
      .from(plannedOccurrences)
      .where(inArray(plannedOccurrences.workspaceId, workspaceIds));
    expect(Number(claims[0]!.count)).toBe(650);
    const runs = await db().all<{ posted: number }>(
      sql`select coalesce(sum(items_done), 0) as posted from job_runs where job = 'due-items' and started_at like '2031-03-10%'`,
    );
    expect(Number(runs[0]!.posted)).toBe(650);

    const pending = await db()
      .select({ count: sql<number>`count(*)` })
      .from(scheduledTransactions)
      .where(inArray(scheduledTransactions.workspaceId, workspaceIds));
    const executed = await db()
      .select({ count: sql<number>`count(*)` })
      .from(scheduledTransactions)
      .where(
        sql`${inArray(scheduledTransactions.workspaceId, workspaceIds)} and ${scheduledTransactions.status} = 'executed'`,
      );
    expect(Number(executed[0]!.count)).toBe(Number(pending[0]!.count));
    const rules = await db()
      .select()
      .from(recurringTransactions)
      .where(inArray(recurringTransactions.workspaceId, workspaceIds));
    expect(rules.map((rule) => [rule.status, rule.executionCount])).toEqual(Array(50).fill(["inactive", 5]));
    const plans = await db().select().from(installmentPlans).where(inArray(installmentPlans.workspaceId, workspaceIds));
    expect(plans.map((plan) => [plan.status, plan.postedCount, plan.nextDueDate])).toEqual(
      Array(50).fill(["completed", 3, null]),
    );

    // Every balance is its opening minus what its rows took.
    const expected = 1_000_000 - (100 + 101 + 102 + 103 + 104) - 5 * 7 - 3 * 100;
    const balances = await db()
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(inArray(accounts.id, accountIds));
    expect(balances.map((row) => row.balance)).toEqual(Array(50).fill(expected));
    const sums = await db()
      .select({ account: transactions.originAccountId, total: sql<number>`sum(${transactions.amountCents})` })
      .from(transactions)
      .where(inArray(transactions.originAccountId, accountIds))
      .groupBy(transactions.originAccountId);
    expect(sums.map((row) => Number(row.total))).toEqual(Array(50).fill(1_000_000 - expected));
    // Each occurrence is posted on its own date.
    const dates = await db()
      .selectDistinct({ date: transactions.date })
      .from(transactions)
      .where(eq(transactions.originAccountId, accountIds[0]!))
      .orderBy(transactions.date);
    expect(dates.map((row) => row.date)).toEqual([
      "2031-01-01",
      "2031-02-01",
      "2031-03-01",
      "2031-03-02",
      "2031-03-03",
      "2031-03-04",
      "2031-03-05",
    ]);
  });

  it("finishes a run that died halfway: the next posts exactly what the dead one left", async () => {
    const proxy = await startHoldingProxy(inject("databaseUrl"));
    const held = startBuiltWorker({ databaseUrl: proxy.url });
    try {
      await held.ready;
      const owner = await insertUser(db());
      const workspace = await insertWorkspace(db(), { ownerId: owner.id });
      const account = await insertAccount(db(), { workspaceId: workspace.id, initialBalanceCents: 1_000_000 });
      const count = 250; // three chunks
      for (let i = 0; i < count; i++) {
        await insertScheduled(db(), {
          workspaceId: workspace.id,
          accountId: account.id,
          scheduledDate: "2032-01-01",
          amountCents: 3,
        });
      }
      // The first chunk's write goes through; the second one's connection is cut before sqld sees it.
      const first = proxy.holdNext('insert into "planned_occurrences"');
      const run = (await held.getWorker()).scheduled({
        cron: "*/5 * * * *",
        scheduledTime: new Date("2032-01-02T12:00:00Z"),
      });
      await first.reached;
      const second = proxy.holdNext('insert into "planned_occurrences"');
      first.release();
      await second.reached;
      second.drop();
      expect((await run).outcome).toBe("ok");
      const postedRows = async () =>
        Number(
          (
            await db()
              .select({ n: sql<number>`count(*)` })
              .from(transactions)
              .where(eq(transactions.workspaceId, workspace.id))
          )[0]!.n,
        );
      expect(await postedRows()).toBe(100);
      const [dead] = await db().all<{ items_done: number; finished: number; error: string }>(
        sql`select items_done, finished, error from job_runs where job = 'due-items' and started_at = '2032-01-02T12:00:00.000Z'`,
      );
      expect(dead).toMatchObject({ items_done: 100, finished: 0 });
      expect(dead!.error).toMatch(/^planned: /);

      expect(
        (
          await (
            await held.getWorker()
          ).scheduled({ cron: "*/5 * * * *", scheduledTime: new Date("2032-01-02T12:05:00Z") })
        ).outcome,
      ).toBe("ok");
      expect(await postedRows()).toBe(count);
      const [after] = await db().select().from(accounts).where(eq(accounts.id, account.id));
      expect(after!.balanceCents).toBe(1_000_000 - 3 * count);
    } finally {
      await held.dispose();
      await proxy.stop();
    }
  });
});
