import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertAccount, insertScheduled, insertUser, insertWorkspace } from "../../../db/factories.ts";
import { accounts, transactions } from "../../../db/schema/index.ts";
import { executorPolicy, postDueItems } from "../../../worker/planning/executor.ts";
import { listRecentJobRuns } from "../../../worker/jobs/job-runs.service.ts";
import { createTestDatabase } from "../../support/database.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp } from "../../support/test-app.ts";
import { fixedClock, testServiceContext } from "../../support/service-context.ts";

describe("the executor's time budget", () => {
  it("stops a run at its budget with items left, and the next run posts exactly the rest", async () => {
    const db = await createTestDatabase();
    const owner = await insertUser(db);
    const workspace = await insertWorkspace(db, { ownerId: owner.id });
    const account = await insertAccount(db, { workspaceId: workspace.id, initialBalanceCents: 1_000_000 });
    const count = executorPolicy.chunkSize * 2 + 50;
    for (let i = 0; i < count; i++) {
      await insertScheduled(db, {
        workspaceId: workspace.id,
        accountId: account.id,
        scheduledDate: "2026-11-20",
        amountCents: 1,
      });
    }
    const ctx = testServiceContext(db, { clock: fixedClock("2026-11-21T15:00:00.000Z") });
    // A wall clock that has run out as soon as the first round of chunks is done (it is read for
    // the deadline, then before each round).
    let reads = 0;
    const exhausted = () => (reads++ < 2 ? 0 : executorPolicy.timeBudgetMs + 1);
    const first = await postDueItems(ctx, undefined, exhausted);
    expect(first).toMatchObject({ posted: executorPolicy.chunkSize, finished: false });
    const second = await postDueItems(ctx);
    expect(second).toMatchObject({ posted: count - executorPolicy.chunkSize, finished: true });
    expect((await postDueItems(ctx)).posted).toBe(0);

    const [posted] = await db.select({ n: sql<number>`count(*)` }).from(transactions);
    expect(Number(posted!.n)).toBe(count);
    const [after] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after!.balanceCents).toBe(1_000_000 - count);
  });
});

describe("POST /api/admin/jobs/due-items/run", () => {
  it("runs the job for an operator's token only, and does not exist without one configured", async () => {
    const unconfigured = await createTestApp();
    expect((await unconfigured.request("/api/admin/jobs/due-items/run", { method: "POST" })).status).toBe(404);

    const t = await createTestApp({ env: { OPERATOR_TOKEN: "operator-secret-0123456789" } });
    const person = await signInAs(t);
    for (const token of [undefined, "wrong", person.token]) {
      const refused = await t.request("/api/admin/jobs/due-items/run", { method: "POST", token });
      expect(refused.status).toBe(401);
    }
    expect(await listRecentJobRuns(t, { limit: 5 })).toEqual([]);
    const run = await t.request("/api/admin/jobs/due-items/run", {
      method: "POST",
      token: "operator-secret-0123456789",
    });
    expect(run.status).toBe(200);
    expect((await run.json()).data).toMatchObject({ itemsDone: 0, itemsFailed: 0, finished: true, error: null });
    expect((await listRecentJobRuns(t, { limit: 5 })).map((row) => row.trigger)).toEqual(["manual"]);
  });
});
