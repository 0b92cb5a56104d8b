import { plannedItemsExecutor } from "./executor.ts";
import type { DueItemExecutor } from "../jobs/runner.ts";

/** What a due-items run executes: scheduled and recurring transactions and account installment plans (one executor, three sources). */
export const dueItemExecutors: readonly DueItemExecutor[] = [plannedItemsExecutor];
