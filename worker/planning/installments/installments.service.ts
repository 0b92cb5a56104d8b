/**
 * Installment plans (README: "Installment plans"). A plan on a credit card posts every
 * installment when it is saved — one atomic batch with the plan, each installment claimed and
 * dated on its own statement — so the card's limit holds the whole remainder and each statement
 * paid frees its share. A plan on an account posts each installment on its date through the cron
 * executor (worker/planning/executor.ts), or now by "execute payment", or links one already
 * recorded ("record payment"); every posting rides with its claim, so none is posted twice.
 */
import { and, asc, eq, exists, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../../db/ids.ts";
import { batchEndingWith, batchOfStatements } from "../../../db/named-batch.ts";
import { installmentPlans, plannedOccurrences, transactions } from "../../../db/schema/index.ts";
import { actorUserId, type ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, fieldError } from "../../http/errors.ts";
import { created, idempotentWrite, type Answer, type IdempotentRequest } from "../../idempotency/idempotent-write.ts";
import { effectStatements, runLedgerBatch } from "../../ledger/apply-effects.ts";
import { hundredthsToUnits, unitsToDecimal } from "../../ledger/amounts.ts";
import { unitsIn } from "../../ledger/amount-in-currency.ts";
import { todayIn } from "../../ledger/dates.ts";
import { effectsOfChange } from "../../ledger/effects.ts";
import { referencesIn, templateReferenceQueries, workspaceReferenceQueries } from "../planned-reads.ts";
import { assertScheduleEndsInRange } from "../schedule-range.ts";
import { parseLegRef, revised, templateColumnsOf } from "../planned-template.ts";
import { occurrencesPosting, postNextNow } from "../planned-kind.ts";
import { claimStatement, type Occurrence, plannedItemChanged, runPostingBatch } from "../posting.ts";
import { advancedPlan, installmentKind } from "./installments.kind.ts";
import { type AlsoInBatch, assertTagsFound, countChange } from "../../transactions/transactions.service.ts";
import { type CardWithAccount, currencyOfLeg, type Lookup } from "../../transactions/transaction-legs.ts";
import type { LegRef } from "../../transactions/transactions.schemas.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import {
  type InstallmentClaim,
  type InstallmentPlanDetail,
  type InstallmentPlanRow,
  isCardPlan,
  toInstallmentPlanDetail,
  toInstallmentPlanResponse,
} from "./installment-plan-view.ts";
import {
  accountInstallmentDates,
  cardInstallmentDates,
  installmentDescription,
  installmentRows,
  regularInstallmentCents,
} from "./installment-schedule.ts";
import type { installmentPlanListSchema } from "./installments.responses.ts";
import type { InstallmentPlanEdit, InstallmentPlanInput, RecordInstallmentPayment } from "./installments.schemas.ts";

export type InstallmentPlanRef = WorkspaceRef & { planId: string };

const planNotFound = () => new AppError("NOT_FOUND", "errors:details.installmentPlanNotFound");
const notActive = () => new AppError("INSTALLMENT_PLAN_NOT_ACTIVE");
const notPaused = () => new AppError("INSTALLMENT_PLAN_NOT_PAUSED");
const onCard = () => new AppError("INSTALLMENT_PLAN_ON_CARD");
const wasCancelled = () => new AppError("INSTALLMENT_PLAN_CANCELLED");

const planId = (ref: InstallmentPlanRef) => (isUuid(ref.planId) ? ref.planId.toLowerCase() : "");

function planQuery(ctx: ServiceContext, ref: InstallmentPlanRef) {
  return ctx.db
    .select()
    .from(installmentPlans)
    .where(and(eq(installmentPlans.workspaceId, ref.workspaceId), eq(installmentPlans.id, planId(ref))));
}

