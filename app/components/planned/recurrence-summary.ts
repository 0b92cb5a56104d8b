import type { TFunction } from "i18next";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { Recurrence } from "../../../worker/planning/recurrence";
import type { RecurringItem } from "./planned-types";

/** Weekday names, Sunday first: "Monday" · "segunda-feira". */
export function weekdayNames(language: Language, width: "long" | "short" = "long"): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: "UTC" });
  // 2 Jan 2000 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2000, 0, 2 + day)));
}

/** Month names, January first: "March" · "março". */
export function monthNames(language: Language): string[] {
  const format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
}

/**
 * The rule in plain words: "Every month on day 31 (last day in shorter months), from 12/01/2026,
 * 12 times". Each clause is a whole sentence part of its own, with the language's plurals.
 */
export function describeRecurrence(rule: Recurrence, t: TFunction, language: Language): string {
  const count = rule.interval;
  const day = rule.dayOfMonth ?? Number(rule.startDate.slice(8, 10));
  const month = rule.monthOfYear ?? Number(rule.startDate.slice(5, 7));
  const names = weekdayNames(language);
  const repeats =
    rule.frequency === "weekly"
      ? t("planned:summary.weekly", {
          count,
          days: new Intl.ListFormat(language, { type: "conjunction" }).format(rule.daysOfWeek.map((d) => names[d]!)),
        })
      : rule.frequency === "yearly"
        ? t("planned:summary.yearly", {
            count,
            date: new Intl.DateTimeFormat(language, { day: "numeric", month: "long", timeZone: "UTC" }).format(
              Date.UTC(2000, month - 1, day),
            ),
          })
        : t(`planned:summary.${rule.frequency}`, { count, day });
  const shorterMonths =
    rule.frequency === "monthly" && day >= 29
      ? t("planned:summary.monthEnd")
      : rule.frequency === "yearly" && month === 2 && day === 29
        ? t("planned:summary.leapDay")
        : null;
  const clauses = [
    shorterMonths ? `${repeats} ${shorterMonths}` : repeats,
    t("planned:summary.from", { date: formatDate(rule.startDate, language, { style: "short" }) }),
  ];
  if (rule.endDate)
    clauses.push(t("planned:summary.until", { date: formatDate(rule.endDate, language, { style: "short" }) }));
  if (rule.maxExecutions) clauses.push(t("planned:summary.times", { count: rule.maxExecutions }));
  const sentence = clauses.join(", ");
  return rule.weekendRule === "as_is" ? sentence : `${sentence}. ${t(`planned:summary.${rule.weekendRule}`)}`;
}

/** A saved item's rule, as the engine reads it. */
export function ruleOfItem(item: RecurringItem): Recurrence {
  return {
    frequency: item.frequency,
    interval: item.interval,
    daysOfWeek: item.days_of_week,
    dayOfMonth: item.day_of_month,
    monthOfYear: item.month,
    weekendRule: item.weekend_rule,
    startDate: item.start_date,
    endDate: item.end_date,
    maxExecutions: item.max_executions,
  };
}
