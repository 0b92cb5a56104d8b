import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RowsByName } from "../../../db/named-batch.ts";
import { recurringTransactions, workspaces } from "../../../db/schema/index.ts";
import type { ActingContext, ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, fieldError } from "../../http/errors.ts";
import { addDays, latestToday, todayIn } from "../../ledger/dates.ts";
import { postNextNow } from "../planned-kind.ts";
import {
  appliedItemUpdate,
  checkedTemplate,
  newItemColumns,
  plannedItemOf,
  plannedItemReads,
  plannedPageOf,
  plannedPageQueries,
  templateReads,
} from "../planned-items.ts";
import { failureResponse, referencesIn, templateResponse, workspaceReferenceQueries } from "../planned-reads.ts";
import { executionsLeft, firstOccurrenceFrom, occurrencesFrom, postingDate } from "../recurrence.ts";
import { scheduleTooLong } from "../schedule-range.ts";
import { resolveTier } from "../../tiers/tiers.ts";
import { workspaceOwnerTierQuery } from "../../tiers/tier-queries.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import { recurringKind, type RecurringRow } from "./recurring.kind.ts";
import type {
  dueOccurrenceSchema,
  recurringExecutionSchema,
  recurringListSchema,
  recurringResponseSchema,
} from "./recurring.responses.ts";
import { recurrenceOf } from "./recurring.rules.ts";
import type { RecurringFilters, RecurringInput } from "./recurring.schemas.ts";

export type RecurringRef = WorkspaceRef & { recurringId: string };
type References = ReturnType<typeof referencesIn>;
export type RecurringResponse = z.infer<typeof recurringResponseSchema>;

const recurringNotFound = () => new AppError("NOT_FOUND", "errors:details.recurringNotFound");

/** How many coming dates an item shows (the dialog's preview and the list). */
const previewCount = 5;

/** A recurring transaction as the API answers it (./recurring.responses.ts), with its next dates (the weekend rule applied). */
export function toRecurringResponse(row: RecurringRow, found: References): RecurringResponse {
  const rule = recurrenceOf(row);
  const coming =
    row.nextDate === null || row.status === "inactive"
      ? []
      : occurrencesFrom(rule, row.nextDate, previewCount, executionsLeft(rule, row.executionCount));
  return {
    uuid: row.id,
    name: row.name,
    status: row.status,
    ...templateResponse(row, found),
    frequency: row.frequency,
    interval: row.interval,
    days_of_week: [...rule.daysOfWeek],
    day_of_month: row.dayOfMonth,
    month: row.monthOfYear,
    weekend_rule: row.weekendRule,
    start_date: row.startDate,
    end_date: row.endDate,
    max_executions: row.maxExecutions,
    /** The next occurrence's own date and the day it is posted (they differ when a weekend moves it). */
    next_execution: row.status === "inactive" ? null : row.nextDate,
    next_posting_date: row.status === "inactive" ? null : row.nextDueDate,
    upcoming: coming.map((date) => ({ date, posting_date: postingDate(date, rule.weekendRule) })),
    last_execution: row.lastExecutionDate,
    execution_count: row.executionCount,
    failure: failureResponse(row),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * Beta access (docs/product.md#plans-and-limits): the workspace's owner has it and the workspace turned beta
 * features on.
 */
function betaQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
    betaRows: ctx.db
      .select({ enabled: workspaces.betaFeaturesEnabled })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId)),
  };
}

type BetaRows = RowsByName<ReturnType<typeof betaQueries>>;

/** Where beta access stands: writes need the owner's beta access and the workspace's beta switch. */
function betaStateOf(rows: BetaRows) {
  const owner = rows.ownerTierRows[0];
  const ownerHasBeta = owner !== undefined && resolveTier(owner).betaFeatures.recurring_transactions;
  const workspaceOptedIn = rows.betaRows[0]?.enabled ?? false;
  return { allowed: ownerHasBeta && workspaceOptedIn, ownerHasBeta, workspaceOptedIn };
}

function assertBeta(rows: BetaRows) {
  if (!betaStateOf(rows).allowed) throw new AppError("BETA_REQUIRED");
}

/** Where a rule picks up: not before today, and after the last occurrence it posted. */
function resumeFrom(row: Pick<RecurringRow, "lastOccurrenceDate">, today: string): string {
  const afterLast = row.lastOccurrenceDate ? addDays(row.lastOccurrenceDate, 1) : today;
  return afterLast > today ? afterLast : today;
}

/**
 * A count of executions the rule cannot reach by the last date Moneta keeps is refused when the
 * rule is saved, never cut short later (docs/decisions/038-dates-from-1900-to-2199.md). A rule with
 * an end date stops there anyway, and one without a count simply ends with the range.
 */
function assertCountFitsRange(row: RecurringRow, from: string) {
  const rule = recurrenceOf(row);
  const remaining = executionsLeft(rule, row.executionCount);
  if (rule.endDate !== null || remaining === Infinity) return;
  if (occurrencesFrom(rule, from, remaining).length < remaining) throw scheduleTooLong("max_executions");
}