/** The claims of a workspace's plans (or one plan's), each with the transaction it posted while that exists. */
export function installmentClaimsQuery(ctx: ServiceContext, workspaceId: string, onlyPlanId?: string) {
  return ctx.db
    .select({
      planId: plannedOccurrences.sourceId,
      occurrenceDate: plannedOccurrences.occurrenceDate,
      transactionId: transactions.id,
      date: transactions.date,
    })
    .from(plannedOccurrences)
    .innerJoin(installmentPlans, eq(installmentPlans.id, plannedOccurrences.sourceId))
    .leftJoin(transactions, eq(transactions.plannedOccurrenceId, plannedOccurrences.id))
    .where(
      and(
        eq(installmentPlans.workspaceId, workspaceId),
        eq(plannedOccurrences.sourceKind, "installment"),
        onlyPlanId === undefined ? undefined : eq(installmentPlans.id, onlyPlanId),
      ),
    );
}

/** Every plan of a workspace, newest purchase first, with what their answers show (a workspace has tens). */
export function installmentListQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    planRows: ctx.db
      .select()
      .from(installmentPlans)
      .where(eq(installmentPlans.workspaceId, workspaceId))
      .orderBy(asc(installmentPlans.purchaseDate), asc(installmentPlans.id)),
    claimRows: installmentClaimsQuery(ctx, workspaceId),
    ...workspaceReferenceQueries(ctx, workspaceId),
  };
}

