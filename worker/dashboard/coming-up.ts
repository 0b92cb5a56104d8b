/**
 * What is coming, for the dashboard (docs/product.md#dashboard-and-projection): each credit card's statement
 * to pay next, the next 7 days of what is due — planned items, installments, loans and statements — with the
 * total balance after each, and this month's spending by category. Read in the dashboard page's one batch,
 * summed by SQL over the rollups (the card days, the month's spending per tag); worked out here, pure.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { tagMonthSpending, tags } from "../../db/schema/index.ts";
import { cardChargeDaysQuery } from "../analytics/analytics.queries.ts";
import type { ServiceContext } from "../context.ts";
import { addDays, possibleTodays } from "../ledger/dates.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { exactSum } from "../ledger/sums.ts";
import {
  type CardLegDay,
  chargedBetween,
  type StatementDue,
  statementsAround,
  type ProjectionAccount,
  type ProjectionCard,
  plannedLegMovements,
  statementLookbackDays,
  statementsDue,
} from "../planning/projected-cash.ts";
import { plannedFlows, type PlannedRows } from "../planning/projection.ts";
import { plannedItemsQueries } from "../planning/projection.queries.ts";
import type { Converter } from "./converted-figures.ts";

/** How far ahead the dashboard lists what is due. */
export const comingDays = 7;
/** Categories the month's chart shows. */
const categoriesShown = 5;

/** Each top-level category's spending in the given months (the workspace's possible todays' months). */
const monthTagSpending = reusableRead<{ workspaceId: string; month0: string; month1: string }>()((db, value) =>
  db
    .select({
      month: tagMonthSpending.month,
      tagId: tagMonthSpending.tagId,
      name: tags.name,
      color: tags.color,
      currency: tagMonthSpending.currency,
      units: exactSum(sql`${tagMonthSpending.amountUnits}`),
    })
    .from(tagMonthSpending)
    .innerJoin(tags, and(eq(tags.id, tagMonthSpending.tagId), sql`${tags.parentId} is null`))
    .where(
      and(
        eq(tagMonthSpending.workspaceId, value("workspaceId")),
        inArray(tagMonthSpending.month, [value("month0"), value("month1")]),
        gte(tagMonthSpending.amountUnits, 1),
      ),
    )
    .groupBy(tagMonthSpending.month, tagMonthSpending.tagId, tagMonthSpending.currency),
);

/** The reads, for the dashboard page's batch: the card days, what is planned, the month's spending per tag. */
export function comingUpQueries(ctx: ServiceContext, workspaceId: string) {
  const todays = possibleTodays(ctx.clock.now());
  const first = todays[0]!;
  const last = todays.at(-1)!;
  return {
    comingCardDays: cardChargeDaysQuery(ctx, workspaceId, addDays(first, -statementLookbackDays - 1)),
    ...plannedItemsQueries(ctx, workspaceId, addDays(last, comingDays)),
    // The possible todays fall in one month, or in two across a month's end.
    monthTagSpending: monthTagSpending({ workspaceId, month0: first.slice(0, 7), month1: last.slice(0, 7) }),
  };
}

type ComingCard = ProjectionCard & { name: string; currency: string; isActive: boolean };
type MonthTagRow = { month: string; tagId: string; name: string; color: string; currency: string; units: bigint };

export type ComingUpInput = {
  today: string;
  currency: string;
  converter: Converter;
  /** Today's total balance, in the workspace's currency: where the week's running balance starts. */
  totalBalanceCents: bigint;
  accounts: readonly ProjectionAccount[];
  cards: readonly ComingCard[];
  cardDays: readonly CardLegDay[];
  planned: PlannedRows;
  monthTagSpending: readonly MonthTagRow[];
};

type StatementStatus = "open" | "closed" | "overdue";

/** Each active credit card's statement to pay next: the closed one still owed, else the open one so far. */
function cardStatements(
  { today, cardDays }: ComingUpInput,
  credit: readonly ComingCard[],
  dues: readonly StatementDue[],
) {
  return credit.map((card) => {
    const { open, previous } = statementsAround(card, today);
    const owed = dues.find((due) => due.cardId === card.id);
    const base = { uuid: card.id, name: card.name, currency: card.currency };
    if (owed) {
      // What statements already past due still owe is answered as due today.
      const isOverdue = owed.due === today && previous.due < today;
      const period = [previous, open].find((candidate) => candidate.due === owed.due) ?? previous;
      const status: StatementStatus = isOverdue ? "overdue" : period.closing < today ? "closed" : "open";
      return {
        ...base,
        closing: period.closing,
        due: period.due,
        amount: unitsToDecimal(owed.units, card.currency),
        status,
      };
    }
    const charged = chargedBetween(cardDays, card.id, open.start, today);
    return {
      ...base,
      closing: open.closing,
      due: open.due,
      amount: unitsToDecimal(charged, card.currency),
      status: "open" as const,
    };
  });
}

