import { z } from "zod";
import { dateRangeYears, isWithinDateRange } from "./date-range.ts";
import { isIsoDate } from "./dates.ts";

/**
 * The one date field (docs/decisions/038-dates-from-1900-to-2199.md): exactly YYYY-MM-DD (spaces
 * around it aside, nothing after it), a day the calendar has, from 1900-01-01 to 2199-12-31.
 * No server imports: the browser's forms use it too.
 */
export const dateSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (!isIsoDate(value)) context.addIssue({ code: "custom", message: "errors:fields.date" });
    else if (!isWithinDateRange(value))
      context.addIssue({ code: "custom", message: "errors:fields.dateOutOfRange", params: dateRangeYears });
  });

/** "T14:05", "T14:05:30.123Z", "T23:10:00-03:00": a whole ISO timestamp's time of day and zone. */
const timeOfDay = /^T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * A transaction's `date` (or `created_at`, docs/api.md): a date, or a whole ISO timestamp cut to the
 * day it writes. Anything else after the day ("2026-01-05x") is refused as the date field refuses it.
 */
export const dateOrTimestampSchema = z
  .string()
  .trim()
  .transform((value) => (timeOfDay.test(value.slice(10)) ? value.slice(0, 10) : value))
  .pipe(dateSchema);

/** A month as YYYY-MM within the same range; `message` says the shape the field expects. */
export const monthSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, message)
    .refine((month) => isWithinDateRange(`${month}-01`), {
      message: "errors:fields.dateOutOfRange",
      params: dateRangeYears,
    });