/** GET /installment-plans: each plan with its progress; `meta.today` is the workspace's today. */
export async function listInstallmentPlans({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof installmentPlanListSchema>> {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    installmentListQueries(ctx, input.workspaceId),
  );
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const found = referencesIn(input.workspaceId, rows);
  const data = rows.planRows.map((plan) => toInstallmentPlanResponse(plan, rows.claimRows, found, today)).reverse();
  return { data, meta: { today } };
}

/** The plan, its claims and what it names, read with the caller's check. */
async function readPlan(
  ctx: ServiceCall["ctx"],
  ref: InstallmentPlanRef,
  permission: "workspace.read" | "finances.write",
) {
  const { workspace, rows } = await readInWorkspace(ctx, ref.workspaceId, permission, {
    planRows: planQuery(ctx, ref),
    claimRows: installmentClaimsQuery(ctx, ref.workspaceId, planId(ref)),
    ...workspaceReferenceQueries(ctx, ref.workspaceId),
  });
  const plan = rows.planRows[0];
  if (!plan) throw planNotFound();
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return { plan, claims: rows.claimRows, found: referencesIn(ref.workspaceId, rows), today };
}

/** GET /installment-plans/{id}: the plan with its schedule, and on a card the statement of each installment. */
export async function getInstallmentPlan({ ctx, input }: ServiceCall<InstallmentPlanRef>) {
  const { plan, claims, found, today } = await readPlan(ctx, input, "workspace.read");
  return toInstallmentPlanDetail(plan, claims, found, today);
}

type PlanAnswer = { data: InstallmentPlanDetail };

export type InstallmentPlanTerms = {
  workspaceId: string;
  description: string;
  notes?: string | null;
  origin: LegRef;
  tagIds?: string[];
  merchant: string | null;
  purchaseDate: string;
  /** The purchase's total in the origin's minor units. */
  totalUnits: number;
  count: number;
  interestRate: string;
  /** The first installments, paid before the plan was recorded. */
  settled: number;
  createdBy: string | null;
};

/**
 * A plan's row and, on a card, the installments its batch posts (all but those paid before), each on
 * its own statement; on an account, the dates the executor posts them on from the first payment.
 */
export function installmentPlanOf(
  ctx: ServiceContext,
  terms: InstallmentPlanTerms,
  on:
    | Pick<CardWithAccount["card"], "billingCycleDay" | "dueDay">
    | { firstPaymentDate?: string | null; dayOfMonth?: number | null },
  lookup: Lookup,
): { plan: InstallmentPlanRow; occurrences: Occurrence[] } {
  const card = "dueDay" in on ? on : null;
  const schedule = installmentRows({
    totalAmountCents: terms.totalUnits,
    installmentCount: terms.count,
    interestRate: terms.interestRate,
  });
  const columns = templateColumnsOf(
    {
      type: "expense",
      amount: Number(regularInstallmentCents(schedule)),
      description: terms.description,
      notes: terms.notes,
      origin: terms.origin,
      destination: null,
      tag_ids: terms.tagIds,
    },
    lookup,
    "units",
  );
  const cardDates = card
    ? cardInstallmentDates(terms.purchaseDate, terms.count, { billingDay: card.billingCycleDay, dueDay: card.dueDay })
    : null;
  const firstPaymentDate = cardDates ? cardDates[0]!.due : "firstPaymentDate" in on ? on.firstPaymentDate : undefined;
  if (!firstPaymentDate) throw fieldError("first_payment_date", "errors:fields.firstPaymentDateRequired");
  const dayOfMonth = card
    ? card.dueDay
    : ("dayOfMonth" in on && on.dayOfMonth) || Number(firstPaymentDate.slice(8, 10));
  const dates =
    cardDates?.map((found) => found.date) ?? accountInstallmentDates(firstPaymentDate, dayOfMonth, terms.count);
  // On a card the last payment is its statement's due day, a little after the installment's date.
  assertScheduleEndsInRange(cardDates?.at(-1)?.due ?? dates.at(-1)!, "installments_count");
  const now = ctx.clock.now().toISOString();
  const { settled } = terms;
  const plan: InstallmentPlanRow = {
    id: newId(),
    workspaceId: terms.workspaceId,
    ...columns,
    merchant: terms.merchant,
    purchaseDate: terms.purchaseDate,
    totalAmountCents: terms.totalUnits,
    installmentCount: terms.count,
    interestRate: terms.interestRate,
    firstPaymentDate,
    dayOfMonth,
    status: "active",
    settledBeforeCount: settled,
    postedCount: card ? terms.count : settled,
    nextDueDate: card ? null : (dates[settled] ?? null),
    cancelledAt: null,
    failureReason: null,
    failedAt: null,
    createdBy: terms.createdBy,
    revision: 0,
    createdAt: now,
    updatedAt: null,
  };
  const occurrences: Occurrence[] = card
    ? dates.slice(settled).map((date, index) => ({
        occurrenceDate: date,
        transactionDate: date,
        amountCents: Number(schedule[settled + index]!.paymentCents),
        description: installmentDescription(terms.description, settled + index + 1, terms.count),
      }))
    : [];
  return { plan, occurrences };
}

/**
 * POST /installment-plans. On a card every installment not already paid is posted in the plan's
 * own batch (refused whole, 'Insufficient available credit', when the remainder does not fit the
 * limit); on an account the executor posts them on their dates. Sent again with the same
 * Idempotency-Key, it answers its first answer and writes nothing.
 */
export async function createInstallmentPlan(
  { ctx, input }: ServiceCall<WorkspaceRef & InstallmentPlanInput>,
  request?: IdempotentRequest,
  alsoInBatch: AlsoInBatch = () => [],
): Promise<Answer<PlanAnswer>> {
  const once = await idempotentWrite(ctx, input.workspaceId, request);
  const origin = `${input.origin.type}:${input.origin.id}`;
  const tagIds = JSON.stringify(input.tag_ids ?? []);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ...templateReferenceQueries(ctx, input.workspaceId, [{ origin, destination: null, tagIds }]),
    ...once.lookups,
  });
  const replay = once.replayOf<PlanAnswer>(rows.storedAnswer?.[0]);
  if (replay) return replay;
  assertTagsFound(input.tag_ids, rows.tagRows);
  const found = referencesIn(input.workspaceId, rows);
  const card = input.origin.type === "card" ? found.lookup.cards.get(input.origin.id)?.card : undefined;
  if (card && card.mode !== "credit") throw fieldError("origin", "errors:fields.installmentOrigin");

  const currency = currencyOfLeg(input.origin, found.lookup, "origin");
  const totalUnits = unitsIn(input.total_amount, currency, "total_amount");
  const { plan, occurrences } = installmentPlanOf(
    ctx,
    {
      workspaceId: input.workspaceId,
      description: input.description,
      notes: input.notes,
      origin: input.origin,
      tagIds: input.tag_ids,
      merchant: input.merchant ?? null,
      purchaseDate: input.purchase_date,
      totalUnits,
      count: input.installments_count,
      interestRate: input.interest_rate,
      settled: input.installments_paid,
      createdBy: actorUserId(ctx.actor),
    },
    card ?? { firstPaymentDate: input.first_payment_date, dayOfMonth: input.day_of_month },
    found.lookup,
  );
  const posting = occurrencesPosting(ctx, installmentKind, plan, occurrences, found);
  const claims: InstallmentClaim[] = posting.rows.map((row, index) => ({
    planId: plan.id,
    occurrenceDate: occurrences[index]!.occurrenceDate,
    transactionId: row.id,
    date: row.date,
  }));
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const answer = created(toInstallmentPlanDetail(plan, claims, found, today));
  const racedTwin = await once.commit<PlanAnswer>(
    runPostingBatch(
      batchOfStatements(ctx.db, [
        ...once.record(answer),
        ctx.db.insert(installmentPlans).values(plan),
        ...alsoInBatch(plan.id),
        ...posting.statements,
      ]),
    ),
  );
  return racedTwin ?? answer;
}

