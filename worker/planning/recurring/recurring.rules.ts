import type { recurringTransactions } from "../../../db/schema/index.ts";
import type { Recurrence } from "../recurrence.ts";

type RuleColumns = Pick<
  typeof recurringTransactions.$inferSelect,
  | "frequency"
  | "interval"
  | "daysOfWeek"
  | "dayOfMonth"
  | "monthOfYear"
  | "weekendRule"
  | "startDate"
  | "endDate"
  | "maxExecutions"
>;

/** A recurring item's rule, as the recurrence engine reads it. */
export function recurrenceOf(row: RuleColumns): Recurrence {
  return {
    frequency: row.frequency,
    interval: row.interval,
    daysOfWeek: row.daysOfWeek ? (JSON.parse(row.daysOfWeek) as number[]) : [],
    dayOfMonth: row.dayOfMonth,
    monthOfYear: row.monthOfYear,
    weekendRule: row.weekendRule,
    startDate: row.startDate,
    endDate: row.endDate,
    maxExecutions: row.maxExecutions,
  };
}
