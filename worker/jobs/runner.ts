import type { ServiceContext } from "../context.ts";
import { finishJobRun, startJobRun } from "./job-runs.service.ts";

/**
 * An executor posts every item that is due at ctx.clock.now() and returns how many it
 * posted. Each claims its occurrences with a unique key in the same batch that posts them,
 * so overlapping cron runs never post twice. The planning features register theirs here.
 */
export type DueItemExecutor = {
  name: string;
  execute(ctx: ServiceContext): Promise<number>;
};

export const dueItemExecutors: DueItemExecutor[] = [];

export type JobRunOutcome = { id: string; itemsDone: number; error: string | null };

/** Runs every executor once and records the run (started, finished, items done, error). */
export async function runDueItems(
  ctx: ServiceContext,
  trigger: string,
  executors: readonly DueItemExecutor[] = dueItemExecutors,
): Promise<JobRunOutcome> {
  const run = await startJobRun(ctx, { job: "due-items", trigger });
  let itemsDone = 0;
  const failures: string[] = [];
  for (const executor of executors) {
    try {
      itemsDone += await executor.execute(ctx);
    } catch (error) {
      // One failing executor must not stop the others; the run records which one failed.
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${executor.name}: ${message}`);
      ctx.log.error("job.executor_failed", { job_run_id: run.id, executor: executor.name, error: message });
    }
  }
  const error = failures.length > 0 ? failures.join("; ") : null;
  await finishJobRun(ctx, { id: run.id, itemsDone, error });
  ctx.log.info("job.finished", { job_run_id: run.id, trigger, items_done: itemsDone, failed: error !== null });
  return { id: run.id, itemsDone, error };
}
