import { and, eq, type SQL, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import type { recurringTransactions, scheduledTransactions } from "../../db/schema/index.ts";
import { type ActingContext, actorUserId } from "../access/actor.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { ServiceContext } from "../context.ts";
import type { AppError } from "../http/errors.ts";
import { todayIn } from "../ledger/dates.ts";
import { pageMeta } from "../transactions/transactions.schemas.ts";
import { assertTagsFound } from "../transactions/transactions.service.ts";
import { plannedItemChanged } from "./posting.ts";
import { referencesIn, templateReferenceQueries, workspaceReferenceQueries } from "./planned-reads.ts";
import { revised, templateColumnsOf, templateOfInput } from "./planned-template.ts";
import type { TemplateInput } from "./planned.schemas.ts";

/*
 * What scheduled transactions and recurring rules share as items that keep a template and post it
 * later: their reads by workspace and id, a page of their list, the template checked when saved, and
 * the update guarded by the revision read. Each service keeps what is its own: a date and
 * pending/cancel (./scheduled/scheduled.service.ts); a rule, its beta gate, pause and resume
 * (./recurring/recurring.service.ts).
 */

/** Where such items live: each row keeps a template, its workspace, revision, status and failure. */
type PlannedItemTable = typeof scheduledTransactions | typeof recurringTransactions;

type References = ReturnType<typeof referencesIn>;
type ReferenceRows = Parameters<typeof referencesIn>[1];
/** What a read in a workspace answers (worker/access/actor-access.ts), as these helpers use it. */
type WorkspaceRead<Rows> = { workspace: { timeZone: string }; rows: Rows };

/** The item `id` names in the workspace; none when `id` is not a uuid. */
export function plannedItemWhere(table: PlannedItemTable, workspaceId: string, id: string) {
  return and(eq(table.workspaceId, workspaceId), eq(table.id, isUuid(id) ? id : ""));
}

function itemQuery<Table extends PlannedItemTable>(ctx: ServiceContext, table: Table, workspaceId: string, id: string) {
  return ctx.db
    .select()
    .from(table)
    .where(plannedItemWhere(table, workspaceId, id));
}

/** The item and every account, card and tag of its workspace (the names it shows), for a read batch. */
export function plannedItemReads<Table extends PlannedItemTable>(
  ctx: ServiceContext,
  table: Table,
  workspaceId: string,
  id: string,
) {
  return { itemRows: itemQuery(ctx, table, workspaceId, id), ...workspaceReferenceQueries(ctx, workspaceId) };
}

/** The item of a read of `plannedItemReads` (`notFound` when there is none), the names it shows and the workspace's today. */
export function plannedItemOf<Row extends { workspaceId: string }>(
  ctx: ServiceContext,
  read: WorkspaceRead<{ itemRows: Row[] } & ReferenceRows>,
  notFound: () => AppError,
): { item: Row; found: References; today: string } {
  const item = read.rows.itemRows[0];
  if (!item) throw notFound();
  return {
    item,
    found: referencesIn(item.workspaceId, read.rows),
    today: todayIn(read.workspace.timeZone, ctx.clock.now()),
  };
}

type Page = { page: number; per_page: number };

/**
 * One page of the workspace's items, narrowed by `where` and in `order`, its count and the names it
 * shows, as queries for a read batch.
 */
export function plannedPageQueries<Table extends PlannedItemTable>(
  ctx: ServiceContext,
  table: Table,
  workspaceId: string,
  page: Page,
  list: { where: (SQL | undefined)[]; order: SQL[] },
) {
  const where = and(eq(table.workspaceId, workspaceId), ...list.where);
  return {
    pageRows: ctx.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...list.order)
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    counted: ctx.db.select({ total: sql<number>`count(*)` }).from(table).where(where),
    ...workspaceReferenceQueries(ctx, workspaceId),
  };
}

/** The page as the API answers it, from the rows of `plannedPageQueries`. */
export function plannedPageOf<Row, Response>(
  workspaceId: string,
  rows: { pageRows: Row[]; counted: { total: number }[] } & ReferenceRows,
  page: Page,
  toResponse: (row: Row, found: References) => Response,
) {
  const found = referencesIn(workspaceId, rows);
  return { data: rows.pageRows.map((row) => toResponse(row, found)), meta: pageMeta(page, rows.counted) };
}

/** The reads that check a template being saved: what it names, and the item `id` when it is edited. */
export function templateReads<Table extends PlannedItemTable>(
  ctx: ServiceContext,
  table: Table,
  input: WorkspaceRef & TemplateInput,
  id?: string,
) {
  return {
    ...templateReferenceQueries(ctx, input.workspaceId, [templateOfInput(input)]),
    itemRows: id === undefined ? undefined : itemQuery(ctx, table, input.workspaceId, id),
  };
}

/**
 * The input checked against a read of `templateReads`: the item edited (`notFound` when it is
 * gone), then the kind's own gate, then its tags found and its legs by a transaction's rules.
 */
export function checkedTemplate<Row>(
  ctx: ServiceContext,
  read: WorkspaceRead<{ itemRows: Row[] | undefined } & ReferenceRows>,
  input: WorkspaceRef & TemplateInput,
  checks: { notFound: () => AppError; assertAllowed?: () => void },
) {
  const { itemRows } = read.rows;
  if (itemRows && !itemRows[0]) throw checks.notFound();
  checks.assertAllowed?.();
  assertTagsFound(input.tag_ids, read.rows.tagRows);
  const found = referencesIn(input.workspaceId, read.rows);
  return {
    columns: templateColumnsOf(input, found.lookup, "typed"),
    found,
    today: todayIn(read.workspace.timeZone, ctx.clock.now()),
    previous: itemRows?.[0],
  };
}

/** What a new item starts with: a fresh id in the workspace, no failure, revision 0, created by the actor now. */
export function newItemColumns(ctx: ActingContext, workspaceId: string) {
  return {
    id: newId(),
    workspaceId,
    failureReason: null,
    failedAt: null,
    createdBy: actorUserId(ctx.actor),
    revision: 0,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
}

/** The item's update, written only if nobody changed it since it was read (its revision) and `onlyIf` holds. */
export function guardedItemUpdate<Table extends PlannedItemTable>(
  ctx: ServiceContext,
  table: Table,
  previous: Table["$inferSelect"],
  set: Partial<Table["$inferSelect"]>,
  onlyIf?: SQL,
) {
  // `set` is typed by the item's own row; drizzle types the update by the columns both tables share.
  const itemTable: PlannedItemTable = table;
  return ctx.db
    .update(itemTable)
    .set(revised(ctx, previous, set))
    .where(and(eq(itemTable.id, previous.id), eq(itemTable.revision, previous.revision), onlyIf));
}

/** `guardedItemUpdate` run, and the item as it now is; a 409 when it changed meanwhile. */
export async function appliedItemUpdate<Table extends PlannedItemTable>(
  ctx: ServiceContext,
  table: Table,
  previous: Table["$inferSelect"],
  set: Partial<Table["$inferSelect"]>,
  onlyIf?: SQL,
): Promise<Table["$inferSelect"]> {
  const updated = await guardedItemUpdate(ctx, table, previous, set, onlyIf);
  if (updated.rowsAffected !== 1) throw plannedItemChanged();
  return { ...previous, ...revised(ctx, previous, set) };
}
