import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { listRecentJobRuns } from "../../../worker/jobs/job-runs.service.ts";
import { runDueItems, type DueItemExecutor, type ExecutorOutcome } from "../../../worker/jobs/runner.ts";
import { createTestDatabase } from "../../support/database.ts";
import { fixedClock, testServiceContext } from "../../support/service-context.ts";

const posting = (posted: number) => async (_ctx: unknown, outcome: ExecutorOutcome) => {
  outcome.posted += posted;
};

describe("the due-items job runner", () => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestDatabase();
  });

  it("records a run with its start, finish and no items when nothing is due", async () => {
    const ctx = testServiceContext(db, { clock: fixedClock("2026-11-21T10:05:00.000Z") });
    const outcome = await runDueItems(ctx, "*/5 * * * *", []);
    const [run] = await listRecentJobRuns(ctx, { limit: 5 });
    expect(outcome).toEqual({ id: run!.id, itemsDone: 0, itemsFailed: 0, failures: [], finished: true, error: null });
    expect(run).toMatchObject({
      job: "due-items",
      trigger: "*/5 * * * *",
      startedAt: "2026-11-21T10:05:00.000Z",
      finishedAt: "2026-11-21T10:05:00.000Z",
      itemsDone: 0,
      error: null,
    });
  });

  it("adds up what every executor posted", async () => {
    const ctx = testServiceContext(db);
    const executors: DueItemExecutor[] = [
      { name: "scheduled", execute: posting(2) },
      { name: "installments", execute: posting(3) },
    ];
    expect((await runDueItems(ctx, "manual", executors)).itemsDone).toBe(5);
  });

  it("keeps going when one executor fails and records which one", async () => {
    const ctx = testServiceContext(db);
    const executors: DueItemExecutor[] = [
      {
        name: "loans",
        execute: async () => {
          throw new Error("rate source down");
        },
      },
      { name: "scheduled", execute: posting(4) },
    ];
    const outcome = await runDueItems(ctx, "manual", executors);
    expect(outcome.itemsDone).toBe(4);
    expect(outcome.error).toBe("loans: rate source down");
    const [run] = await listRecentJobRuns(ctx, { limit: 1 });
    expect(run).toMatchObject({ itemsDone: 4, error: "loans: rate source down" });
    expect(ctx.log.lines.some((line) => line.event === "job.executor_failed")).toBe(true);
  });

  it("lists runs newest first", async () => {
    const clock = fixedClock("2026-11-21T10:00:00.000Z");
    const ctx = testServiceContext(db, { clock });
    await runDueItems(ctx, "first", []);
    clock.set("2026-11-21T10:05:00.000Z");
    await runDueItems(ctx, "second", []);
    expect((await listRecentJobRuns(ctx, { limit: 2 })).map((run) => run.trigger)).toEqual(["second", "first"]);
  });
});
