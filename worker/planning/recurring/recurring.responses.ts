import { z } from "zod";
import { recurringStatuses } from "../../../db/enums.ts";
import { recurrenceFrequencies, weekendRules } from "../../../db/planning-enums.ts";
import { pageMetaSchema } from "../../http/openapi.ts";
import { plannedFailureSchema, templateResponseSchema } from "../planned.responses.ts";

/** An occurrence's own date, and the day it is posted (later or earlier when a weekend moves it). */
const occurrenceSchema = z.object({ date: z.string(), posting_date: z.string() });

/** A recurring transaction as the API returns it: its rule, what it posts, and where it stands. */
export const recurringResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  status: z.enum(recurringStatuses),
  ...templateResponseSchema.shape,
  frequency: z.enum(recurrenceFrequencies),
  interval: z.number().int(),
  /** 0 = Sunday … 6 = Saturday; empty unless weekly. */
  days_of_week: z.array(z.number().int()),
  day_of_month: z.number().int().nullable(),
  month: z.number().int().nullable(),
  weekend_rule: z.enum(weekendRules),
  start_date: z.string(),
  end_date: z.string().nullable(),
  max_executions: z.number().int().nullable(),
  /** The next occurrence's own date; null once the rule ended. */
  next_execution: z.string().nullable(),
  /** The day that occurrence is posted. */
  next_posting_date: z.string().nullable(),
  /** The next 5 occurrences (fewer when the rule ends first); none while inactive. */
  upcoming: z.array(occurrenceSchema),
  /** The day the last transaction it posted is dated. */
  last_execution: z.string().nullable(),
  execution_count: z.number().int(),
  failure: plannedFailureSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** GET /recurring-transactions: a page; `meta.has_beta_access` says whether the caller's writes are allowed. */
export const recurringListSchema = z.object({
  data: z.array(recurringResponseSchema),
  meta: pageMetaSchema.extend({ today: z.string(), has_beta_access: z.boolean() }),
});

/** GET /recurring-transactions-due: one entry per occurrence due by today and not posted yet. */
export const dueOccurrenceSchema = z.object({
  recurring: recurringResponseSchema,
  occurrence_date: z.string(),
  posting_date: z.string(),
  /** Its posting day is before today. */
  is_overdue: z.boolean(),
});

/** POST /recurring-transactions/{id}/execute: the rule advanced, and the transaction just posted. */
export const recurringExecutionSchema = z.object({ recurring: recurringResponseSchema, transaction_id: z.string() });
