import type { ServiceContext } from "../context.ts";
import { finishJobRun, startJobRun } from "./job-runs.service.ts";

/** An item an executor could not post, and why (a message key). */
export type ItemFailure = { kind: string; id: string; workspaceId: string; reason: string };

/** What one executor did in a run. `finished` is false when it stopped at its time budget with items left. */
export type ExecutorOutcome = { posted: number; failed: number; failures: ItemFailure[]; finished: boolean };

/**
 * An executor posts every item that is due at ctx.clock.now(), counting into `outcome` as it goes
 * (so a run that fails halfway still records what it posted). Each claims its occurrences with a
 * unique key in the same batch that posts them, so overlapping cron runs never post twice.
 * The runner names no feature: a feature brings its executors (worker/planning/due-item-executors.ts),
 * so features build on jobs and never the other way round.
 */
export type DueItemExecutor = {
  name: string;
  execute(ctx: ServiceContext, outcome: ExecutorOutcome): Promise<void>;
};

export const emptyOutcome = (): ExecutorOutcome => ({ posted: 0, failed: 0, failures: [], finished: true });

export type JobRunOutcome = {
  id: string;
  itemsDone: number;
  itemsFailed: number;
  failures: ItemFailure[];
  finished: boolean;
  error: string | null;
};

/**
 * Runs every executor once and records the run (started, finished, items posted and failed, error) under
 * `job`: "due-items" for the cron's tick, or the job an operator ran by hand.
 */
export async function runDueItems(
  ctx: ServiceContext,
  trigger: string,
  executors: readonly DueItemExecutor[],
  job = "due-items",
): Promise<JobRunOutcome> {
  const run = await startJobRun(ctx, { job, trigger });
  const total = emptyOutcome();
  const errors: string[] = [];
  for (const executor of executors) {
    const outcome = emptyOutcome();
    try {
      await executor.execute(ctx, outcome);
    } catch (error) {
      // One failing executor must not stop the others; the run records which one failed.
      const message = error instanceof Error ? error.message : String(error);
      errors.push(`${executor.name}: ${message}`);
      ctx.log.error("job.executor_failed", { job_run_id: run.id, executor: executor.name, error: message });
      outcome.finished = false;
    }
    total.posted += outcome.posted;
    total.failed += outcome.failed;
    total.failures.push(...outcome.failures);
    total.finished &&= outcome.finished;
  }
  const outcome: JobRunOutcome = {
    id: run.id,
    itemsDone: total.posted,
    itemsFailed: total.failed,
    failures: total.failures,
    finished: total.finished,
    error: errors.length > 0 ? errors.join("; ") : null,
  };
  await finishJobRun(ctx, outcome);
  ctx.log.info("job.finished", {
    job_run_id: run.id,
    trigger,
    items_done: outcome.itemsDone,
    items_failed: outcome.itemsFailed,
    finished: outcome.finished,
    failed: outcome.error !== null,
  });
  return outcome;
}
