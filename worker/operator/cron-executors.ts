import { bankSyncExecutor } from "../bank-connections/bank-sync.service.ts";
import type { DueItemExecutor } from "../jobs/runner.ts";
import { dueItemExecutors } from "../planning/due-item-executors.ts";
import { receiptFilesExecutor } from "../receipts/receipts.service.ts";
import { remindersExecutor } from "../reminders/reminders.job.ts";

/**
 * What the cron's tick runs, in order (worker/index.ts), each recorded as its own job run: the planned
 * money due and the bank connections due a sync, then the day's reminders — after the postings, so a
 * reminder sees what was just posted — and the files of receipts gone deleted from storage.
 */
export const cronJobs: ReadonlyArray<{ job: string; executors: readonly DueItemExecutor[] }> = [
  { job: "due-items", executors: [...dueItemExecutors, bankSyncExecutor] },
  { job: "reminders", executors: [remindersExecutor] },
  { job: "receipt-files", executors: [receiptFilesExecutor] },
];

/** The jobs an operator may run by hand (POST /api/admin/jobs/{job}/run), each a part of the tick. */
export const operatorJobs = {
  "due-items": dueItemExecutors,
  reminders: [remindersExecutor],
} as const satisfies Record<string, readonly DueItemExecutor[]>;
