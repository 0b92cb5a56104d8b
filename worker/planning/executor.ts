import { and, asc, eq, gt, lte, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { batchByName, batchOfStatements } from "../../db/named-batch.ts";
import {
  installmentPlans,
  recurringTransactions,
  scheduledTransactions,
  workspaces,
  type PlannedSourceKind,
} from "../../db/schema/index.ts";
import { actingAs, type ActingContext, type SystemActor } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { latestToday, todayIn } from "../ledger/dates.ts";
import { emptyOutcome, type DueItemExecutor, type ExecutorOutcome, type ItemFailure } from "../jobs/runner.ts";
import { referenceQueries, referencesIn } from "./planned-reads.ts";
import { failureReasonOf, referencedIds } from "./planned-template.ts";
import { postingPlan, runPostingBatch, type Occurrence, type PostableItem } from "./posting.ts";
import { executionsLeft, occurrenceAfter, postingDate } from "./recurrence.ts";
import { recurrenceOf } from "./recurring/recurring.rules.ts";
import { advancedPlan, dueInstallments } from "./installments/installments.service.ts";

/**
 * The cron executor of planned money (docs/decisions/028-planned-money-is-posted-once-by-its-claim.md; README:
 * "Scheduled and recurring transactions"). Each tick walks the due items of every workspace, oldest first, in chunks:
 * one read of a chunk's items, one of what they name, and one atomic batch that posts them all —
 * so round trips grow with the chunks, not the items. Each occurrence's claim rides in that batch
 * (worker/planning/posting.ts), so overlapping or retried runs never post one twice. When the
 * chunk's batch is refused (a card past its limit, a claim another run took, an item edited
 * meanwhile), its items are posted one batch each, so one item never blocks the others; an item
 * that cannot be posted keeps its failure reason and is tried again next tick.
 */
export const executorPolicy = {
  /** Items read and posted per batch. */
  chunkSize: 100,
  /** Occurrences of one item per chunk (a daily rule after a long outage catches up over chunks). */
  occurrencesPerItem: 50,
  /** Wall time a tick spends before leaving the rest to the next one (Cloudflare's cron limit is 15 min). */
  timeBudgetMs: 20_000,
} as const;

const systemActor: SystemActor = { type: "system", job: "due-items" };

type Cursor = { date: string; id: string } | null;

type Source<Row extends PostableItem> = {
  kind: PlannedSourceKind;
  dueChunk(ctx: ServiceContext, upTo: string, cursor: Cursor, limit: number): BatchItem<"sqlite">;
  dueDate(row: Row): string;
  name(row: Row): string;
  /** The occurrences due by `today`, oldest first, at most `limit`. */
  occurrencesDue(row: Row, today: string, limit: number): Occurrence[];
  /** The item's own update after posting `posted`, guarded by the revision read. */
  advance(
    ctx: ServiceContext,
    row: Row,
    posted: readonly Occurrence[],
    transactionIds: readonly string[],
  ): BatchItem<"sqlite">;
  /** Records why it could not be posted, without bumping the revision (it is not a change of the item). */
  fail(ctx: ServiceContext, row: Row, reason: string): BatchItem<"sqlite">;
};

/** Rows after the cursor in (date, id) order. */
const afterCursor = (dateColumn: SQLiteColumn, idColumn: SQLiteColumn, cursor: Cursor) =>
  cursor ? or(gt(dateColumn, cursor.date), and(eq(dateColumn, cursor.date), gt(idColumn, cursor.id))) : undefined;

type ScheduledRow = typeof scheduledTransactions.$inferSelect;
type RecurringRow = typeof recurringTransactions.$inferSelect;

const scheduledSource: Source<ScheduledRow> = {
  kind: "scheduled",
  dueChunk: (ctx, upTo, cursor, limit) =>
    ctx.db
      .select({ item: scheduledTransactions, timeZone: workspaces.timeZone })
      .from(scheduledTransactions)
      .innerJoin(workspaces, eq(workspaces.id, scheduledTransactions.workspaceId))
      .where(
        and(
          eq(scheduledTransactions.status, "pending"),
          lte(scheduledTransactions.scheduledDate, upTo),
          afterCursor(scheduledTransactions.scheduledDate, scheduledTransactions.id, cursor),
        ),
      )
      .orderBy(asc(scheduledTransactions.scheduledDate), asc(scheduledTransactions.id))
      .limit(limit),
  dueDate: (row) => row.scheduledDate,
  name: (row) => row.description,
  occurrencesDue: (row, today) =>
    row.scheduledDate <= today ? [{ occurrenceDate: row.scheduledDate, transactionDate: row.scheduledDate }] : [],
  advance: (ctx, row, _posted, transactionIds) =>
    ctx.db
      .update(scheduledTransactions)
      .set({
        status: "executed",
        transactionId: transactionIds[0],
        executedAt: ctx.clock.now().toISOString(),
        failureReason: null,
        failedAt: null,
        revision: row.revision + 1,
      })
      .where(and(eq(scheduledTransactions.id, row.id), eq(scheduledTransactions.revision, row.revision))),
  fail: (ctx, row, reason) =>
    ctx.db
      .update(scheduledTransactions)
      .set({ failureReason: reason, failedAt: ctx.clock.now().toISOString() })
      .where(and(eq(scheduledTransactions.id, row.id), eq(scheduledTransactions.revision, row.revision))),
};

const recurringSource: Source<RecurringRow> = {
  kind: "recurring",
  dueChunk: (ctx, upTo, cursor, limit) =>
    ctx.db
      .select({ item: recurringTransactions, timeZone: workspaces.timeZone })
      .from(recurringTransactions)
      .innerJoin(workspaces, eq(workspaces.id, recurringTransactions.workspaceId))
      .where(
        and(
          eq(recurringTransactions.status, "active"),
          lte(recurringTransactions.nextDueDate, upTo),
          afterCursor(recurringTransactions.nextDueDate, recurringTransactions.id, cursor),
        ),
      )
      .orderBy(asc(recurringTransactions.nextDueDate), asc(recurringTransactions.id))
      .limit(limit),
  dueDate: (row) => row.nextDueDate ?? "",
  name: (row) => row.name,
  occurrencesDue(row, today, limit) {
    const rule = recurrenceOf(row);
    const due: Occurrence[] = [];
    let next = row.nextDate;
    const left = Math.min(limit, executionsLeft(rule, row.executionCount));
    while (next !== null && due.length < left) {
      const transactionDate = postingDate(next, rule.weekendRule);
      if (transactionDate > today) break;
      due.push({ occurrenceDate: next, transactionDate });
      next = occurrenceAfter(rule, next);
    }
    return due;
  },
  advance(ctx, row, posted) {
    return ctx.db
      .update(recurringTransactions)
      .set({ ...advancedState(row, posted), failureReason: null, failedAt: null, revision: row.revision + 1 })
      .where(and(eq(recurringTransactions.id, row.id), eq(recurringTransactions.revision, row.revision)));
  },
  fail: (ctx, row, reason) =>
    ctx.db
      .update(recurringTransactions)
      .set({ failureReason: reason, failedAt: ctx.clock.now().toISOString() })
      .where(and(eq(recurringTransactions.id, row.id), eq(recurringTransactions.revision, row.revision))),
};

type InstallmentPlanRow = typeof installmentPlans.$inferSelect;

/** Plans paid from an account: each installment on its date (a card's are all posted when the plan is saved). */
const installmentSource: Source<InstallmentPlanRow> = {
  kind: "installment",
  dueChunk: (ctx, upTo, cursor, limit) =>
    ctx.db
      .select({ item: installmentPlans, timeZone: workspaces.timeZone })
      .from(installmentPlans)
      .innerJoin(workspaces, eq(workspaces.id, installmentPlans.workspaceId))
      .where(
        and(
          eq(installmentPlans.status, "active"),
          lte(installmentPlans.nextDueDate, upTo),
          afterCursor(installmentPlans.nextDueDate, installmentPlans.id, cursor),
        ),
      )
      .orderBy(asc(installmentPlans.nextDueDate), asc(installmentPlans.id))
      .limit(limit),
  dueDate: (row) => row.nextDueDate ?? "",
  name: (row) => row.description,
  occurrencesDue: dueInstallments,
  advance: (ctx, row, posted) =>
    ctx.db
      .update(installmentPlans)
      .set({ ...advancedPlan(row, posted.length), revision: row.revision + 1 })
      .where(and(eq(installmentPlans.id, row.id), eq(installmentPlans.revision, row.revision))),
  fail: (ctx, row, reason) =>
    ctx.db
      .update(installmentPlans)
      .set({ failureReason: reason, failedAt: ctx.clock.now().toISOString() })
      .where(and(eq(installmentPlans.id, row.id), eq(installmentPlans.revision, row.revision))),
};

/** A recurring item after `posted`: its next occurrence, count and last date; inactive once its rule has ended. */
export function advancedState(row: RecurringRow, posted: readonly Occurrence[]) {
  const rule = recurrenceOf(row);
  const last = posted.at(-1)!;
  const executionCount = row.executionCount + posted.length;
  const nextDate = executionsLeft(rule, executionCount) > 0 ? occurrenceAfter(rule, last.occurrenceDate) : null;
  return {
    executionCount,
    lastExecutionDate: last.transactionDate,
    lastOccurrenceDate: last.occurrenceDate,
    nextDate,
    nextDueDate: nextDate === null ? null : postingDate(nextDate, rule.weekendRule),
    status: nextDate === null ? ("inactive" as const) : row.status,
  };
}

type Planned<Row extends PostableItem> = {
  row: Row;
  statements: BatchItem<"sqlite">[];
  occurrences: number;
};

/** Times a chunk is read again after another run posted some of it first, before its items go one by one. */
const overtakenRereads = 2;

/**
 * One chunk of one source: read, resolve, post. Returns what it read (for the cursor) and what it
 * did. When another run (an overlapping tick) posted some of the chunk first, the chunk is read
 * again — without what is now posted — and posted whole, rather than item by item: ten overlapping
 * runs would otherwise send ten times as many single batches, enough to swamp the database.
 */
async function postChunk<Row extends PostableItem>(
  ctx: ActingContext,
  source: Source<Row>,
  cursor: Cursor,
  outcome: ExecutorOutcome,
): Promise<{ cursor: Cursor; exhausted: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const result = await attemptChunk(ctx, source, cursor, outcome, attempt < overtakenRereads);
    if (result !== "overtaken") return result;
  }
}

