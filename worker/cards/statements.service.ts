import { and, asc, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RowsByName } from "../../db/named-batch.ts";
import { isUuid } from "../../db/ids.ts";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { cards, tags, transactions, transactionTags } from "../../db/schema/index.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace, type LedgerWorkspace } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { dayOfMonth, shiftMonth, todayIn } from "../ledger/dates.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { centsNumber, exactSum } from "../ledger/sums.ts";
import { toCardResponse } from "./cards.mapper.ts";
import type { statementLineSchema, statementSchema } from "./cards.responses.ts";
import { cardNotFound, cardQuery, type CardRef } from "./cards.service.ts";
import {
  buildStatements,
  recentPeriods,
  statementPeriodOn,
  upcomingPeriods,
  type CardCycle,
  type Statement,
  type StatementPeriod,
} from "./statements.ts";

export const statementNotFound = () => new AppError("NOT_FOUND", "errors:details.statementNotFound");

/** How many purchases a card acting as debit shows in place of statements. */
export const recentPurchaseCount = 10;

/** Dates from which the charges are read per day: wide enough for `count` statements of any cycle and time zone. */
export function chargesWindowStart(ctx: ServiceContext, count: number) {
  return `${Number(todayIn("UTC", ctx.clock.now()).slice(0, 4)) - Math.ceil(count / 12) - 1}-01-01`;
}

/** The first day of the month before `date`'s: every statement closing in `date`'s month starts after it. */
export function monthBefore(date: string) {
  const previous = shiftMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)), -1);
  return dayOfMonth(previous.year, previous.month, 1);
}

/** The last day of the month after `date`'s: the open statement closes by then. */
export function monthAfter(date: string) {
  const next = shiftMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1);
  return dayOfMonth(next.year, next.month, 31);
}

const isChargeTo = (cardId: string) =>
  and(eq(transactions.originCardId, cardId), eq(transactions.originCardMode, "credit"));

/**
 * Each line's tags as JSON, in the line's own query: those it was given, not the categories they
 * imply. The outer row is named with its table: in a single-table select Drizzle leaves columns
 * unqualified, and a bare "id" here would be the tag's.
 */
const lineTagsJson = sql<string>`(select coalesce(json_group_array(json_object('uuid', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})), '[]')
  from ${transactionTags} join ${tags} on ${tags.id} = ${transactionTags.tagId}
  where ${transactionTags.transactionId} = ${transactions}.${sql.identifier("id")} and ${transactionTags.implied} = 0)`;

const lineColumns = {
  id: transactions.id,
  date: transactions.date,
  description: transactions.description,
  kind: transactions.kind,
  amountCents: transactions.amountCents,
  tagsJson: lineTagsJson,
};

/**
 * The statement queries of one card, for a read batch: the card; its first transaction's date; its
 * charges per day from `since`, what was charged before and all that was paid in; and, when asked,
 * its charges (the statement lines) between `lines.from` and `lines.to`, and its latest purchases.
 */
export function statementQueries(
  ctx: ServiceContext,
  input: CardRef & { since: string; lines?: { from: string; to: string }; withRecentPurchases?: boolean },
) {
  const { workspaceId, since, lines } = input;
  const id = isUuid(input.cardId) ? input.cardId.toLowerCase() : "";
  const inWorkspace = eq(transactions.workspaceId, workspaceId);
  // Two seeks, one per leg index, rather than an OR over both.
  const firstDateOn = (column: AnySQLiteColumn) =>
    sql`(select min(${transactions.date}) from ${transactions} where ${inWorkspace} and ${column} = ${id})`;
  return {
    statementCard: cardQuery(ctx, workspaceId, id),
    firstUse: ctx.db
      .select({
        date: sql<
          string | null
        >`min(coalesce(${firstDateOn(transactions.originCardId)}, '9999'), coalesce(${firstDateOn(transactions.destinationCardId)}, '9999'))`,
      })
      .from(cards)
      .where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, id))),
    chargesByDay: ctx.db
      .select({ date: transactions.date, cents: exactSum(sql`${transactions.amountCents}`) })
      .from(transactions)
      .where(and(inWorkspace, isChargeTo(id), gte(transactions.date, since)))
      .groupBy(transactions.date),
    chargedEarlier: ctx.db
      .select({ cents: exactSum(sql`${transactions.amountCents}`) })
      .from(transactions)
      .where(and(inWorkspace, isChargeTo(id), lt(transactions.date, since))),
    credited: ctx.db
      .select({ cents: exactSum(sql`${transactions.destinationAmountCents}`) })
      .from(transactions)
      .where(and(inWorkspace, eq(transactions.destinationCardId, id), eq(transactions.destinationCardMode, "credit"))),
    statementLines: lines
      ? ctx.db
          .select(lineColumns)
          .from(transactions)
          .where(and(inWorkspace, isChargeTo(id), gte(transactions.date, lines.from), lte(transactions.date, lines.to)))
          .orderBy(asc(transactions.date), asc(transactions.id))
      : undefined,
    recentPurchases: input.withRecentPurchases
      ? ctx.db
          .select(lineColumns)
          .from(transactions)
          .where(and(inWorkspace, eq(transactions.originCardId, id)))
          .orderBy(desc(transactions.date), desc(transactions.id))
          .limit(recentPurchaseCount)
      : undefined,
  };
}

export type StatementRows = RowsByName<ReturnType<typeof statementQueries>>;
type LineRow = NonNullable<StatementRows["statementLines"]>[number];

