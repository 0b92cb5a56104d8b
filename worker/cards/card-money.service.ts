import { and, eq, lt, sql } from "drizzle-orm";
import { transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { todayIn } from "../ledger/dates.ts";
import { cardMissingMessage } from "../transactions/transaction-legs.ts";
import { centsToDecimal } from "../ledger/money.ts";
import { centsNumber, exactSum } from "../ledger/sums.ts";
import { postTransaction } from "../transactions/transactions.service.ts";
import type { RowsByName } from "../../db/named-batch.ts";
import { isUuid } from "../../db/ids.ts";
import { cardNotFound, cardQuery, type CardRef } from "./cards.service.ts";
import { toCardResponse } from "./cards.mapper.ts";
import { buildStatements, recentPeriods } from "./statements.ts";
import type { ServiceCall } from "../auth/actor.ts";
import { readInWorkspace, type LedgerWorkspace } from "../auth/actor-access.ts";

type Keyed = { idempotencyKey?: string };
type Purchase = CardRef & Keyed & { amount: number; description: string; date?: string; tag_ids?: string[] };
type Payment = CardRef & Keyed & { amount: number; description?: string; date?: string };

/** The request a card purchase or payment was, for its Idempotency-Key's fingerprint. */
function cardRequest(ref: CardRef, action: "purchase" | "payment", key: string | undefined, body: unknown) {
  return key
    ? { key, method: "POST", path: `/api/workspaces/${ref.workspaceId}/cards/${ref.cardId}/${action}`, body }
    : undefined;
}

/** POST /cards/{id}/purchase: an expense on the card ('Insufficient available credit' past its limit). */
export async function purchaseWithCard({ ctx, input }: ServiceCall<Purchase>) {
  const { workspaceId, cardId, idempotencyKey, ...purchase } = input;
  const origin = { type: "card" as const, id: isUuid(cardId) ? cardId.toLowerCase() : "" };
  if (!origin.id) throw cardNotFound();
  const request = cardRequest(input, "purchase", idempotencyKey, purchase);
  return withCardFromPath(
    postTransaction({ ctx, input: { workspaceId, type: "expense", origin, ...purchase } }, request),
    "origin",
  );
}

/** The card is in the address: when it is not in this workspace, that is a 404, not a field error. */
async function withCardFromPath<T>(work: Promise<T>, leg: "origin" | "destination"): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors?.[leg]?.some((message) => message.key === cardMissingMessage))
      throw cardNotFound();
    throw error;
  }
}

/** POST /cards/{id}/payment: money leaves the card's account and the card's debt goes down. */
export async function payCard({ ctx, input }: ServiceCall<Payment>) {
  const { workspaceId, cardId, idempotencyKey, description, ...payment } = input;
  const destination = { type: "card" as const, id: isUuid(cardId) ? cardId.toLowerCase() : "" };
  if (!destination.id) throw cardNotFound();
  const request = cardRequest(input, "payment", idempotencyKey, { description, ...payment });
  const work = postTransaction(
    {
      ctx,
      input: {
        workspaceId,
        type: "pay_credit_card",
        destination,
        description: description ?? "Card payment",
        ...payment,
      },
    },
    request,
  );
  return withCardFromPath(work, "destination");
}

/**
 * The statement queries of one card, for a read batch: the card, its charges per day in a
 * window wide enough for any billing day and time zone, what was charged before the window
 * and all that was paid in.
 */
export function statementQueries(ctx: ServiceContext, workspaceId: string, cardId: string, count: number) {
  const id = isUuid(cardId) ? cardId : "";
  const windowStart = `${Number(todayIn("UTC", ctx.clock.now()).slice(0, 4)) - Math.ceil(count / 12) - 1}-01-01`;
  const isCharge = and(eq(transactions.originCardId, id), eq(transactions.originCardMode, "credit"));
  const isCredit = and(eq(transactions.destinationCardId, id), eq(transactions.destinationCardMode, "credit"));
  return {
    statementCard: cardQuery(ctx, workspaceId, cardId),
    chargesByDay: ctx.db
      .select({ date: transactions.date, cents: exactSum(sql`${transactions.amountCents}`) })
      .from(transactions)
      .where(and(eq(transactions.workspaceId, workspaceId), isCharge, sql`${transactions.date} >= ${windowStart}`))
      .groupBy(transactions.date),
    chargedEarlier: ctx.db
      .select({ cents: exactSum(sql`${transactions.amountCents}`) })
      .from(transactions)
      .where(and(eq(transactions.workspaceId, workspaceId), isCharge, lt(transactions.date, windowStart))),
    credited: ctx.db
      .select({ cents: exactSum(sql`${transactions.destinationAmountCents}`) })
      .from(transactions)
      .where(and(eq(transactions.workspaceId, workspaceId), isCredit)),
  };
}

type StatementRows = RowsByName<ReturnType<typeof statementQueries>>;

/** The statements from the rows of statementQueries; null when the card is not in the workspace. */
export function statementsFrom(ctx: ServiceContext, workspace: LedgerWorkspace, rows: StatementRows, count: number) {
  const { statementCard, chargesByDay, chargedEarlier, credited } = rows;
  const row = statementCard[0];
  if (!row) return null;
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const periods = recentPeriods(today, row.card.billingCycleDay, count);
  const oldestStart = periods.at(-1)!.start;
  const chargesByDate = new Map(chargesByDay.map((day) => [day.date, day.cents]));
  let chargesBeforeWindowCents = chargedEarlier[0]?.cents ?? 0n;
  for (const [date, cents] of chargesByDate) if (date < oldestStart) chargesBeforeWindowCents += cents;
  const statements = buildStatements({
    periods,
    chargesByDate,
    chargesBeforeWindowCents,
    creditsCents: credited[0]?.cents ?? 0n,
    today,
  });
  return {
    card: toCardResponse(row.card, row.account),
    statements: statements.map((statement) => ({
      period_start: statement.start,
      closing_date: statement.closing,
      due_date: statement.due,
      total: centsToDecimal(statement.totalCents),
      paid: centsToDecimal(statement.paidCents),
      remaining: centsToDecimal(statement.remainingCents),
      total_cents: centsNumber(statement.totalCents),
      paid_cents: centsNumber(statement.paidCents),
      remaining_cents: centsNumber(statement.remainingCents),
      status: statement.status,
    })),
  };
}

/**
 * GET /cards/{id}/statements?count=6: the open statement and the ones before it, each with its
 * period, closing and due dates, total, paid and remaining, in one round trip.
 */
export async function getCardStatements({ ctx, input }: ServiceCall<CardRef & { count: number }>) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    statementQueries(ctx, input.workspaceId, input.cardId, input.count),
  );
  const statements = statementsFrom(ctx, workspace, rows, input.count);
  if (!statements) throw cardNotFound();
  return statements;
}