async function attemptChunk<Row extends PostableItem>(
  ctx: ActingContext,
  source: Source<Row>,
  cursor: Cursor,
  outcome: ExecutorOutcome,
  mayReread: boolean,
): Promise<{ cursor: Cursor; exhausted: boolean } | "overtaken"> {
  const now = ctx.clock.now();
  const { rows } = await batchByName(ctx.db, [], {
    candidates: source.dueChunk(ctx, latestToday(now), cursor, executorPolicy.chunkSize),
  });
  const candidates = rows.candidates as { item: Row; timeZone: string }[];
  const last = candidates.at(-1);
  const nextCursor = last ? { date: source.dueDate(last.item), id: last.item.id } : cursor;
  const exhausted = candidates.length < executorPolicy.chunkSize;
  const due = candidates.flatMap(({ item, timeZone }) => {
    const occurrences = source.occurrencesDue(item, todayIn(timeZone, now), executorPolicy.occurrencesPerItem);
    return occurrences.length > 0 ? [{ item, occurrences }] : [];
  });
  if (due.length === 0) return { cursor: nextCursor, exhausted };

  const found = (await batchByName(ctx.db, [], referenceQueries(ctx, referencedIds(due.map(({ item }) => item))))).rows;
  const planned: Planned<Row>[] = [];
  const failures: { row: Row; reason: string }[] = [];
  for (const { item, occurrences } of due) {
    try {
      const plan = postingPlan(
        ctx,
        { kind: source.kind, item, name: source.name(item) },
        occurrences,
        referencesIn(item.workspaceId, found),
      );
      const advance = source.advance(
        ctx,
        item,
        occurrences,
        plan.rows.map((row) => row.id),
      );
      planned.push({ row: item, statements: [...plan.statements, advance], occurrences: occurrences.length });
    } catch (error) {
      const reason = failureReasonOf(error);
      if (reason === null) throw error;
      failures.push({ row: item, reason });
    }
  }

  try {
    await runPostingBatch(
      batchOfStatements(ctx.db, [
        ...planned.flatMap((plan) => plan.statements),
        ...failures.map(({ row, reason }) => source.fail(ctx, row, reason)),
      ]),
    );
    for (const plan of planned) outcome.posted += plan.occurrences;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (mayReread && isOvertaken(error)) return "overtaken";
    // Something in the chunk was refused: each item alone, so only that one waits.
    for (const plan of planned) {
      try {
        await runPostingBatch(batchOfStatements(ctx.db, plan.statements));
        outcome.posted += plan.occurrences;
      } catch (itemError) {
        if (isOvertaken(itemError)) continue;
        const reason = failureReasonOf(itemError);
        if (reason === null) throw itemError;
        failures.push({ row: plan.row, reason });
      }
    }
    await batchOfStatements(
      ctx.db,
      failures.map(({ row, reason }) => source.fail(ctx, row, reason)),
    );
  }
  for (const { row, reason } of failures)
    recordFailure(outcome, { kind: source.kind, id: row.id, workspaceId: row.workspaceId, reason });
  return { cursor: nextCursor, exhausted };
}

