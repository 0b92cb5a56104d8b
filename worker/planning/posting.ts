import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "../../db/ids.ts";
import {
  installmentPlans,
  loans,
  plannedOccurrences,
  recurringTransactions,
  scheduledTransactions,
  transactions,
  type PlannedSourceKind,
} from "../../db/schema/index.ts";
import { actorUserId, createdViaOf, type ActingContext } from "../access/actor.ts";
import { AppError } from "../http/errors.ts";
import { assertCreditAvailable, effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { effectsOfChange, noEffects, type Effects } from "../ledger/effects.ts";
import { type GivenTag, tagLinkStatements } from "../ledger/tag-links.ts";
import { resolveTransaction, type Lookup } from "../transactions/transaction-legs.ts";
import { countChange, creditLimits } from "../transactions/transactions.service.ts";
import { tagIdsOf, transactionInputOf, type TemplateColumns } from "./planned-template.ts";

type TransactionRow = typeof transactions.$inferSelect;

/** A planned item as its claim needs it: what identifies the state it was read in. */
export type PlannedItem = { id: string; workspaceId: string; revision: number; status: string };

/** A template's item as its posting plan needs it: its template, and the state it was read in. */
export type PostableItem = TemplateColumns & PlannedItem;

/**
 * One occurrence: its own date (the claim's key) and the date its transaction carries; an
 * installment also carries its own amount and description ("Notebook (3/10)"), a loan's payment
 * its amount.
 */
export type Occurrence = {
  occurrenceDate: string;
  transactionDate: string;
  amountCents?: number;
  description?: string;
};

/** Where the items of each kind live, and the status in which one may post. */
export const plannedItemTables = {
  scheduled: { table: scheduledTransactions, postableStatus: "pending" },
  recurring: { table: recurringTransactions, postableStatus: "active" },
  installment: { table: installmentPlans, postableStatus: "active" },
  loan: { table: loans, postableStatus: "active" },
} as const;

/**
 * The claim of one occurrence: inserted only while the item is still as it was read (same revision,
 * still postable) — so an edit, a cancel or a pause that lands first leaves nothing to claim — and
 * refused by the unique key when another run claimed the occurrence first.
 */
export function claimStatement(
  ctx: ActingContext,
  source: { kind: PlannedSourceKind; item: PlannedItem; name: string },
  occurrence: Occurrence,
  claimId: string,
  onlyIf?: SQL,
) {
  const { table, postableStatus } = plannedItemTables[source.kind];
  const now = ctx.clock.now().toISOString();
  return ctx.db.insert(plannedOccurrences).select(
    ctx.db
      .select({
        id: sql<string>`${claimId}`.as("id"),
        workspaceId: table.workspaceId,
        sourceKind: sql<PlannedSourceKind>`${source.kind}`.as("source_kind"),
        sourceId: table.id,
        sourceName: sql<string>`${source.name}`.as("source_name"),
        occurrenceDate: sql<string>`${occurrence.occurrenceDate}`.as("occurrence_date"),
        postedAt: sql<string>`${now}`.as("posted_at"),
      })
      .from(table)
      .where(
        and(
          eq(table.id, source.item.id),
          eq(table.workspaceId, source.item.workspaceId),
          eq(table.revision, source.item.revision),
          eq(table.status, postableStatus),
          onlyIf,
        ),
      ),
  );
}

export type PostingPlan = { statements: BatchItem<"sqlite">[]; effects: Effects; rows: TransactionRow[] };

/**
 * The statements that post an item's occurrences, in order, for the caller's atomic batch (which
 * ends with the item's own update): per occurrence its claim, then its transaction — whose
 * planned_occurrence_id must name that claim, so the foreign key refuses the batch when the claim
 * was not inserted — its tags, the workspace's count and the balances. Throws the transaction
 * rules' error when the template no longer posts (an archived leg, no credit left). A card's limit
 * holds unless the installments are the bank's word (a bank connection's sync), which already went through.
 */
export function postingPlan(
  ctx: ActingContext,
  source: { kind: PlannedSourceKind; item: PostableItem; name: string },
  occurrences: readonly Occurrence[],
  found: { lookup: Lookup; tagsById: ReadonlyMap<string, GivenTag> },
  cardLimit: "held" | "bank's word" = "held",
): PostingPlan {
  const { item } = source;
  const givenTags = tagIdsOf(item).flatMap((id) => found.tagsById.get(id) ?? []);
  const statements: BatchItem<"sqlite">[] = [];
  const effects = noEffects();
  const rows: TransactionRow[] = [];
  const now = ctx.clock.now().toISOString();
  for (const occurrence of occurrences) {
    const template = { ...item, amountCents: occurrence.amountCents ?? item.amountCents };
    const input = transactionInputOf(template, occurrence.transactionDate);
    const { kind, ...money } = resolveTransaction(input, found.lookup, null, "units");
    const claimId = newId();
    const row: TransactionRow = {
      id: newId(),
      workspaceId: item.workspaceId,
      kind,
      ...money,
      description: occurrence.description ?? item.description,
      date: occurrence.transactionDate,
      note: null,
      payeeId: null,
      createdBy: actorUserId(ctx.actor),
      createdVia: createdViaOf(ctx.actor),
      plannedOccurrenceId: claimId,
      importId: null,
      importedId: null,
      revision: 0,
      createdAt: now,
      updatedAt: null,
    };
    const occurrenceEffects = effectsOfChange(null, row);
    for (const [map, into] of [
      [occurrenceEffects.accounts, effects.accounts],
      [occurrenceEffects.cards, effects.cards],
    ] as const) {
      for (const [id, cents] of map) into.set(id, (into.get(id) ?? 0) + cents);
    }
    statements.push(
      claimStatement(ctx, source, occurrence, claimId),
      ctx.db.insert(transactions).values(row),
      countChange(ctx, item.workspaceId, 1),
      ...tagLinkStatements(ctx.db, row.id, givenTags),
      ...effectStatements(ctx, item.workspaceId, occurrenceEffects, undefined, cardLimit),
    );
    rows.push(row);
  }
  if (cardLimit === "held") assertCreditAvailable(effects, creditLimits(found.lookup));
  return { statements, effects, rows };
}

const claimTakenFailure = "UNIQUE constraint failed: planned_occurrences.";
const claimMissingFailure = "FOREIGN KEY constraint failed";

function failedOn(error: unknown, failure: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(failure)) return true;
  }
  return false;
}

/**
 * Another run posted the occurrence first, or the item changed (edited, cancelled, paused,
 * deleted) — or a row it names went — between the read and the write: nothing was written.
 */
export const isPostingOvertaken = (error: unknown) =>
  failedOn(error, claimTakenFailure) || failedOn(error, claimMissingFailure);

export const plannedItemChanged = () => new AppError("PLANNED_ITEM_CHANGED");

/** A posting's batch for a person's "execute now": overtaken is a 409 to reload, the ledger's own refusals as usual. */
export function runPostingBatch(batch: Promise<unknown>): Promise<unknown> {
  return runLedgerBatch(
    batch.catch((error: unknown) => {
      throw isPostingOvertaken(error) ? plannedItemChanged() : error;
    }),
  );
}
