import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  currencies,
  installmentPlanStatuses,
  plannedSourceKinds,
  recurringStatuses,
  scheduledStatuses,
  transactionKinds,
} from "../enums.ts";
import { recurrenceFrequencies, weekendRules } from "../planning-enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { transactions } from "./ledger.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/*
 * Planned money (README: "Scheduled and recurring transactions"): what a transaction will be,
 * kept as a template and posted by the cron executor (worker/planning/executor.ts) or by a
 * person's "execute now". Legs are kept as the API's leg references ("account:{uuid}" or
 * "card:{uuid}") and resolved against the workspace when posted, with a transaction's rules: a
 * leg archived or deleted since is a failure the item shows, not a broken row.
 */
const templateColumns = () => ({
  workspaceId: text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: transactionKinds }).notNull(),
  description: text("description").notNull(),
  notes: text("notes"),
  amountCents: integer("amount_cents").notNull(),
  /** The origin's currency (the destination's for income), as resolved when saved. */
  currency: text("currency", { enum: currencies }).notNull(),
  /** Destination units per origin unit × 1 000 000, only across currencies. */
  conversionRateMicros: integer("conversion_rate_micros"),
  origin: text("origin"),
  destination: text("destination"),
  /** JSON array of tag ids; a tag deleted since is left off what is posted. */
  tagIds: text("tag_ids").notNull().default("[]"),
  /** Why the last attempt to post could not (an error message key), cleared when one succeeds. */
  failureReason: text("failure_reason"),
  failedAt: timestampColumn("failed_at"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  /** Bumped by every change; the executor posts only while the item is at the revision it read. */
  revision: integer("revision").notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: timestampColumn("updated_at"),
});

export const scheduledTransactions = sqliteTable(
  "scheduled_transactions",
  {
    id: idColumn(),
    ...templateColumns(),
    status: text("status", { enum: scheduledStatuses }).notNull().default("pending"),
    /** YYYY-MM-DD in the workspace's time zone: due from the start of that day. */
    scheduledDate: text("scheduled_date").notNull(),
    /** The transaction it posted (null again if that transaction is deleted). */
    transactionId: text("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    executedAt: timestampColumn("executed_at"),
  },
  (table) => [
    index("scheduled_workspace_date_idx").on(table.workspaceId, table.scheduledDate, table.id),
    index("scheduled_due_idx").on(table.status, table.scheduledDate, table.id),
  ],
);

export const recurringTransactions = sqliteTable(
  "recurring_transactions",
  {
    id: idColumn(),
    ...templateColumns(),
    name: text("name").notNull(),
    frequency: text("frequency", { enum: recurrenceFrequencies }).notNull(),
    /** Every `interval` days, weeks, months or years. */
    interval: integer("interval").notNull().default(1),
    /** Weekly: JSON array of weekdays, 0 = Sunday … 6 = Saturday. */
    daysOfWeek: text("days_of_week"),
    /** Monthly and yearly: 1–31, the month's last day when the month is shorter. */
    dayOfMonth: integer("day_of_month"),
    /** Yearly: 1–12. */
    monthOfYear: integer("month_of_year"),
    weekendRule: text("weekend_rule", { enum: weekendRules }).notNull().default("as_is"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    maxExecutions: integer("max_executions"),
    status: text("status", { enum: recurringStatuses }).notNull().default("active"),
    /** The next occurrence's own date, as the rule gives it (never shifted for a weekend). */
    nextDate: text("next_date"),
    /** When that occurrence is posted: nextDate with the weekend rule applied. */
    nextDueDate: text("next_due_date"),
    /** The date of the last transaction posted (the weekend rule applied)… */
    lastExecutionDate: text("last_execution_date"),
    /** …and that occurrence's own date: edits and resumes continue after it. */
    lastOccurrenceDate: text("last_occurrence_date"),
    executionCount: integer("execution_count").notNull().default(0),
  },
  (table) => [
    index("recurring_workspace_idx").on(table.workspaceId, table.status, table.nextDueDate),
    index("recurring_due_idx").on(table.status, table.nextDueDate, table.id),
  ],
);

/**
 * An installment plan (parcelamento, README: "Installment plans"): a purchase of `totalAmountCents`
 * paid in `installmentCount` parts at `interestRate` percent a month (Price table; equal parts
 * when 0), worked out by worker/planning/money-schedules.ts whenever it is read, so no installment
 * is stored twice. The template's `origin` is the card or account that pays and `amountCents` the
 * regular installment. On a credit card every installment is posted when the plan is saved, each
 * dated in its own statement (so the whole remainder holds the limit); on an account the executor
 * posts each on its date, claimed like any occurrence (its key: the plan and the installment's date).
 */
export const installmentPlans = sqliteTable(
  "installment_plans",
  {
    id: idColumn(),
    ...templateColumns(),
    merchant: text("merchant"),
    purchaseDate: text("purchase_date").notNull(),
    /** What was bought: the principal the installments pay off (with interest when there is a rate). */
    totalAmountCents: integer("total_amount_cents").notNull(),
    installmentCount: integer("installment_count").notNull(),
    /** Percent a month as typed ("1.99"), kept as text so it stays exact; "0" is sem juros. */
    interestRate: text("interest_rate").notNull().default("0"),
    firstPaymentDate: text("first_payment_date").notNull(),
    /** The day of the month installments fall on (1–31), the month's last day when it is shorter. */
    dayOfMonth: integer("day_of_month").notNull(),
    status: text("status", { enum: installmentPlanStatuses }).notNull().default("active"),
    /** The first installments, paid before the plan was recorded here: shown as paid, never posted. */
    settledBeforeCount: integer("settled_before_count").notNull().default(0),
    /** How many installments are done: settled before, or posted (all the rest at once on a card). */
    postedCount: integer("posted_count").notNull().default(0),
    /** The date of the first installment not yet posted; null when none is left. */
    nextDueDate: text("next_due_date"),
    cancelledAt: timestampColumn("cancelled_at"),
  },
  (table) => [
    index("installment_plans_workspace_idx").on(table.workspaceId, table.status, table.nextDueDate),
    index("installment_plans_due_idx").on(table.status, table.nextDueDate, table.id),
  ],
);

/**
 * One row per occurrence ever posted: the claim that makes posting exactly-once. Its unique key
 * (the item and the occurrence's own date) is inserted in the same atomic batch that posts the
 * transaction and moves the balances, so two executor runs, a retry or a run that died halfway can
 * never post an occurrence twice (docs/decisions/028-planned-money-is-posted-once-by-its-claim.md).
 * Rows outlive their item: a posted transaction keeps the mark of where it came from.
 */
export const plannedOccurrences = sqliteTable(
  "planned_occurrences",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sourceKind: text("source_kind", { enum: plannedSourceKinds }).notNull(),
    sourceId: text("source_id").notNull(),
    /** The item's name (recurring) or description (scheduled) when posted. */
    sourceName: text("source_name").notNull(),
    occurrenceDate: text("occurrence_date").notNull(),
    postedAt: timestampColumn("posted_at").notNull(),
  },
  (table) => [uniqueIndex("planned_occurrences_key").on(table.sourceId, table.occurrenceDate)],
);