/**
 * The next 7 days: planned flows (one not posted yet counts from today) and the statements falling due, in
 * date order, each with the total balance after it — the money it moves in and out of accounts, converted
 * at the latest kept rate (null from the first that no rate converts).
 */
function week(input: ComingUpInput, allDues: readonly StatementDue[]) {
  const { today, converter, currency } = input;
  const until = addDays(today, comingDays);
  const accounts = new Map(input.accounts.map((account) => [account.id, account]));
  const cards = new Map(input.cards.map((card) => [card.id, card]));
  const dues = allDues.filter((due) => due.due <= until);
  const cashOf = (movements: { accountId: string; units: bigint }[]) =>
    movements.reduce<bigint | null>((sum, movement) => {
      const account = accounts.get(movement.accountId);
      const converted = account ? converter.convert(movement.units, account.currency) : 0n;
      return sum === null || converted === null ? null : sum + converted;
    }, 0n);
  const items = [
    ...plannedFlows(input.planned, until).map((flow) => ({
      // biome-ignore lint/complexity/useMathMinMax: the days are YYYY-MM-DD strings, which Math.max would make NaN
      date: flow.date < today ? today : flow.date,
      kind: flow.kind,
      description: flow.description,
      amount: unitsToDecimal(flow.amountCents, flow.currency),
      currency: flow.currency as string,
      source: { type: flow.source.type, uuid: flow.source.uuid },
      cash: cashOf(plannedLegMovements([flow], accounts, cards).accountMovements),
    })),
    ...dues.map((due) => {
      const card = cards.get(due.cardId)!;
      const converted = converter.convert(due.units, card.currency);
      return {
        date: due.due,
        kind: "pay_credit_card" as const,
        description: card.name,
        amount: unitsToDecimal(due.units, card.currency),
        currency: card.currency,
        source: { type: "statement" as const, uuid: card.id },
        cash: converted === null ? null : -converted,
      };
    }),
  ].sort((a, b) => a.date.localeCompare(b.date));
  let running: bigint | null = input.totalBalanceCents;
  return items.map(({ cash, ...item }) => {
    running = running === null || cash === null ? null : running + cash;
    return { ...item, balance_after: running === null ? null : unitsToDecimal(running, currency) };
  });
}

/** This month's spending per top-level category, in the workspace's currency, largest first. */
function monthCategories({ today, converter, currency, monthTagSpending }: ComingUpInput) {
  const month = today.slice(0, 7);
  const byTag = new Map<string, { uuid: string; name: string; color: string; cents: bigint }>();
  for (const row of monthTagSpending) {
    if (row.month !== month) continue;
    const converted = converter.convert(row.units, row.currency);
    if (converted === null) continue;
    const entry = byTag.get(row.tagId) ?? { uuid: row.tagId, name: row.name, color: row.color, cents: 0n };
    entry.cents += converted;
    byTag.set(row.tagId, entry);
  }
  return [...byTag.values()]
    .sort((a, b) => (a.cents > b.cents ? -1 : a.cents < b.cents ? 1 : a.name.localeCompare(b.name)))
    .slice(0, categoriesShown)
    .map(({ cents, ...tag }) => ({ ...tag, amount: unitsToDecimal(cents, currency) }));
}

export function comingUpFrom(input: ComingUpInput) {
  // What the active credit cards' statements ask for, read once: the week's is a prefix of it.
  const credit = input.cards.filter((card) => card.mode === "credit" && card.isActive);
  const dues = statementsDue({
    cards: credit,
    cardDays: input.cardDays,
    cardMovements: [],
    today: input.today,
    until: addDays(input.today, 62),
  });
  return {
    cards: cardStatements(input, credit, dues),
    week: week(input, dues),
    week_end: addDays(input.today, comingDays),
    categories: monthCategories(input),
  };
}

export type ComingUp = ReturnType<typeof comingUpFrom>;
