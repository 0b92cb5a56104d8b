import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../../db/ids.ts";
import { batchOfStatements, type RowsByName } from "../../../db/named-batch.ts";
import { scheduledTransactions } from "../../../db/schema/index.ts";
import { actorUserId, type ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, fieldError } from "../../http/errors.ts";
import { earlierDate, todayIn } from "../../ledger/dates.ts";
import { postingPlan, plannedItemChanged, runPostingBatch } from "../posting.ts";
import {
  referencesIn,
  templateReferenceQueries,
  templateResponse,
  workspaceReferenceQueries,
} from "../planned-reads.ts";
import { revised, templateColumnsOf, templateOfInput } from "../planned-template.ts";
import { pageMeta } from "../../transactions/transactions.schemas.ts";
import { assertTagsFound } from "../../transactions/transactions.service.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import type { scheduledListSchema, scheduledResponseSchema } from "./scheduled.responses.ts";
import type { ScheduledFilters, ScheduledInput } from "./scheduled.schemas.ts";

export type ScheduledRef = WorkspaceRef & { scheduledId: string };
export type ScheduledRow = typeof scheduledTransactions.$inferSelect;
type References = ReturnType<typeof referencesIn>;
export type ScheduledResponse = z.infer<typeof scheduledResponseSchema>;

const scheduledNotFound = () => new AppError("NOT_FOUND", "errors:details.scheduledNotFound");
const notPending = () => new AppError("SCHEDULED_NOT_PENDING");

/** A scheduled transaction as the API answers it (./scheduled.responses.ts). */
export function toScheduledResponse(row: ScheduledRow, found: References): ScheduledResponse {
  return {
    uuid: row.id,
    status: row.status,
    scheduled_date: row.scheduledDate,
    ...templateResponse(row, found),
    transaction_id: row.transactionId,
    executed_at: row.executedAt,
    /** Why the executor could not post it yet (a message key, translated by the reader); retried every tick. */
    failure: row.failureReason ? { key: row.failureReason, failed_at: row.failedAt } : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function itemQuery(ctx: ServiceContext, ref: ScheduledRef) {
  return ctx.db
    .select()
    .from(scheduledTransactions)
    .where(
      and(
        eq(scheduledTransactions.workspaceId, ref.workspaceId),
        eq(scheduledTransactions.id, isUuid(ref.scheduledId) ? ref.scheduledId : ""),
      ),
    );
}

function filterConditions(workspaceId: string, filters: Partial<ScheduledFilters>) {
  return and(
    eq(scheduledTransactions.workspaceId, workspaceId),
    filters.status ? eq(scheduledTransactions.status, filters.status) : undefined,
    filters.from ? gte(scheduledTransactions.scheduledDate, filters.from) : undefined,
    filters.to ? lte(scheduledTransactions.scheduledDate, filters.to) : undefined,
  );
}

/** One page of the list (soonest first) and the names it shows, as queries for a read batch. */
export function scheduledListQueries(ctx: ServiceContext, workspaceId: string, filters: ScheduledFilters) {
  return {
    pageRows: ctx.db
      .select()
      .from(scheduledTransactions)
      .where(filterConditions(workspaceId, filters))
      .orderBy(asc(scheduledTransactions.scheduledDate), asc(scheduledTransactions.id))
      .limit(filters.per_page)
      .offset((filters.page - 1) * filters.per_page),
    counted: ctx.db
      .select({ total: sql<number>`count(*)` })
      .from(scheduledTransactions)
      .where(filterConditions(workspaceId, filters)),
    ...workspaceReferenceQueries(ctx, workspaceId),
  };
}

/** The list as the API answers it, from the rows of `scheduledListQueries`. */
export function scheduledListFrom(
  workspaceId: string,
  rows: RowsByName<ReturnType<typeof scheduledListQueries>>,
  filters: ScheduledFilters,
) {
  const found = referencesIn(workspaceId, rows);
  return { data: rows.pageRows.map((row) => toScheduledResponse(row, found)), meta: pageMeta(filters, rows.counted) };
}

/** GET /scheduled-transactions: soonest first, paged like transactions; `meta.today` is the workspace's today. */
export async function listScheduledTransactions({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { filters: ScheduledFilters }>): Promise<z.infer<typeof scheduledListSchema>> {
  const { workspaceId, filters } = input;
  const { workspace, rows } = await readInWorkspace(
    ctx,
    workspaceId,
    "workspace.read",
    scheduledListQueries(ctx, workspaceId, filters),
  );
  const list = scheduledListFrom(workspaceId, rows, filters);
  return { data: list.data, meta: { ...list.meta, today: todayIn(workspace.timeZone, ctx.clock.now()) } };
}

export async function getScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    itemRows: itemQuery(ctx, input),
    ...workspaceReferenceQueries(ctx, input.workspaceId),
  });
  const row = rows.itemRows[0];
  if (!row) throw scheduledNotFound();
  return toScheduledResponse(row, referencesIn(input.workspaceId, rows));
}

