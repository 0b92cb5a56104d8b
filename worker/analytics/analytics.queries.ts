import { and, asc, eq, gt, gte, like, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { accounts, cards, exchangeRates, ledgerDayFlows, tagDayFlows, tags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { newestRatesQuery } from "../currency/rate-queries.ts";
import { workspaceCurrency } from "../ledger/workspace-currency.ts";
import { addDays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";

/**
 * The reports' reads (README: "Analytics"), each riding in the report's one read batch. They read
 * the rollups (db/schema/rollups.ts), never the transactions: a year is a few thousand day rows
 * whatever the number of transactions. Totals come back as exact bigints (ledger/sums.ts).
 */

/**
 * A row's day, or — in the workspace's own currency, which needs no day's rate — only which of the
 * intervals between `slots` (sorted dates) it falls in, as "#k": the days before `slots[k]` and on or
 * after `slots[k - 1]`. So a report that only sorts days into a few periods reads a few rows per tag
 * for its own currency instead of one per day (slotDay reads it back).
 */
function dayOrSlot(
  day: SQLiteColumn,
  currency: SQLiteColumn,
  workspaceId: string,
  slots?: readonly string[],
): SQL<string> {
  if (!slots) return sql<string>`${day}`;
  const interval = sql.join(
    slots.map((slot) => sql`(${day} >= ${slot})`),
    sql` + `,
  );
  return sql<string>`case when ${currency} = ${workspaceCurrency(workspaceId)} then '#' || (${interval}) else ${day} end`;
}

/** The first day of a row's slot ("#k" → `slots[k - 1]`), or its own day. */
export const slotDay = (slots: readonly string[], day: string) =>
  day.startsWith("#") ? slots[Number(day.slice(1)) - 1]! : day;

/** The rows of one workspace from `from` to `to`, both counted, of either rollup. */
const daysOf = (table: typeof ledgerDayFlows | typeof tagDayFlows, workspaceId: string, from: string, to: string) =>
  and(eq(table.workspaceId, workspaceId), gte(table.day, from), lte(table.day, to));

/** How many transactions a grouped read's rows hold. */
const transactionsIn = (table: typeof ledgerDayFlows | typeof tagDayFlows) =>
  sql<number>`sum(${table.transactionCount})`.mapWith(Number);

/** Each day's income (what arrived) and spending (what left, from accounts and on cards), per currency. */
export function moneyDaysQuery(
  ctx: ServiceContext,
  workspaceId: string,
  { from, to, slots }: { from: string; to: string; slots?: readonly string[] },
) {
  const day = dayOrSlot(ledgerDayFlows.day, ledgerDayFlows.currency, workspaceId, slots);
  return ctx.db
    .select({
      day,
      kind: ledgerDayFlows.kind,
      currency: ledgerDayFlows.currency,
      units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
      count: transactionsIn(ledgerDayFlows),
    })
    .from(ledgerDayFlows)
    .where(
      and(
        daysOf(ledgerDayFlows, workspaceId, from, to),
        sql`((${ledgerDayFlows.kind} = 'income' and ${ledgerDayFlows.direction} = 'in')
          or (${ledgerDayFlows.kind} = 'expense' and ${ledgerDayFlows.direction} = 'out'))`,
      ),
    )
    .groupBy(day, ledgerDayFlows.kind, ledgerDayFlows.currency);
}

/** What came into and went out of each account, day by day, from `from` to `to` (every kind: transfers too). */
export function accountDaysQuery(ctx: ServiceContext, workspaceId: string, { from, to }: { from: string; to: string }) {
  const sumOf = (direction: "in" | "out") =>
    exactSum(sql`case when ${ledgerDayFlows.direction} = ${direction} then ${ledgerDayFlows.amountUnits} else 0 end`);
  return ctx.db
    .select({
      day: ledgerDayFlows.day,
      leg: ledgerDayFlows.leg,
      currency: ledgerDayFlows.currency,
      inflow: sumOf("in"),
      outflow: sumOf("out"),
    })
    .from(ledgerDayFlows)
    .where(and(daysOf(ledgerDayFlows, workspaceId, from, to), like(ledgerDayFlows.leg, "account:%")))
    .groupBy(ledgerDayFlows.day, ledgerDayFlows.leg, ledgerDayFlows.currency);
}

/**
 * Each tag's (and "no tag"'s) totals of one kind, day by day, from `from` to `to`; with `byLeg`, per
 * account or card too (the cash flow's links).
 */
export function tagDaysQuery(
  ctx: ServiceContext,
  workspaceId: string,
  {
    from,
    to,
    kind,
    byLeg = false,
    slots,
  }: { from: string; to: string; kind: "income" | "expense"; byLeg?: boolean; slots?: readonly string[] },
) {
  const day = dayOrSlot(tagDayFlows.day, tagDayFlows.currency, workspaceId, slots);
  return ctx.db
    .select({
      day,
      tagId: tagDayFlows.tagId,
      leg: byLeg ? tagDayFlows.leg : sql<string>`''`,
      currency: tagDayFlows.currency,
      units: exactSum(sql`${tagDayFlows.amountUnits}`),
      count: transactionsIn(tagDayFlows),
    })
    .from(tagDayFlows)
    .where(and(daysOf(tagDayFlows, workspaceId, from, to), eq(tagDayFlows.kind, kind)))
    .groupBy(day, tagDayFlows.tagId, ...(byLeg ? [tagDayFlows.leg] : []), tagDayFlows.currency);
}

/** What each account's balance moved after `day` (future-dated entries included): today's balance less this is the balance at `day`. */
export function accountNetAfterQuery(ctx: ServiceContext, workspaceId: string, day: string) {
  return ctx.db
    .select({
      leg: ledgerDayFlows.leg,
      net: exactSum(
        sql`case when ${ledgerDayFlows.direction} = 'in' then ${ledgerDayFlows.amountUnits} else -${ledgerDayFlows.amountUnits} end`,
      ),
    })
    .from(ledgerDayFlows)
    .where(
      and(
        eq(ledgerDayFlows.workspaceId, workspaceId),
        gt(ledgerDayFlows.day, day),
        like(ledgerDayFlows.leg, "account:%"),
      ),
    )
    .groupBy(ledgerDayFlows.leg);
}

export function reportAccountsQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({
      id: accounts.id,
      name: accounts.name,
      type: accounts.type,
      currency: accounts.currency,
      color: accounts.color,
      balanceCents: accounts.balanceCents,
      isActive: accounts.isActive,
    })
    .from(accounts)
    .where(eq(accounts.workspaceId, workspaceId))
    .orderBy(asc(accounts.name));
}

/** The cards: their names, and what the projection needs — the account paying them, the cycle, the debt. */
export function reportCardsQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({
      id: cards.id,
      name: cards.name,
      accountId: cards.accountId,
      mode: cards.mode,
      billingCycleDay: cards.billingCycleDay,
      dueDay: cards.dueDay,
      debtCents: cards.debtCents,
    })
    .from(cards)
    .where(eq(cards.workspaceId, workspaceId));
}

/**
 * What moved on each leg of a type from `from` on, dated ahead too, per day, kind and direction: on the
 * credit-mode cards, the charges after a statement's closing and the payments coming
 * (worker/planning/projected-cash.ts); on the accounts, what is dated after today.
 */
export function legDaysQuery(ctx: ServiceContext, workspaceId: string, from: string, legType: "card" | "account") {
  return ctx.db
    .select({
      leg: ledgerDayFlows.leg,
      day: ledgerDayFlows.day,
      kind: ledgerDayFlows.kind,
      direction: ledgerDayFlows.direction,
      units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
    })
    .from(ledgerDayFlows)
    .where(
      and(
        eq(ledgerDayFlows.workspaceId, workspaceId),
        gte(ledgerDayFlows.day, from),
        like(ledgerDayFlows.leg, `${legType}:%`),
      ),
    )
    .groupBy(ledgerDayFlows.leg, ledgerDayFlows.day, ledgerDayFlows.kind, ledgerDayFlows.direction);
}

const cardChargeDays = reusableRead<{ workspaceId: string; from: string }>()((db, value) =>
  db
    .select({
      leg: ledgerDayFlows.leg,
      day: ledgerDayFlows.day,
      direction: sql<"out">`'out'`,
      units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
    })
    .from(ledgerDayFlows)
    .where(
      and(
        eq(ledgerDayFlows.workspaceId, value("workspaceId")),
        gte(ledgerDayFlows.day, value("from")),
        like(ledgerDayFlows.leg, "card:%"),
        eq(ledgerDayFlows.direction, "out"),
      ),
    )
    .groupBy(ledgerDayFlows.leg, ledgerDayFlows.day)
    .having(sql`sum(${ledgerDayFlows.amountUnits}) <> 0`),
);

/**
 * What each card was charged per day from `from` on (its leg's `out` days, every kind summed): all a
 * statement's amount reads, in a third of legDaysQuery's rows.
 */
export function cardChargeDaysQuery(_ctx: ServiceContext, workspaceId: string, from: string) {
  return cardChargeDays({ workspaceId, from });
}

/** legDaysQuery of the cards. */
export const cardDaysQuery = (ctx: ServiceContext, workspaceId: string, from: string) =>
  legDaysQuery(ctx, workspaceId, from, "card");

export function reportTagsQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({ id: tags.id, name: tags.name, color: tags.color, parentId: tags.parentId })
    .from(tags)
    .where(eq(tags.workspaceId, workspaceId));
}