/** The next occurrence from `from` on, and the status it leaves the item in. */
function scheduleFrom(row: RecurringRow, from: string) {
  const rule = recurrenceOf(row);
  const nextDate = executionsLeft(rule, row.executionCount) > 0 ? firstOccurrenceFrom(rule, from) : null;
  return { nextDate, nextDueDate: nextDate === null ? null : postingDate(nextDate, rule.weekendRule) };
}

/** One page of the list (active first, then by next date), the names it shows and the beta facts, as queries for a read batch. */
export function recurringListQueries(ctx: ServiceContext, workspaceId: string, filters: RecurringFilters) {
  return {
    ...plannedPageQueries(ctx, recurringTransactions, workspaceId, filters, {
      where: [filters.status ? eq(recurringTransactions.status, filters.status) : undefined],
      order: [
        asc(sql`case ${recurringTransactions.status} when 'active' then 0 when 'paused' then 1 else 2 end`),
        asc(recurringTransactions.nextDueDate),
        desc(recurringTransactions.id),
      ],
    }),
    ...betaQueries(ctx, workspaceId),
  };
}

/** The list as the API answers it, from the rows of `recurringListQueries`, and where beta access stands. */
export function recurringListFrom(
  workspaceId: string,
  rows: RowsByName<ReturnType<typeof recurringListQueries>>,
  filters: RecurringFilters,
) {
  return { ...plannedPageOf(workspaceId, rows, filters, toRecurringResponse), beta: betaStateOf(rows) };
}

