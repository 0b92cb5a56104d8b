import { z } from "zod";
import { recurringStatuses } from "../../../db/enums.ts";
import { recurrenceFrequencies, weekendRules } from "../../../db/planning-enums.ts";
import { templateLegFields, templateSchema } from "../planned.schemas.ts";
import { dateSchema } from "../../ledger/dates.schemas.ts";
import { pageSchema, perPageSchema } from "../../transactions/transactions.schemas.ts";

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A rule's fields, checked one by one. */
const recurringFields = templateSchema.extend({
  name: z
    .string({ error: "errors:fields.recurringNameRequired" })
    .trim()
    .min(1, "errors:fields.recurringNameRequired")
    .max(100, "errors:fields.tooLong"),
  frequency: z.enum(recurrenceFrequencies, { error: "errors:fields.frequency" }),
  interval: wholeNumber("errors:fields.interval", 1, 99).default(1),
  days_of_week: z
    .array(wholeNumber("errors:fields.daysOfWeek", 0, 6), { error: "errors:fields.daysOfWeek" })
    .max(7, "errors:fields.daysOfWeek")
    .nullish(),
  day_of_month: wholeNumber("errors:fields.dayOfMonth", 1, 31).nullish(),
  month: wholeNumber("errors:fields.monthOfYear", 1, 12).nullish(),
  weekend_rule: z.enum(weekendRules, { error: "errors:fields.weekendRule" }).default("as_is"),
  start_date: z.string({ error: "errors:fields.dateRequired" }).pipe(dateSchema),
  end_date: dateSchema.nullish(),
  max_executions: wholeNumber("errors:fields.maxExecutions", 1, 1000).nullish(),
});

/**
 * POST and PUT /recurring-transactions. Monthly rules take their day
 * and yearly rules their month and day from the start date when not given. A weekend rule moves
 * monthly and yearly occurrences only: daily and weekly rules already name their days.
 */
export const recurringSchema = recurringFields
  .superRefine((rule, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (rule.frequency === "weekly" && (rule.days_of_week ?? []).length === 0) {
      issue("days_of_week", "errors:fields.daysOfWeek");
    }
    if ((rule.frequency === "daily" || rule.frequency === "weekly") && rule.weekend_rule !== "as_is") {
      issue("weekend_rule", "errors:fields.weekendRuleNeedsMonthly");
    }
    if (rule.end_date && rule.end_date < rule.start_date) issue("end_date", "errors:fields.endBeforeStart");
  })
  .transform((rule) => ({
    ...rule,
    days_of_week: rule.frequency === "weekly" ? [...new Set(rule.days_of_week)].sort((a, b) => a - b) : null,
    day_of_month:
      rule.frequency === "monthly" || rule.frequency === "yearly"
        ? (rule.day_of_month ?? Number(rule.start_date.slice(8, 10)))
        : null,
    month: rule.frequency === "yearly" ? (rule.month ?? Number(rule.start_date.slice(5, 7))) : null,
  }));
export type RecurringInput = z.infer<typeof recurringSchema>;

/** The same body as a client sends it, for the API's document. */
export const recurringPayloadSchema = recurringFields
  .omit({ origin: true, destination: true })
  .extend(templateLegFields);

export const recurringFiltersSchema = z.object({
  page: pageSchema,
  per_page: perPageSchema,
  status: z.enum(recurringStatuses, { error: "errors:fields.status" }).optional(),
});
export type RecurringFilters = z.infer<typeof recurringFiltersSchema>;