/** The input checked against the workspace: legs by a transaction's rules, tags found, a date not in the past. */
async function checkedInput(ctx: ServiceCall["ctx"], input: WorkspaceRef & ScheduledInput, ref?: ScheduledRef) {
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ...templateReferenceQueries(ctx, input.workspaceId, [templateOfInput(input)]),
    itemRows: ref ? itemQuery(ctx, ref) : undefined,
  });
  const previous = rows.itemRows?.[0];
  if (ref && !previous) throw scheduledNotFound();
  assertTagsFound(input.tag_ids, rows.tagRows);
  const found = referencesIn(input.workspaceId, rows);
  const columns = templateColumnsOf(input, found.lookup, "typed");
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return { columns, found, today, previous };
}

function assertNotPast(date: string, today: string) {
  if (date < today) throw fieldError("scheduled_date", "errors:fields.dateNotPast");
}

/** POST /scheduled-transactions: a pending item, posted by the executor on its date. */
export async function createScheduledTransaction({ ctx, input }: ServiceCall<WorkspaceRef & ScheduledInput>) {
  const { columns, found, today } = await checkedInput(ctx, input);
  assertNotPast(input.scheduled_date, today);
  const row: ScheduledRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    ...columns,
    status: "pending",
    scheduledDate: input.scheduled_date,
    transactionId: null,
    executedAt: null,
    failureReason: null,
    failedAt: null,
    createdBy: actorUserId(ctx.actor),
    revision: 0,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  await ctx.db.insert(scheduledTransactions).values(row);
  return toScheduledResponse(row, found);
}

/** Only a pending item changes, and only if nobody changed it since it was read (else 409). */
function guardedUpdate(ctx: ServiceContext, previous: ScheduledRow, set: Partial<ScheduledRow>) {
  return ctx.db
    .update(scheduledTransactions)
    .set(revised(ctx, previous, set))
    .where(
      and(
        eq(scheduledTransactions.id, previous.id),
        eq(scheduledTransactions.revision, previous.revision),
        eq(scheduledTransactions.status, "pending"),
      ),
    );
}

/** PUT /scheduled-transactions/{id}: every field, while pending. A past failure is cleared: it is tried afresh. */
export async function updateScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef & ScheduledInput>) {
  const { columns, found, today, previous } = await checkedInput(ctx, input, input);
  if (!previous) throw scheduledNotFound();
  if (previous.status !== "pending") throw notPending();
  if (input.scheduled_date !== previous.scheduledDate) assertNotPast(input.scheduled_date, today);
  const set = { ...columns, scheduledDate: input.scheduled_date, failureReason: null, failedAt: null };
  const updated = await guardedUpdate(ctx, previous, set);
  if (updated.rowsAffected !== 1) throw plannedItemChanged();
  return toScheduledResponse({ ...previous, ...revised(ctx, previous, set) }, found);
}

async function pendingItem(ctx: ServiceCall["ctx"], ref: ScheduledRef) {
  const { workspace, rows } = await readInWorkspace(ctx, ref.workspaceId, "finances.write", {
    itemRows: itemQuery(ctx, ref),
    ...workspaceReferenceQueries(ctx, ref.workspaceId),
  });
  const item = rows.itemRows[0];
  if (!item) throw scheduledNotFound();
  if (item.status !== "pending") throw notPending();
  return { item, found: referencesIn(ref.workspaceId, rows), today: todayIn(workspace.timeZone, ctx.clock.now()) };
}

/**
 * POST /scheduled-transactions/{id}/execute: posted now, in one atomic batch with its claim (so the
 * executor cannot post it too). Dated its scheduled date once that has come, today when run ahead.
 */
export async function executeScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const { item, found, today } = await pendingItem(ctx, input);
  const transactionDate = earlierDate(item.scheduledDate, today);
  const plan = postingPlan(
    ctx,
    { kind: "scheduled", item, name: item.description },
    [{ occurrenceDate: item.scheduledDate, transactionDate }],
    found,
  );
  const transactionId = plan.rows[0]!.id;
  const set = {
    status: "executed" as const,
    transactionId,
    executedAt: ctx.clock.now().toISOString(),
    failureReason: null,
    failedAt: null,
  };
  await runPostingBatch(batchOfStatements(ctx.db, [...plan.statements, guardedUpdate(ctx, item, set)]));
  return toScheduledResponse({ ...item, ...revised(ctx, item, set) }, found);
}

/** POST /scheduled-transactions/{id}/cancel: never posted; the item stays, cancelled. */
export async function cancelScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const { item, found } = await pendingItem(ctx, input);
  const updated = await guardedUpdate(ctx, item, { status: "cancelled" });
  if (updated.rowsAffected !== 1) throw plannedItemChanged();
  return toScheduledResponse({ ...item, ...revised(ctx, item, { status: "cancelled" as const }) }, found);
}

/** DELETE /scheduled-transactions/{id}: in any status; a transaction it posted stays, marked with where it came from. */
export async function deleteScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(scheduledTransactions)
    .where(
      and(
        eq(scheduledTransactions.workspaceId, input.workspaceId),
        eq(scheduledTransactions.id, isUuid(input.scheduledId) ? input.scheduledId : ""),
      ),
    );
  if (deleted.rowsAffected !== 1) throw scheduledNotFound();
  return { message: "Scheduled transaction deleted" };
}
