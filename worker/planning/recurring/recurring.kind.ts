import { recurringTransactions } from "../../../db/schema/index.ts";
import type { PlannedKind } from "../planned-kind.ts";
import { referencedIds } from "../planned-template.ts";
import { postingPlan, type Occurrence } from "../posting.ts";
import { executionsLeft, occurrenceAfter, postingDate } from "../recurrence.ts";
import { recurrenceOf } from "./recurring.rules.ts";

export type RecurringRow = typeof recurringTransactions.$inferSelect;

/** A recurring rule after `posted`: its next occurrence, count and last date; inactive once the rule has ended. */
export function advancedRule(row: RecurringRow, posted: readonly Occurrence[]) {
  const rule = recurrenceOf(row);
  const last = posted.at(-1)!;
  const executionCount = row.executionCount + posted.length;
  const nextDate = executionsLeft(rule, executionCount) > 0 ? occurrenceAfter(rule, last.occurrenceDate) : null;
  return {
    executionCount,
    lastExecutionDate: last.transactionDate,
    lastOccurrenceDate: last.occurrenceDate,
    nextDate,
    nextDueDate: nextDate === null ? null : postingDate(nextDate, rule.weekendRule),
    status: nextDate === null ? ("inactive" as const) : row.status,
  };
}

/** A recurring rule: an occurrence on each date of the rule, posted on the day its weekend rule gives. */
export const recurringKind: PlannedKind<RecurringRow> = {
  kind: "recurring",
  dueColumn: recurringTransactions.nextDueDate,
  dueDate: (row) => row.nextDueDate ?? "",
  name: (row) => row.name,
  occurrencesDue(row, today, limit) {
    const rule = recurrenceOf(row);
    const due: Occurrence[] = [];
    let next = row.nextDate;
    const left = Math.min(limit, executionsLeft(rule, row.executionCount));
    while (next !== null && due.length < left) {
      const transactionDate = postingDate(next, rule.weekendRule);
      if (transactionDate > today) break;
      due.push({ occurrenceDate: next, transactionDate });
      next = occurrenceAfter(rule, next);
    }
    return due;
  },
  referencedIds,
  posting: postingPlan,
  advanced: advancedRule,
};
