import type { BatchItem } from "drizzle-orm/batch";
import { batchByName, batchOfStatements } from "../../db/named-batch.ts";
import { actingAs, type ActingContext, type SystemActor } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { latestToday, todayIn } from "../ledger/dates.ts";
import { emptyOutcome, type DueItemExecutor, type ExecutorOutcome, type ItemFailure } from "../jobs/runner.ts";
import { referenceQueries, referencesIn } from "./planned-reads.ts";
import { failureReasonOf } from "./planned-template.ts";
import {
  advanceStatement,
  dueChunkQuery,
  failStatement,
  occurrencesPosting,
  type Cursor,
  type PlannedKind,
} from "./planned-kind.ts";
import { plannedItemTables, runPostingBatch, type PlannedItem } from "./posting.ts";
import { scheduledKind } from "./scheduled/scheduled.kind.ts";
import { recurringKind } from "./recurring/recurring.kind.ts";
import { installmentKind } from "./installments/installments.kind.ts";
import { loanKind } from "./loans/loans.kind.ts";

/**
 * The cron executor of planned money (docs/decisions/028-planned-money-is-posted-once-by-its-claim.md; README:
 * "Scheduled and recurring transactions"; the kinds it posts: ./planned-kind.ts). Each tick walks the due items of every
 * workspace, oldest first, in chunks:
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
  /** Occurrences of one item per chunk (a daily rule after a long outage catches up over chunks, a loan one payment a chunk). */
  occurrencesPerItem: 50,
  /** Wall time a tick spends before leaving the rest to the next one (Cloudflare's cron limit is 15 min). */
  timeBudgetMs: 20_000,
} as const;

const systemActor: SystemActor = { type: "system", job: "due-items" };

/** The kinds of planned money the executor posts, in the order each tick walks them. */
const plannedKinds = [
  scheduledKind,
  recurringKind,
  installmentKind,
  loanKind,
] as unknown as readonly PlannedKind<PlannedItem>[];

type Planned<Row extends PlannedItem> = {
  row: Row;
  statements: BatchItem<"sqlite">[];
  occurrences: number;
  /** Once posted, the item has another occurrence due in this run: the walk reads it again. */
  isStillDue: boolean;
};

/** Times a chunk is read again after another run posted some of it first, before its items go one by one. */
const overtakenRereads = 2;

/**
 * One chunk of one kind: read, resolve, post. Returns what it read (for the cursor) and what it
 * did. When another run (an overlapping tick) posted some of the chunk first, the chunk is read
 * again — without what is now posted — and posted whole, rather than item by item: ten overlapping
 * runs would otherwise send ten times as many single batches, enough to swamp the database.
 */
async function postChunk<Row extends PlannedItem>(
  ctx: ActingContext,
  kind: PlannedKind<Row>,
  cursor: Cursor,
  outcome: ExecutorOutcome,
): Promise<{ cursor: Cursor; exhausted: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const result = await attemptChunk(ctx, kind, cursor, outcome, attempt < overtakenRereads);
    if (result !== "overtaken") return result;
  }
}

async function attemptChunk<Row extends PlannedItem>(
  ctx: ActingContext,
  kind: PlannedKind<Row>,
  cursor: Cursor,
  outcome: ExecutorOutcome,
  mayReread: boolean,
): Promise<{ cursor: Cursor; exhausted: boolean } | "overtaken"> {
  const now = ctx.clock.now();
  const upTo = latestToday(now);
  const { rows } = await batchByName(ctx.db, [], {
    candidates: dueChunkQuery(ctx, kind, upTo, cursor, executorPolicy.chunkSize),
  });
  const candidates = rows.candidates as { item: Row; timeZone: string }[];
  const last = candidates.at(-1);
  const nextCursor = last ? { date: kind.dueDate(last.item), id: last.item.id } : cursor;
  const isLastChunk = candidates.length < executorPolicy.chunkSize;
  const due = candidates.flatMap(({ item, timeZone }) => {
    const occurrences = kind.occurrencesDue(item, todayIn(timeZone, now), executorPolicy.occurrencesPerItem);
    return occurrences.length > 0 ? [{ item, occurrences }] : [];
  });
  if (due.length === 0) return { cursor: nextCursor, exhausted: isLastChunk };

  const found = (await batchByName(ctx.db, [], referenceQueries(ctx, kind.referencedIds(due.map(({ item }) => item)))))
    .rows;
  const planned: Planned<Row>[] = [];
  const failures: { row: Row; reason: string }[] = [];
  for (const { item, occurrences } of due) {
    try {
      const plan = occurrencesPosting(ctx, kind, item, occurrences, referencesIn(item.workspaceId, found));
      const transactionIds = plan.rows.map((row) => row.id);
      const set = kind.advanced(item, occurrences, transactionIds, now.toISOString());
      planned.push({
        row: item,
        statements: [...plan.statements, advanceStatement(ctx, kind.kind, item, set)],
        occurrences: occurrences.length,
        isStillDue: isDueAgain(kind, { ...item, ...set }, upTo),
      });
    } catch (error) {
      const reason = failureReasonOf(error);
      if (reason === null) throw error;
      failures.push({ row: item, reason });
    }
  }

  const posted: Planned<Row>[] = [];
  try {
    await runPostingBatch(
      batchOfStatements(ctx.db, [
        ...planned.flatMap((plan) => plan.statements),
        ...failures.map(({ row, reason }) => failStatement(ctx, kind.kind, row, reason)),
      ]),
    );
    posted.push(...planned);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (mayReread && isOvertaken(error)) return "overtaken";
    // Something in the chunk was refused: each item alone, so only that one waits.
    for (const plan of planned) {
      try {
        await runPostingBatch(batchOfStatements(ctx.db, plan.statements));
        posted.push(plan);
      } catch (itemError) {
        if (isOvertaken(itemError)) continue;
        const reason = failureReasonOf(itemError);
        if (reason === null) throw itemError;
        failures.push({ row: plan.row, reason });
      }
    }
    await batchOfStatements(
      ctx.db,
      failures.map(({ row, reason }) => failStatement(ctx, kind.kind, row, reason)),
    );
  }
  for (const plan of posted) outcome.posted += plan.occurrences;
  for (const { row, reason } of failures)
    recordFailure(outcome, { kind: kind.kind, id: row.id, workspaceId: row.workspaceId, reason });
  // An item posted with another occurrence due (a loan two payments behind) is read again after the cursor.
  return { cursor: nextCursor, exhausted: isLastChunk && !posted.some((plan) => plan.isStillDue) };
}

/** Whether the item, advanced, is still postable with its next occurrence due by `upTo`. */
function isDueAgain<Row extends PlannedItem>(kind: PlannedKind<Row>, row: Row, upTo: string) {
  const dueDate = kind.dueDate(row);
  return row.status === plannedItemTables[kind.kind].postableStatus && dueDate !== "" && dueDate <= upTo;
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
  const walks = plannedKinds.map((kind) => ({ kind, cursor: null as Cursor, exhausted: false }));
  while (walks.some((walk) => !walk.exhausted)) {
    if (wallClock() > deadline) {
      outcome.finished = false;
      break;
    }
    for (const walk of walks) {
      if (walk.exhausted) continue;
      const next = await postChunk(ctx, walk.kind, walk.cursor, outcome);
      walk.cursor = next.cursor;
      walk.exhausted = next.exhausted;
    }
  }
  return outcome;
}

export const plannedItemsExecutor: DueItemExecutor = {
  name: "planned",
  execute: async (ctx, outcome) => void (await postDueItems(ctx, outcome)),
};