const isOvertaken = (error: unknown) => error instanceof AppError && error.code === "PLANNED_ITEM_CHANGED";
/** What the batch's own guards refused (overtaken, a limit, a bound) — not the database being out of reach. */
const isRefusal = (error: unknown) => isOvertaken(error) || failureReasonOf(error) !== null;

function recordFailure(outcome: ExecutorOutcome, failure: ItemFailure) {
  outcome.failed += 1;
  // The run's record keeps the first ones; the items themselves keep their own reasons.
  if (outcome.failures.length < 50) outcome.failures.push(failure);
}

/** Posts every occurrence due at ctx.clock.now() (the cron's scheduled time), within the tick's time budget. */
export async function postDueItems(
  serviceContext: ServiceContext,
  outcome: ExecutorOutcome = emptyOutcome(),
  wallClock: () => number = Date.now,
): Promise<ExecutorOutcome> {
  const ctx = actingAs(serviceContext, systemActor);
  const deadline = wallClock() + executorPolicy.timeBudgetMs;
  const sources = [
    { source: scheduledSource as Source<PostableItem>, cursor: null as Cursor, exhausted: false },
    { source: recurringSource as unknown as Source<PostableItem>, cursor: null as Cursor, exhausted: false },
    { source: installmentSource as unknown as Source<PostableItem>, cursor: null as Cursor, exhausted: false },
  ];
  while (sources.some((state) => !state.exhausted)) {
    if (wallClock() > deadline) {
      outcome.finished = false;
      break;
    }
    for (const state of sources) {
      if (state.exhausted) continue;
      const next = await postChunk(ctx, state.source, state.cursor, outcome);
      state.cursor = next.cursor;
      state.exhausted = next.exhausted;
    }
  }
  return outcome;
}

export const plannedItemsExecutor: DueItemExecutor = {
  name: "planned",
  execute: async (ctx, outcome) => void (await postDueItems(ctx, outcome)),
};
