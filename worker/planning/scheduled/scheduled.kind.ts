import { scheduledTransactions } from "../../../db/schema/index.ts";
import type { PlannedKind } from "../planned-kind.ts";
import { referencedIds } from "../planned-template.ts";
import { postingPlan } from "../posting.ts";

export type ScheduledRow = typeof scheduledTransactions.$inferSelect;

/** A scheduled transaction: one occurrence, on its date; posted, it is executed and names its transaction. */
export const scheduledKind: PlannedKind<ScheduledRow> = {
  kind: "scheduled",
  dueColumn: scheduledTransactions.scheduledDate,
  dueDate: (row) => row.scheduledDate,
  name: (row) => row.description,
  occurrencesDue: (row, today) =>
    row.scheduledDate <= today ? [{ occurrenceDate: row.scheduledDate, transactionDate: row.scheduledDate }] : [],
  referencedIds,
  posting: postingPlan,
  advanced: (_row, _posted, transactionIds, postedAt) => ({
    status: "executed",
    transactionId: transactionIds[0],
    executedAt: postedAt,
  }),
};