/**
 * The kept rates of every day from `from` to `to` between the currencies a report is in (the
 * workspace's, and `targets` — a subquery of currency codes, such as the budgets' own) and the ones
 * the accounts hold. Built on `db` with values or placeholders (a reusable read's).
 */
export function windowRatesSelect(
  db: Database,
  workspaceId: string | Placeholder,
  { from, to }: { from: string | Placeholder; to: string | Placeholder },
  targets?: SQL,
) {
  const reportedIn = targets
    ? sql`(select ${workspaceCurrency(workspaceId)} union ${targets})`
    : sql`(${workspaceCurrency(workspaceId)})`;
  const held = sql`(select ${accounts.currency} from ${accounts} where ${accounts.workspaceId} = ${workspaceId})`;
  return db
    .select()
    .from(exchangeRates)
    .where(
      and(
        gte(exchangeRates.rateDate, from),
        lte(exchangeRates.rateDate, to),
        sql`((${exchangeRates.quote} in ${reportedIn} and ${exchangeRates.base} in ${held})
          or (${exchangeRates.base} in ${reportedIn} and ${exchangeRates.quote} in ${held}))`,
      ),
    );
}

/** How far either side of a report's range its rates are read, so a day without one finds a near one. */
export const rateMarginDays = 40;

/**
 * The kept rates a report converts with (windowRatesSelect) over the range and 40 days either side,
 * plus each pair's newest for ranges the history does not reach.
 */
export function reportRatesQueries(
  ctx: ServiceContext,
  workspaceId: string,
  { from, to }: { from: string; to: string },
  targets?: SQL,
) {
  return {
    windowRates: windowRatesSelect(
      ctx.db,
      workspaceId,
      { from: addDays(from, -rateMarginDays), to: addDays(to, rateMarginDays) },
      targets,
    ),
    newestRates: newestRatesQuery(ctx, workspaceId),
  };
}
