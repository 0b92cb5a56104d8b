import { plannedItemsExecutor } from "../planning/executor.ts";
import type { DueItemExecutor } from "./runner.ts";

/** What a due-items run executes: scheduled and recurring transactions; installments and loans join here. */
export const dueItemExecutors: readonly DueItemExecutor[] = [plannedItemsExecutor];
