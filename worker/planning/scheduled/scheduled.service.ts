import { asc, eq, gte, lte } from "drizzle-orm";
import type { z } from "zod";
import type { RowsByName } from "../../../db/named-batch.ts";
import { scheduledTransactions } from "../../../db/schema/index.ts";
import type { ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, fieldError } from "../../http/errors.ts";
import { todayIn } from "../../ledger/dates.ts";
import { postNextNow } from "../planned-kind.ts";
import {
  appliedItemUpdate,
  checkedTemplate,
  newItemColumns,
  plannedItemOf,
  plannedItemReads,
  plannedItemWhere,
  plannedPageOf,
  plannedPageQueries,
  templateReads,
} from "../planned-items.ts";
import { failureResponse, type referencesIn, templateResponse } from "../planned-reads.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import { scheduledKind, type ScheduledRow } from "./scheduled.kind.ts";
import type { scheduledListSchema, scheduledResponseSchema } from "./scheduled.responses.ts";
import type { ScheduledFilters, ScheduledInput } from "./scheduled.schemas.ts";

export type ScheduledRef = WorkspaceRef & { scheduledId: string };
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
    failure: failureResponse(row),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** One page of the list (soonest first) and the names it shows, as queries for a read batch. */
export function scheduledListQueries(ctx: ServiceContext, workspaceId: string, filters: ScheduledFilters) {
  return plannedPageQueries(ctx, scheduledTransactions, workspaceId, filters, {
    where: [
      filters.status ? eq(scheduledTransactions.status, filters.status) : undefined,
      filters.from ? gte(scheduledTransactions.scheduledDate, filters.from) : undefined,
      filters.to ? lte(scheduledTransactions.scheduledDate, filters.to) : undefined,
    ],
    order: [asc(scheduledTransactions.scheduledDate), asc(scheduledTransactions.id)],
  });
}

/** The list as the API answers it, from the rows of `scheduledListQueries`. */
export function scheduledListFrom(
  workspaceId: string,
  rows: RowsByName<ReturnType<typeof scheduledListQueries>>,
  filters: ScheduledFilters,
) {
  return plannedPageOf(workspaceId, rows, filters, toScheduledResponse);
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

const itemReads = (ctx: ServiceContext, ref: ScheduledRef) =>
  plannedItemReads(ctx, scheduledTransactions, ref.workspaceId, ref.scheduledId);

export async function getScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const read = await readInWorkspace(ctx, input.workspaceId, "workspace.read", itemReads(ctx, input));
  const { item, found } = plannedItemOf(ctx, read, scheduledNotFound);
  return toScheduledResponse(item, found);
}

/** The input checked against the workspace: legs by a transaction's rules, tags found, a date not in the past. */
async function checkedInput(ctx: ServiceCall["ctx"], input: WorkspaceRef & ScheduledInput, ref?: ScheduledRef) {
  const reads = templateReads(ctx, scheduledTransactions, input, ref?.scheduledId);
  const read = await readInWorkspace(ctx, input.workspaceId, "finances.write", reads);
  return checkedTemplate(ctx, read, input, { notFound: scheduledNotFound });
}

function assertNotPast(date: string, today: string) {
  if (date < today) throw fieldError("scheduled_date", "errors:fields.dateNotPast");
}

/** POST /scheduled-transactions: a pending item, posted by the executor on its date. */
export async function createScheduledTransaction({ ctx, input }: ServiceCall<WorkspaceRef & ScheduledInput>) {
  const { columns, found, today } = await checkedInput(ctx, input);
  assertNotPast(input.scheduled_date, today);
  const row: ScheduledRow = {
    ...newItemColumns(ctx, input.workspaceId),
    ...columns,
    status: "pending",
    scheduledDate: input.scheduled_date,
    transactionId: null,
    executedAt: null,
  };
  await ctx.db.insert(scheduledTransactions).values(row);
  return toScheduledResponse(row, found);
}

const stillPending = () => eq(scheduledTransactions.status, "pending");

/** PUT /scheduled-transactions/{id}: every field, while pending. A past failure is cleared: it is tried afresh. */
export async function updateScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef & ScheduledInput>) {
  const { columns, found, today, previous } = await checkedInput(ctx, input, input);
  if (!previous) throw scheduledNotFound();
  if (previous.status !== "pending") throw notPending();
  if (input.scheduled_date !== previous.scheduledDate) assertNotPast(input.scheduled_date, today);
  const set = { ...columns, scheduledDate: input.scheduled_date, failureReason: null, failedAt: null };
  return toScheduledResponse(await appliedItemUpdate(ctx, scheduledTransactions, previous, set, stillPending()), found);
}

async function pendingItem(ctx: ServiceCall["ctx"], ref: ScheduledRef) {
  const read = await readInWorkspace(ctx, ref.workspaceId, "finances.write", itemReads(ctx, ref));
  const pending = plannedItemOf(ctx, read, scheduledNotFound);
  if (pending.item.status !== "pending") throw notPending();
  return pending;
}

/**
 * POST /scheduled-transactions/{id}/execute: posted now, in one atomic batch with its claim (so the
 * executor cannot post it too). Dated its scheduled date once that has come, today when run ahead.
 */
export async function executeScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const { item, found, today } = await pendingItem(ctx, input);
  const posted = await postNextNow(ctx, scheduledKind, item, found, today);
  if (!posted) throw notPending();
  return toScheduledResponse(posted.row, found);
}

/** POST /scheduled-transactions/{id}/cancel: never posted; the item stays, cancelled. */
export async function cancelScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  const { item, found } = await pendingItem(ctx, input);
  const cancelled = { status: "cancelled" as const };
  return toScheduledResponse(
    await appliedItemUpdate(ctx, scheduledTransactions, item, cancelled, stillPending()),
    found,
  );
}

/** DELETE /scheduled-transactions/{id}: in any status; a transaction it posted stays, marked with where it came from. */
export async function deleteScheduledTransaction({ ctx, input }: ServiceCall<ScheduledRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(scheduledTransactions)
    .where(plannedItemWhere(scheduledTransactions, input.workspaceId, input.scheduledId));
  if (deleted.rowsAffected !== 1) throw scheduledNotFound();
  return { message: "Scheduled transaction deleted" };
}
