import { desc, eq } from "drizzle-orm";
import { jobRuns } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import type { JobRunOutcome } from "./runner.ts";

export async function startJobRun(ctx: ServiceContext, input: { job: string; trigger: string }) {
  const [run] = await ctx.db
    .insert(jobRuns)
    .values({ job: input.job, trigger: input.trigger, startedAt: ctx.clock.now().toISOString() })
    .returning();
  return run!;
}

export async function finishJobRun(ctx: ServiceContext, input: JobRunOutcome) {
  await ctx.db
    .update(jobRuns)
    .set({
      finishedAt: ctx.clock.now().toISOString(),
      itemsDone: input.itemsDone,
      itemsFailed: input.itemsFailed,
      failures: JSON.stringify(input.failures),
      finished: input.finished,
      error: input.error,
    })
    .where(eq(jobRuns.id, input.id));
}

export async function listRecentJobRuns(ctx: Pick<ServiceContext, "db">, input: { limit: number }) {
  return ctx.db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt)).limit(input.limit);
}
