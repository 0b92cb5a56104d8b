import type { Currency, PlannedSourceKind, TransactionKind } from "../../db/enums.ts";
import type { recurringTransactions, scheduledTransactions } from "../../db/schema/index.ts";
import { recurrenceOf } from "../recurring/recurring.rules.ts";
import { executionsLeft, occurrenceAfter, postingDate } from "./recurrence.ts";

/** One amount that planned items will post: what the projected balance and the upcoming list count. */
export type PlannedFlow = {
  date: string;
  kind: TransactionKind;
  description: string;
  amountCents: number;
  currency: Currency;
  source: { type: PlannedSourceKind; uuid: string; name: string };
};

/** A rule's occurrences in a projection, at most: a daily rule over years stays bounded. */
const occurrencesPerRule = 1000;

/**
 * What pending scheduled items and active recurring rules will post up to `endDate` (their posting
 * dates), oldest first. A pending item whose date has passed (not posted yet — the executor runs
 * every few minutes, or it is waiting on a failure) still counts: its money has not moved.
 */
export function plannedFlows(
  scheduledRows: readonly (typeof scheduledTransactions.$inferSelect)[],
  recurringRows: readonly (typeof recurringTransactions.$inferSelect)[],
  endDate: string,
): PlannedFlow[] {
  const flows: PlannedFlow[] = [];
  const template = (row: (typeof scheduledRows)[number] | (typeof recurringRows)[number]) => ({
    kind: row.kind,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
  });
  for (const row of scheduledRows) {
    if (row.status !== "pending" || row.scheduledDate > endDate) continue;
    flows.push({
      date: row.scheduledDate,
      ...template(row),
      source: { type: "scheduled", uuid: row.id, name: row.description },
    });
  }
  for (const row of recurringRows) {
    if (row.status !== "active") continue;
    const rule = recurrenceOf(row);
    const left = Math.min(occurrencesPerRule, executionsLeft(rule, row.executionCount));
    let next = row.nextDate;
    for (let count = 0; next !== null && count < left; count++) {
      const date = postingDate(next, rule.weekendRule);
      if (date > endDate) break;
      flows.push({ date, ...template(row), source: { type: "recurring", uuid: row.id, name: row.name } });
      next = occurrenceAfter(rule, next);
    }
  }
  return flows.sort((a, b) => a.date.localeCompare(b.date));
}