/** GET /recurring-transactions: active first, then by next date. `meta.has_beta_access` says whether writes are allowed. */
export async function listRecurringTransactions({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { filters: RecurringFilters }>): Promise<z.infer<typeof recurringListSchema>> {
  const { workspaceId, filters } = input;
  const { workspace, rows } = await readInWorkspace(
    ctx,
    workspaceId,
    "workspace.read",
    recurringListQueries(ctx, workspaceId, filters),
  );
  const list = recurringListFrom(workspaceId, rows, filters);
  return {
    data: list.data,
    meta: { ...list.meta, today: todayIn(workspace.timeZone, ctx.clock.now()), has_beta_access: list.beta.allowed },
  };
}

const itemReads = (ctx: ServiceContext, ref: RecurringRef) =>
  plannedItemReads(ctx, recurringTransactions, ref.workspaceId, ref.recurringId);

export async function getRecurringTransaction({ ctx, input }: ServiceCall<RecurringRef>) {
  const read = await readInWorkspace(ctx, input.workspaceId, "workspace.read", itemReads(ctx, input));
  const { item, found } = plannedItemOf(ctx, read, recurringNotFound);
  return toRecurringResponse(item, found);
}

/** GET /recurring-transactions-due: each active item's occurrences due by today (overdue ones first). */
export async function listDueRecurringOccurrences({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof dueOccurrenceSchema>[]> {
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    dueRows: ctx.db
      .select()
      .from(recurringTransactions)
      .where(
        and(
          eq(recurringTransactions.workspaceId, input.workspaceId),
          eq(recurringTransactions.status, "active"),
          // The workspace's own today is only known with the read; no time zone is later than this one.
          lte(recurringTransactions.nextDueDate, latestToday(ctx.clock.now())),
        ),
      )
      .orderBy(asc(recurringTransactions.nextDueDate)),
    ...workspaceReferenceQueries(ctx, input.workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const found = referencesIn(input.workspaceId, rows);
  return rows.dueRows.flatMap((row) => {
    const rule = recurrenceOf(row);
    const dates = occurrencesFrom(rule, row.nextDate ?? today, 50, executionsLeft(rule, row.executionCount));
    const recurring = toRecurringResponse(row, found);
    return dates
      .map((date) => ({ date, posting_date: postingDate(date, rule.weekendRule) }))
      .filter((occurrence) => occurrence.posting_date <= today)
      .map((occurrence) => ({
        recurring,
        occurrence_date: occurrence.date,
        posting_date: occurrence.posting_date,
        is_overdue: occurrence.posting_date < today,
      }));
  });
}

/** The input checked against the workspace: the rule edited found, beta access, tags found, legs by a transaction's rules. */
async function checkedInput(ctx: ActingContext, input: WorkspaceRef & RecurringInput, ref?: RecurringRef) {
  const read = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ...templateReads(ctx, recurringTransactions, input, ref?.recurringId),
    ...betaQueries(ctx, input.workspaceId),
  });
  return checkedTemplate(ctx, read, input, { notFound: recurringNotFound, assertAllowed: () => assertBeta(read.rows) });
}

function ruleColumns(input: RecurringInput) {
  return {
    name: input.name,
    frequency: input.frequency,
    interval: input.interval,
    daysOfWeek: input.days_of_week ? JSON.stringify(input.days_of_week) : null,
    dayOfMonth: input.day_of_month,
    monthOfYear: input.month,
    weekendRule: input.weekend_rule,
    startDate: input.start_date,
    endDate: input.end_date ?? null,
    maxExecutions: input.max_executions ?? null,
  };
}

/** POST /recurring-transactions: active from its start date, which is today or later. */
export async function createRecurringTransaction({ ctx, input }: ServiceCall<WorkspaceRef & RecurringInput>) {
  const { columns, found, today } = await checkedInput(ctx, input);
  if (input.start_date < today) throw fieldError("start_date", "errors:fields.dateNotPast");
  const base = {
    ...newItemColumns(ctx, input.workspaceId),
    ...columns,
    ...ruleColumns(input),
    status: "active" as const,
    lastExecutionDate: null,
    lastOccurrenceDate: null,
    executionCount: 0,
  };
  const row: RecurringRow = {
    ...base,
    ...scheduleFrom({ ...base, nextDate: null, nextDueDate: null }, input.start_date),
  };
  if (row.nextDate === null) throw fieldError("end_date", "errors:fields.noOccurrences");
  assertCountFitsRange(row, input.start_date);
  await ctx.db.insert(recurringTransactions).values(row);
  return toRecurringResponse(row, found);
}

/**
 * PUT /recurring-transactions/{id}: the rule and template of occurrences still to come; what was
 * posted stays as it is. The next date is worked out again from today (and after the last posted).
 */
export async function updateRecurringTransaction({ ctx, input }: ServiceCall<RecurringRef & RecurringInput>) {
  const { columns, found, today, previous } = await checkedInput(ctx, input, input);
  if (!previous) throw recurringNotFound();
  if (input.start_date !== previous.startDate && input.start_date < today && previous.executionCount === 0) {
    throw fieldError("start_date", "errors:fields.dateNotPast");
  }
  const rule = ruleColumns(input);
  const from = resumeFrom(previous, today);
  assertCountFitsRange({ ...previous, ...rule }, from);
  const next = scheduleFrom({ ...previous, ...rule }, from);
  // A paused rule stays paused; an ended one whose end date or count was raised starts again.
  const status = previous.status === "paused" ? "paused" : next.nextDate === null ? "inactive" : "active";
  const set: Partial<RecurringRow> = { ...columns, ...rule, ...next, status, failureReason: null, failedAt: null };
  return toRecurringResponse(await appliedItemUpdate(ctx, recurringTransactions, previous, set), found);
}

async function itemForWrite(ctx: ActingContext, ref: RecurringRef) {
  const read = await readInWorkspace(ctx, ref.workspaceId, "finances.write", {
    ...itemReads(ctx, ref),
    ...betaQueries(ctx, ref.workspaceId),
  });
  const forWrite = plannedItemOf(ctx, read, recurringNotFound);
  assertBeta(read.rows);
  return forWrite;
}

/**
 * POST /recurring-transactions/{id}/execute: the next occurrence posted now (dated its posting day
 * once that has come, today when run ahead) and the rule advanced — in one batch with its claim.
 */
export async function executeRecurringTransaction({
  ctx,
  input,
}: ServiceCall<RecurringRef>): Promise<z.infer<typeof recurringExecutionSchema>> {
  const { item, found, today } = await itemForWrite(ctx, input);
  if (item.status !== "active" || item.nextDate === null || item.nextDueDate === null) {
    throw new AppError("RECURRING_NOT_ACTIVE");
  }
  const posted = await postNextNow(ctx, recurringKind, item, found, today);
  if (!posted) throw new AppError("RECURRING_NOT_ACTIVE");
  return { recurring: toRecurringResponse(posted.row, found), transaction_id: posted.transactionId };
}

/** POST /recurring-transactions/{id}/pause: occurrences while paused are skipped, not queued. */
export async function pauseRecurringTransaction({ ctx, input }: ServiceCall<RecurringRef>) {
  const { item, found } = await itemForWrite(ctx, input);
  if (item.status !== "active") throw new AppError("RECURRING_NOT_ACTIVE");
  return toRecurringResponse(await appliedItemUpdate(ctx, recurringTransactions, item, { status: "paused" }), found);
}

/** POST /recurring-transactions/{id}/resume: from the next occurrence on or after today. */
export async function resumeRecurringTransaction({ ctx, input }: ServiceCall<RecurringRef>) {
  const { item, found, today } = await itemForWrite(ctx, input);
  if (item.status !== "paused") throw new AppError("RECURRING_NOT_PAUSED");
  const next = scheduleFrom(item, resumeFrom(item, today));
  const status = next.nextDate === null ? ("inactive" as const) : ("active" as const);
  return toRecurringResponse(await appliedItemUpdate(ctx, recurringTransactions, item, { ...next, status }), found);
}

/** DELETE /recurring-transactions/{id}: what it posted stays, marked with where it came from. */
export async function deleteRecurringTransaction({ ctx, input }: ServiceCall<RecurringRef>) {
  const { item } = await itemForWrite(ctx, input);
  await ctx.db.delete(recurringTransactions).where(eq(recurringTransactions.id, item.id));
  return { message: "Recurring transaction deleted" };
}