/** Only a plan still as it was read changes (else 409 to reload). */
function guardedUpdate(ctx: ServiceContext, previous: InstallmentPlanRow, set: Partial<InstallmentPlanRow>) {
  return ctx.db
    .update(installmentPlans)
    .set(revised(ctx, previous, set))
    .where(and(eq(installmentPlans.id, previous.id), eq(installmentPlans.revision, previous.revision)));
}

async function applyGuarded(ctx: ServiceContext, previous: InstallmentPlanRow, set: Partial<InstallmentPlanRow>) {
  const updated = await guardedUpdate(ctx, previous, set);
  if (updated.rowsAffected !== 1) throw plannedItemChanged();
  return { ...previous, ...revised(ctx, previous, set) };
}

/** PUT /installment-plans/{id}: the description, merchant, notes and tags; the money stays as posted. */
export async function updateInstallmentPlan({ ctx, input }: ServiceCall<InstallmentPlanRef & InstallmentPlanEdit>) {
  const { plan, claims, found, today } = await readPlan(ctx, input, "finances.write");
  if (plan.status === "cancelled") throw wasCancelled();
  assertTagsFound(
    input.tag_ids,
    found.tagRows.filter((tag) => input.tag_ids?.includes(tag.id)),
  );
  const set = {
    description: input.description,
    merchant: input.merchant ?? null,
    notes: input.notes ?? null,
    tagIds: JSON.stringify(input.tag_ids ?? []),
  };
  const updated = await applyGuarded(ctx, plan, set);
  return toInstallmentPlanDetail(updated, claims, found, today);
}

/**
 * What a cancel drops: on a card, the installments dated after today (their transactions deleted,
 * their balances undone, each only while it is as read); on an account, nothing posted moves.
 */
async function droppedInstallmentStatements(ctx: ServiceContext, plan: InstallmentPlanRow, after: string) {
  if (!isCardPlan(plan)) return [];
  const later = await ctx.db
    .select({ transaction: transactions })
    .from(plannedOccurrences)
    .innerJoin(transactions, eq(transactions.plannedOccurrenceId, plannedOccurrences.id))
    .where(
      and(
        eq(plannedOccurrences.sourceId, plan.id),
        eq(plannedOccurrences.sourceKind, "installment"),
        eq(transactions.workspaceId, plan.workspaceId),
        sql`${transactions.date} > ${after}`,
      ),
    );
  const planAsRead = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(installmentPlans)
      .where(and(eq(installmentPlans.id, plan.id), eq(installmentPlans.revision, plan.revision))),
  );
  return later.flatMap(({ transaction }) => {
    const asRead = and(
      planAsRead,
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(transactions)
          .where(and(eq(transactions.id, transaction.id), eq(transactions.revision, transaction.revision))),
      ),
    );
    return [
      ...effectStatements(ctx, plan.workspaceId, effectsOfChange(transaction, null), asRead),
      countChange(ctx, plan.workspaceId, -1, asRead),
      ctx.db
        .delete(transactions)
        .where(and(eq(transactions.id, transaction.id), eq(transactions.revision, transaction.revision), planAsRead)),
    ];
  });
}