/** A purchase on a statement (or a debit card's recent list): date, description, amount, tags. */
export function toStatementLine(row: LineRow, currency: string): z.infer<typeof statementLineSchema> {
  return {
    uuid: row.id,
    date: row.date,
    description: row.description,
    type: row.kind,
    amount: unitsToDecimal(row.amountCents, currency),
    amount_cents: row.amountCents,
    tags: JSON.parse(row.tagsJson ?? "[]") as Array<{ uuid: string; name: string; color: string }>,
  };
}

function toStatementResponse(statement: Statement, currency: string): z.infer<typeof statementSchema> {
  return {
    period_start: statement.start,
    closing_date: statement.closing,
    due_date: statement.due,
    total: unitsToDecimal(statement.totalCents, currency),
    paid: unitsToDecimal(statement.paidCents, currency),
    remaining: unitsToDecimal(statement.remainingCents, currency),
    to_settle: unitsToDecimal(statement.toSettleCents, currency),
    total_cents: centsNumber(statement.totalCents),
    paid_cents: centsNumber(statement.paidCents),
    remaining_cents: centsNumber(statement.remainingCents),
    to_settle_cents: centsNumber(statement.toSettleCents),
    status: statement.status,
  };
}

/**
 * What the rows say about the card: its cycle, today and its first day in the workspace's time
 * zone, and whether it has statements at all (a card acting as debit has none). Null when the
 * card is not in the workspace.
 */
export function cardStatementBasis(ctx: ServiceContext, workspace: LedgerWorkspace, rows: StatementRows) {
  const row = rows.statementCard[0];
  if (!row) return null;
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const createdOn = todayIn(workspace.timeZone, new Date(row.card.createdAt));
  const firstUse = rows.firstUse[0]?.date;
  const firstDay = firstUse && firstUse < createdOn ? firstUse : createdOn;
  const cycle: CardCycle = { billingDay: row.card.billingCycleDay, dueDay: row.card.dueDay };
  return {
    card: toCardResponse(row.card, row.account),
    cycle,
    today,
    firstDay,
    hasStatements: row.card.mode === "credit",
  };
}

type Basis = NonNullable<ReturnType<typeof cardStatementBasis>>;

/** The periods' statements, with what was paid of each (payments settle the oldest charges first). */
export function statementsOf(basis: Basis, rows: StatementRows, periods: StatementPeriod[]) {
  const oldestStart = periods.at(-1)?.start ?? basis.today;
  const chargesByDate = new Map(rows.chargesByDay.map((day) => [day.date, day.cents]));
  let chargesBeforeWindowCents = rows.chargedEarlier[0]?.cents ?? 0n;
  for (const [date, cents] of chargesByDate) if (date < oldestStart) chargesBeforeWindowCents += cents;
  return buildStatements({
    periods,
    chargesByDate,
    chargesBeforeWindowCents,
    creditsCents: rows.credited[0]?.cents ?? 0n,
    today: basis.today,
  }).map((statement) => toStatementResponse(statement, basis.card.currency));
}

/** The latest date the card is charged on (an installment on a later statement may be far ahead). */
function lastChargeDate(rows: StatementRows): string | null {
  let last: string | null = null;
  for (const day of rows.chargesByDay) if (last === null || day.date > last) last = day.date;
  return last;
}

/**
 * The card's listed statements, newest first: the later ones holding installments, the open one,
 * and up to `count − 1` before it, none before its first day.
 */
export function listedStatements(basis: Basis, rows: StatementRows, count: number) {
  if (!basis.hasStatements) return [];
  const later = upcomingPeriods(basis.today, basis.cycle, lastChargeDate(rows)).reverse();
  return statementsOf(basis, rows, [...later, ...recentPeriods(basis.today, basis.cycle, count, basis.firstDay)]);
}

/** One statement with its lines (the charges of its period, read by the batch), or null when it is not the card's. */
export function statementWithLines(basis: Basis, rows: StatementRows, closing: string) {
  const period = basis.hasStatements
    ? statementPeriodOn(closing, basis.today, basis.cycle, basis.firstDay, lastChargeDate(rows))
    : null;
  if (!period) return null;
  const [statement] = statementsOf(basis, rows, [period]);
  const lines = (rows.statementLines ?? []).filter((line) => line.date >= period.start && line.date <= closing);
  return { ...statement!, lines: lines.map((line) => toStatementLine(line, basis.card.currency)) };
}

/**
 * GET /cards/{id}/statements?count=6: the later statements holding installments, the open
 * statement and the ones before it, each with its
 * period, closing and due dates, total, paid and remaining, in one round trip.
 */
export async function getCardStatements({ ctx, input }: ServiceCall<CardRef & { count: number }>) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    statementQueries(ctx, { ...input, since: chargesWindowStart(ctx, input.count) }),
  );
  const basis = cardStatementBasis(ctx, workspace, rows);
  if (!basis) throw cardNotFound();
  return { card: basis.card, statements: listedStatements(basis, rows, input.count) };
}

/**
 * GET /cards/{id}/statements/{closing_date}: one statement with its lines, in one round trip. The
 * lines are read from the month before the closing month on and kept to the statement's period.
 */
export async function getCardStatement({ ctx, input }: ServiceCall<CardRef & { closingDate: string }>) {
  const from = monthBefore(input.closingDate);
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    statementQueries(ctx, { ...input, since: from, lines: { from, to: input.closingDate } }),
  );
  const basis = cardStatementBasis(ctx, workspace, rows);
  if (!basis) throw cardNotFound();
  const statement = statementWithLines(basis, rows, input.closingDate);
  if (!statement) throw statementNotFound();
  return { card: basis.card, statement };
}
