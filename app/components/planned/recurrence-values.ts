/**
 * The recurrence builder's values (a recurring item's 4th step) as pure functions, so the step only
 * renders them. The dates it previews are the recurrence engine's own (worker/planning/recurrence.ts),
 * the one the executor posts by; the start date is the details step's date.
 */
import type { RecurrenceFrequency, WeekendRule } from "../../../db/planning-enums";
import { addDays } from "../../../worker/ledger/dates";
import { occurrencesFrom, postingDate, type Recurrence } from "../../../worker/planning/recurrence";
import type { RecurringItem } from "./planned-types";

export type EndKind = "never" | "onDate" | "afterCount";

export type RecurrenceValues = {
  name: string;
  frequency: RecurrenceFrequency;
  /** As typed: whole numbers only. */
  interval: string;
  daysOfWeek: number[];
  dayOfMonth: number;
  month: number;
  weekendRule: WeekendRule;
  ends: EndKind;
  endDate: string;
  maxExecutions: string;
};

export const previewCount = 5;

/** A new rule: monthly, on the start date's day. */
export function emptyRecurrence(startDate: string): RecurrenceValues {
  return {
    name: "",
    frequency: "monthly",
    interval: "1",
    daysOfWeek: [weekdayOf(startDate)],
    dayOfMonth: Number(startDate.slice(8, 10)),
    month: Number(startDate.slice(5, 7)),
    weekendRule: "as_is",
    ends: "never",
    endDate: "",
    maxExecutions: "",
  };
}

export function recurrenceFromItem(item: RecurringItem): RecurrenceValues {
  return {
    name: item.name,
    frequency: item.frequency,
    interval: String(item.interval),
    daysOfWeek: [...item.days_of_week],
    dayOfMonth: item.day_of_month ?? Number(item.start_date.slice(8, 10)),
    month: item.month ?? Number(item.start_date.slice(5, 7)),
    weekendRule: item.weekend_rule,
    ends: item.end_date ? "onDate" : item.max_executions ? "afterCount" : "never",
    endDate: item.end_date ?? "",
    maxExecutions: item.max_executions ? String(item.max_executions) : "",
  };
}

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

const wholeNumber = (typed: string, min: number, max: number) => {
  const value = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  return value >= min && value <= max ? value : null;
};

export type RecurrenceProblem = "interval" | "daysOfWeek" | "endDate" | "endBeforeStart" | "maxExecutions";

/** What keeps the rule from being saved, in the order the fields come. */
export function recurrenceProblems(values: RecurrenceValues, startDate: string): RecurrenceProblem[] {
  const problems: RecurrenceProblem[] = [];
  if (wholeNumber(values.interval, 1, 99) === null) problems.push("interval");
  if (values.frequency === "weekly" && values.daysOfWeek.length === 0) problems.push("daysOfWeek");
  if (values.ends === "onDate" && !/^\d{4}-\d{2}-\d{2}$/.test(values.endDate)) problems.push("endDate");
  else if (values.ends === "onDate" && values.endDate < startDate) problems.push("endBeforeStart");
  if (values.ends === "afterCount" && wholeNumber(values.maxExecutions, 1, 1000) === null)
    problems.push("maxExecutions");
  return problems;
}

/** The weekend rule moves monthly and yearly dates only: daily and weekly rules name their days. */
export const movesOffWeekends = (frequency: RecurrenceFrequency) => frequency === "monthly" || frequency === "yearly";

/** The rule as the engine reads it; null while a field is unclear. */
export function ruleOf(values: RecurrenceValues, startDate: string): Recurrence | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || recurrenceProblems(values, startDate).length) return null;
  return {
    frequency: values.frequency,
    interval: wholeNumber(values.interval, 1, 99) ?? 1,
    daysOfWeek: values.frequency === "weekly" ? [...values.daysOfWeek].sort((a, b) => a - b) : [],
    dayOfMonth: movesOffWeekends(values.frequency) ? values.dayOfMonth : null,
    monthOfYear: values.frequency === "yearly" ? values.month : null,
    weekendRule: movesOffWeekends(values.frequency) ? values.weekendRule : "as_is",
    startDate,
    endDate: values.ends === "onDate" ? values.endDate : null,
    maxExecutions: values.ends === "afterCount" ? wholeNumber(values.maxExecutions, 1, 1000) : null,
  };
}

/**
 * The next dates the rule posts on, from `from` on (a new rule's start; an edited one's next
 * occurrence after today and the last it posted), with `executed` occurrences already counted.
 */
export function previewOf(rule: Recurrence, from: string, executed = 0) {
  const remaining = rule.maxExecutions === null ? Infinity : Math.max(0, rule.maxExecutions - executed);
  return occurrencesFrom(rule, from, previewCount, remaining).map((date) => ({
    date,
    postingDate: postingDate(date, rule.weekendRule),
  }));
}

/** Where an edited rule picks up: today, or after the last occurrence it posted. */
export function resumesFrom(lastExecution: string | null, today: string): string {
  const afterLast = lastExecution ? addDays(lastExecution, 1) : today;
  return afterLast > today ? afterLast : today;
}

/** The rule's fields in the form posted (the API's names); the start date is the details step's `date`. */
export function fillRecurrence(form: FormData, values: RecurrenceValues, description: string): void {
  form.set("name", values.name.trim() || description.trim());
  form.set("frequency", values.frequency);
  form.set("interval", values.interval.trim());
  if (values.frequency === "weekly") for (const day of values.daysOfWeek) form.append("days_of_week", String(day));
  if (movesOffWeekends(values.frequency)) {
    form.set("day_of_month", String(values.dayOfMonth));
    form.set("weekend_rule", values.weekendRule);
  }
  if (values.frequency === "yearly") form.set("month", String(values.month));
  if (values.ends === "onDate") form.set("end_date", values.endDate);
  if (values.ends === "afterCount") form.set("max_executions", values.maxExecutions.trim());
}

/** The server's names for the fields on the recurrence step. */
export const recurrenceFields = [
  "name",
  "frequency",
  "interval",
  "days_of_week",
  "day_of_month",
  "month",
  "weekend_rule",
  "end_date",
  "max_executions",
] as const;