/**
 * POST /installment-plans/{id}/cancel (irreversible): no installment is posted any more. On a card
 * the installments of later statements are dropped, which frees the limit they held; what is
 * already on a statement stays, as the bank charged it.
 */
export async function cancelInstallmentPlan({ ctx, input }: ServiceCall<InstallmentPlanRef>) {
  const { plan, found, today } = await readPlan(ctx, input, "finances.write");
  if (plan.status === "cancelled") throw wasCancelled();
  const dropped = await droppedInstallmentStatements(ctx, plan, today);
  const set = { status: "cancelled" as const, nextDueDate: null, cancelledAt: ctx.clock.now().toISOString() };
  const updated = await runLedgerBatch(batchEndingWith(ctx.db, dropped, guardedUpdate(ctx, plan, set)));
  if (updated.rowsAffected !== 1) throw plannedItemChanged();
  const after = await readPlan(ctx, input, "workspace.read");
  return toInstallmentPlanDetail(after.plan, after.claims, found, today);
}

/**
 * DELETE /installment-plans/{id}: the plan goes, as a cancel would leave it — later card
 * installments dropped; the transactions already posted stay, marked with the plan's name.
 */
export async function deleteInstallmentPlan({
  ctx,
  input,
}: ServiceCall<InstallmentPlanRef & { withPostedInstallments?: boolean }>) {
  const { plan, today } = await readPlan(ctx, input, "finances.write");
  // Undoing a plan just recorded (the assistant's "desfazer") takes its posted installments too.
  const droppedAfter = input.withPostedInstallments ? "" : today;
  const dropped = plan.status === "cancelled" ? [] : await droppedInstallmentStatements(ctx, plan, droppedAfter);
  const deleted = await runLedgerBatch(
    batchEndingWith(
      ctx.db,
      dropped,
      ctx.db
        .delete(installmentPlans)
        .where(and(eq(installmentPlans.id, plan.id), eq(installmentPlans.revision, plan.revision))),
    ),
  );
  if (deleted.rowsAffected !== 1) throw plannedItemChanged();
  return { message: "Installment plan deleted" };
}

/** A plan paid from an account, in the status an action needs. */
async function accountPlan(ctx: ServiceCall["ctx"], ref: InstallmentPlanRef, status: "active" | "paused") {
  const read = await readPlan(ctx, ref, "finances.write");
  if (isCardPlan(read.plan)) throw onCard();
  if (read.plan.status === "cancelled") throw wasCancelled();
  if (read.plan.status !== status) throw status === "active" ? notActive() : notPaused();
  return read;
}

/** POST /installment-plans/{id}/pause: nothing is posted while paused; missed installments show as overdue. */
export async function pauseInstallmentPlan({ ctx, input }: ServiceCall<InstallmentPlanRef>) {
  const { plan, claims, found, today } = await accountPlan(ctx, input, "active");
  const updated = await applyGuarded(ctx, plan, { status: "paused" });
  return toInstallmentPlanDetail(updated, claims, found, today);
}

/** POST /installment-plans/{id}/resume: posting goes on; the executor catches up what fell due meanwhile. */
export async function resumeInstallmentPlan({ ctx, input }: ServiceCall<InstallmentPlanRef>) {
  const { plan, claims, found, today } = await accountPlan(ctx, input, "paused");
  const updated = await applyGuarded(ctx, plan, { status: "active", failureReason: null, failedAt: null });
  return toInstallmentPlanDetail(updated, claims, found, today);
}

