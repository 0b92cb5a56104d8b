import { and, asc, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { batchOfStatements } from "../../db/named-batch.ts";
import { workspaces, type PlannedSourceKind } from "../../db/schema/index.ts";
import type { ActingContext } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import { earlierDate } from "../ledger/dates.ts";
import { latestDate } from "../ledger/date-range.ts";
import type { referencesIn } from "./planned-reads.ts";
import { type referencedIds, revised } from "./planned-template.ts";
import { plannedItemTables, runPostingBatch, type Occurrence, type PlannedItem, type PostingPlan } from "./posting.ts";

/*
 * One model of money that is planned and posted later (docs/decisions/045-planned-money-is-one-model-of-occurrences.md):
 * every kind of item — a scheduled transaction, a recurring rule, an installment plan paid from an
 * account, a loan that pays itself — is a list of occurrences, each with its own date (the claim's
 * key) and the day its transaction carries. A kind says which of its occurrences are due, how they
 * post and what the item becomes once some are posted; the cron executor (./executor.ts) and a
 * person's "post now" (`postNextNow`) post them the same way: claims, transactions and the item's
 * advance in one atomic batch.
 */

export type References = ReturnType<typeof referencesIn>;

export type PlannedKind<Row extends PlannedItem> = {
  kind: PlannedSourceKind;
  /** The column the executor reads due items by: the next occurrence's posting day. */
  dueColumn: SQLiteColumn;
  /** What else an item must be for the executor to read it, beyond its postable status (a loan: auto-pay on). */
  dueWhere?: SQL;
  dueDate(row: Row): string;
  /** The name a claim keeps, shown on the transaction after the item is gone. */
  name(row: Row): string;
  /** The occurrences due by `today`, oldest first, at most `limit`. */
  occurrencesDue(row: Row, today: string, limit: number): Occurrence[];
  /** What the item becomes once `posted` are posted at `postedAt` as `transactionIds` (its next date, count, status). */
  advanced(row: Row, posted: readonly Occurrence[], transactionIds: readonly string[], postedAt: string): Partial<Row>;
  /** The accounts, cards and tags the items' occurrences post with, read before they are posted. */
  referencedIds(rows: readonly Row[]): ReturnType<typeof referencedIds>;
  /**
   * The statements that post `occurrences` of `source.item` in order, each with its claim, for the
   * caller's batch that ends with the item's advance (a template's: ./posting.ts's `postingPlan`).
   * Throws the refusal the item shows when they cannot post (an archived account, no credit left).
   */
  posting(
    ctx: ActingContext,
    source: { kind: PlannedSourceKind; item: Row; name: string },
    occurrences: readonly Occurrence[],
    found: References,
  ): PostingPlan;
};

/** Where a walk over due items stands: the last (date, id) read. */
export type Cursor = { date: string; id: string } | null;

/** A chunk of the kind's postable items due by `upTo`, after the cursor in (date, id) order, with their workspace's time zone. */
export function dueChunkQuery<Row extends PlannedItem>(
  ctx: ServiceContext,
  kind: PlannedKind<Row>,
  upTo: string,
  cursor: Cursor,
  limit: number,
): BatchItem<"sqlite"> {
  const { table, postableStatus } = plannedItemTables[kind.kind];
  const due = kind.dueColumn;
  return ctx.db
    .select({ item: table, timeZone: workspaces.timeZone })
    .from(table)
    .innerJoin(workspaces, eq(workspaces.id, table.workspaceId))
    .where(
      and(
        eq(table.status, postableStatus),
        kind.dueWhere,
        lte(due, upTo),
        cursor ? or(gt(due, cursor.date), and(eq(due, cursor.date), gt(table.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(asc(due), asc(table.id))
    .limit(limit);
}

/** The item's update after posting, guarded by the revision read; a past failure is cleared. */
export function advanceStatement(ctx: ServiceContext, kind: PlannedSourceKind, row: PlannedItem, set: object) {
  const { table } = plannedItemTables[kind];
  return ctx.db
    .update(table)
    .set({ ...set, failureReason: null, failedAt: null, revision: row.revision + 1 })
    .where(and(eq(table.id, row.id), eq(table.revision, row.revision)));
}

/** Why the item could not be posted, kept without bumping the revision (it is not a change of the item). */
export function failStatement(ctx: ServiceContext, kind: PlannedSourceKind, row: PlannedItem, reason: string) {
  const { table } = plannedItemTables[kind];
  return ctx.db
    .update(table)
    .set({ failureReason: reason, failedAt: ctx.clock.now().toISOString() })
    .where(and(eq(table.id, row.id), eq(table.revision, row.revision)));
}

/** The statements that post `occurrences` of `row` as its kind does: claims, transactions, counts, balances and what else it keeps. */
export const occurrencesPosting = <Row extends PlannedItem>(
  ctx: ActingContext,
  kind: PlannedKind<Row>,
  row: Row,
  occurrences: readonly Occurrence[],
  found: References,
): PostingPlan => kind.posting(ctx, { kind: kind.kind, item: row, name: kind.name(row) }, occurrences, found);

/**
 * A person's "post now": the item's next occurrence, dated its own posting day once that has come and
 * today when run ahead, posted in one batch with its claim and the item's advance — so the executor
 * cannot post it too. Null when the item has no occurrence left. An item changed meanwhile is a 409.
 */
export async function postNextNow<Row extends PlannedItem>(
  ctx: ActingContext,
  kind: PlannedKind<Row>,
  row: Row,
  found: References,
  today: string,
): Promise<{ row: Row; transactionId: string } | null> {
  const next = kind.occurrencesDue(row, latestDate, 1)[0];
  if (!next) return null;
  const occurrence = { ...next, transactionDate: earlierDate(next.transactionDate, today) };
  const posting = occurrencesPosting(ctx, kind, row, [occurrence], found);
  const transactionId = posting.rows[0]!.id;
  const set = revised(ctx, row, kind.advanced(row, [occurrence], [transactionId], ctx.clock.now().toISOString()));
  await runPostingBatch(batchOfStatements(ctx.db, [...posting.statements, advanceStatement(ctx, kind.kind, row, set)]));
  return { row: { ...row, ...set, failureReason: null, failedAt: null }, transactionId };
}