/** The next installment of an account plan: its number, date and payment; null when all are done. */
function nextInstallment(plan: InstallmentPlanRow) {
  const number = plan.postedCount + 1;
  if (number > plan.installmentCount) return null;
  const dates = accountInstallmentDates(plan.firstPaymentDate, plan.dayOfMonth, plan.installmentCount);
  const row = installmentRows(plan)[number - 1]!;
  return { number, date: dates[number - 1]!, paymentCents: Number(row.paymentCents), dates };
}

/**
 * POST /installment-plans/{id}/execute-payment: the next installment posted now from the account,
 * with its claim (so the executor cannot post it too); dated its own date once that has come,
 * today when paid ahead.
 */
export async function executeInstallmentPayment({ ctx, input }: ServiceCall<InstallmentPlanRef>) {
  const { plan, found, today } = await accountPlan(ctx, input, "active");
  if (!(await postNextNow(ctx, installmentKind, plan, found, today))) throw notActive();
  const after = await readPlan(ctx, input, "workspace.read");
  return toInstallmentPlanDetail(after.plan, after.claims, after.found, after.today);
}

/**
 * POST /installment-plans/{id}/record-payment: an expense already recorded from the plan's account
 * becomes the payment of the next installment — claimed, linked, nothing posted twice. It must be
 * for the installment's amount and not already pay a planned item.
 */
export async function recordInstallmentPayment({
  ctx,
  input,
}: ServiceCall<InstallmentPlanRef & RecordInstallmentPayment>) {
  const { plan, found } = await accountPlan(ctx, input, "active");
  const next = nextInstallment(plan);
  if (!next) throw notActive();
  const transactionId = isUuid(input.transaction_id) ? input.transaction_id.toLowerCase() : "";
  const [paid] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.workspaceId, input.workspaceId), eq(transactions.id, transactionId)));
  if (!paid) throw fieldError("transaction_id", "errors:fields.transactionId");
  if (paid.plannedOccurrenceId) throw fieldError("transaction_id", "errors:fields.paymentAlreadyLinked");
  const account = parseLegRef(plan.origin);
  if (paid.kind !== "expense" || paid.originAccountId !== account?.id)
    throw fieldError("transaction_id", "errors:fields.paymentNotExpense");
  const amountMismatch = () =>
    fieldError("amount", "errors:fields.paymentAmountMismatch", {
      values: { amount: unitsToDecimal(next.paymentCents, plan.currency) },
    });
  if (paid.amountCents !== next.paymentCents) throw amountMismatch();
  if (input.amount !== undefined && hundredthsToUnits(input.amount, plan.currency) !== next.paymentCents)
    throw amountMismatch();
  const claimId = newId();
  const unlinkedAsRead = and(
    eq(transactions.id, paid.id),
    eq(transactions.revision, paid.revision),
    isNull(transactions.plannedOccurrenceId),
  );
  const claimed = exists(
    ctx.db.select({ one: sql`1` }).from(plannedOccurrences).where(eq(plannedOccurrences.id, claimId)),
  );
  const updated = await runPostingBatch(
    batchEndingWith(
      ctx.db,
      [
        claimStatement(
          ctx,
          { kind: "installment", item: plan, name: plan.description },
          { occurrenceDate: next.date, transactionDate: paid.date },
          claimId,
          exists(ctx.db.select({ one: sql`1` }).from(transactions).where(unlinkedAsRead)),
        ),
        ctx.db
          .update(transactions)
          .set({ plannedOccurrenceId: claimId, revision: paid.revision + 1, updatedAt: ctx.clock.now().toISOString() })
          .where(and(unlinkedAsRead, claimed)),
      ],
      ctx.db
        .update(installmentPlans)
        .set(revised(ctx, plan, advancedPlan(plan, 1)))
        .where(and(eq(installmentPlans.id, plan.id), eq(installmentPlans.revision, plan.revision), claimed)),
    ),
  );
  if ((updated as { rowsAffected: number }).rowsAffected !== 1) throw plannedItemChanged();
  const after = await readPlan(ctx, input, "workspace.read");
  return toInstallmentPlanDetail(after.plan, after.claims, found, after.today);
}
