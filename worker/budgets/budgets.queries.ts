import { and, asc, eq, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import {
  budgets,
  ledgerDayFlows,
  monthSpending,
  tagDayFlows,
  tagMonthSpending,
  tags,
  workspaces,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { pairRateMicrosOnDay } from "../currency/rate-queries.ts";
import { exactCents, exactSum } from "../ledger/sums.ts";

const everyBudget = "*";

/** The workspace's budgets (or one) with their tags' names and colours (a budget on all spending has none). */
const budgetRows = reusableRead<{ workspaceId: string; budgetId: string }>()((db, value) =>
  db
    .select({ budget: budgets, tagName: tags.name, tagColor: tags.color })
    .from(budgets)
    .leftJoin(tags, eq(tags.id, budgets.tagId))
    .where(
      and(
        eq(budgets.workspaceId, value("workspaceId")),
        sql`(${value("budgetId")} = ${everyBudget} or ${budgets.id} = ${value("budgetId")})`,
      ),
    )
    .orderBy(sql`${budgets.tagId} is not null`, asc(tags.name)),
);

export function budgetRowsQuery(_ctx: ServiceContext, workspaceId: string, budgetId?: string) {
  return budgetRows({ workspaceId, budgetId: budgetId ?? everyBudget });
}

type SpendingValues = {
  workspaceId: string;
  from: string;
  to: string;
  /**
   * A budget about to be created (a create's read answers it): on "all" spending, on a "tag"
   * (`newTagId`), or "" for none; `newRollingStart` is its first month when it rolls over, else "".
   * It is kept in the workspace's currency.
   */
  newBudgetOn: "" | "all" | "tag";
  newTagId: string;
  newRollingStart: string;
};

/**
 * The first month a budget's spending is read from: `from`'s — or, for a budget that rolls over, its
 * first month, when earlier, since what it carries depends on every month since. `from` and `to`
 * bound whole months (every caller reads months).
 */
function spendingSince(value: Value, onTags: boolean, withNew: boolean) {
  const rolling = sql`${budgets.workspaceId} = ${value("workspaceId")} and ${budgets.rollover} = 1
    and ${budgets.tagId} is ${onTags ? sql`not null` : sql`null`}`;
  // With a budget about to be created, its own first month counts too.
  const rolloverStart = withNew
    ? sql`(select min(first_month) from (select ${budgets.startMonth} as first_month from ${budgets} where ${rolling}
      union all select nullif(${value("newRollingStart")}, '') where ${value("newBudgetOn")} = ${onTags ? "tag" : "all"}))`
    : sql`(select min(${budgets.startMonth}) from ${budgets} where ${rolling})`;
  return sql<string>`min(substr(${value("from")}, 1, 7), coalesce(${rolloverStart}, substr(${value("from")}, 1, 7)))`;
}

/** A varying value of the spending reads. */
type Value = (name: keyof SpendingValues) => Placeholder;

const workspaceCurrency = (value: Value) =>
  sql`(select ${workspaces.currency} from ${workspaces} where ${workspaces.id} = ${value("workspaceId")})`;

/**
 * Whether every budget (with the one being created) is kept in `currency`, or there are none: then
 * its spending needs no day's rate.
 */
function everyBudgetIn(value: Value, currency: SQL, withNew: boolean) {
  const newOneToo = withNew
    ? sql`
    and (${value("newBudgetOn")} = '' or ${currency} = ${workspaceCurrency(value)})`
    : sql``;
  return sql`(not exists (select 1 from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
    and ${budgets.currency} <> ${currency})${newOneToo})`;
}

/**
 * The currencies spent in over the read's months that some budget converts at each day's rate,
 * from the month rollup: the day rollup is then read for those alone (its spending index).
 */
function foreignCurrencies(value: Value, onTags: boolean, withNew: boolean) {
  const months = onTags ? sql.raw("tag_month_spending") : sql.raw("month_spending");
  return sql`(select distinct spent.currency from ${months} as spent
    where spent.workspace_id = ${value("workspaceId")} and spent.month >= ${spendingSince(value, onTags, withNew)}
    and spent.month <= substr(${value("to")}, 1, 7) and not ${everyBudgetIn(value, sql`spent.currency`, withNew)})`;
}

/** The month's first day, as the spending rows name a month (their day's first seven characters). */
const firstOfMonth = (month: SQLiteColumn) => sql<string>`${month} || '-01'`;

/**
 * The currencies the budgets are kept in, each a row: a foreign day is read once per currency
 * something converts it into (almost always one, the workspace's).
 */
function budgetCurrencies(db: Database, value: Value, withNew: boolean) {
  // Each currency once (the union below makes its rows distinct too): a day is read once per currency.
  if (!withNew)
    return db
      .selectDistinct({ code: budgets.currency })
      .from(budgets)
      .where(eq(budgets.workspaceId, value("workspaceId")))
      .as("targets");
  const kept = db
    .select({ code: budgets.currency })
    .from(budgets)
    .where(eq(budgets.workspaceId, value("workspaceId")));
  return kept
    .union(
      db
        .select({ code: workspaces.currency })
        .from(workspaces)
        .where(and(eq(workspaces.id, value("workspaceId")), sql`${value("newBudgetOn")} <> ''`)),
    )
    .as("targets");
}

/**
 * Built once per isolate (db/reusable-read.ts): the dashboard reads them on every visit. Each reads
 * the months in the currency every budget is kept in from the month rollups (a budget only sums
 * months, so a rolling budget's history is a row a month; `target` null: nothing converts them),
 * and the days of any other currency from the day rollups, once per budget currency (`target`)
 * with the rate pairRate picks for that day among every kept one (`rateMicros`, null when none
 * does) — however far back a rolling budget reaches. The literal kinds let SQLite use the partial
 * indexes. `withNew`: a budget about to be created is read too (a create's answer). Without it the SQL
 * has none of that machinery, which the dashboard would otherwise compile on every visit; both read the
 * same spending (tests/node/analytics/budgets-goals.test.ts compares a create's answer with the list's).
 */
function spendingReadsOf(withNew: boolean) {
  return {
    allSpending: reusableRead<SpendingValues>()((db, value) => {
      const targets = budgetCurrencies(db, value, withNew);
      return db
        .select({
          day: firstOfMonth(monthSpending.month),
          currency: monthSpending.currency,
          units: exactCents(sql`${monthSpending.amountUnits}`),
          target: sql<string | null>`null`,
          rateMicros: sql<number | null>`null`,
        })
        .from(monthSpending)
        .where(
          and(
            eq(monthSpending.workspaceId, value("workspaceId")),
            sql`${monthSpending.month} >= ${spendingSince(value, false, withNew)}`,
            sql`${monthSpending.month} <= substr(${value("to")}, 1, 7)`,
            everyBudgetIn(value, sql`${monthSpending.currency}`, withNew),
          ),
        )
        .unionAll(
          db
            .select({
              day: ledgerDayFlows.day,
              currency: ledgerDayFlows.currency,
              units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
              target: sql<string | null>`${targets.code}`,
              rateMicros: pairRateMicrosOnDay(
                sql`${ledgerDayFlows.currency}`,
                sql`${targets.code}`,
                sql`${ledgerDayFlows.day}`,
              ),
            })
            .from(ledgerDayFlows)
            .innerJoin(targets, sql`true`)
            .where(
              and(
                eq(ledgerDayFlows.workspaceId, value("workspaceId")),
                sql`${ledgerDayFlows.kind} = 'expense' and ${ledgerDayFlows.direction} = 'out'`,
                sql`${ledgerDayFlows.currency} in ${foreignCurrencies(value, false, withNew)}`,
                sql`${ledgerDayFlows.day} >= ${spendingSince(value, false, withNew)} || '-01'`,
                lte(ledgerDayFlows.day, value("to")),
              ),
            )
            .groupBy(ledgerDayFlows.day, ledgerDayFlows.currency, targets.code),
        );
    }),
    tagSpending: reusableRead<SpendingValues>()((db, value) => {
      const targets = budgetCurrencies(db, value, withNew);
      const newTag = withNew ? sql` union all select ${value("newTagId")}` : sql``;
      const newRollingTag = withNew
        ? sql`
      union all select ${value("newTagId")} where ${value("newRollingStart")} <> ''`
        : sql``;
      const budgeted = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
      and ${budgets.tagId} is not null${newTag})`;
      const rollingOver = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
      and ${budgets.rollover} = 1 and ${budgets.tagId} is not null${newRollingTag})`;
      return db
        .select({
          day: firstOfMonth(tagMonthSpending.month),
          tagId: tagMonthSpending.tagId,
          currency: tagMonthSpending.currency,
          units: exactCents(sql`${tagMonthSpending.amountUnits}`),
          target: sql<string | null>`null`,
          rateMicros: sql<number | null>`null`,
        })
        .from(tagMonthSpending)
        .where(
          and(
            eq(tagMonthSpending.workspaceId, value("workspaceId")),
            sql`${tagMonthSpending.month} >= ${spendingSince(value, true, withNew)}`,
            sql`${tagMonthSpending.month} <= substr(${value("to")}, 1, 7)`,
            sql`${tagMonthSpending.tagId} in ${budgeted}`,
            // Before `from`, only what a budget that rolls over carries from.
            sql`(${tagMonthSpending.month} >= substr(${value("from")}, 1, 7) or ${tagMonthSpending.tagId} in ${rollingOver})`,
            everyBudgetIn(value, sql`${tagMonthSpending.currency}`, withNew),
          ),
        )
        .unionAll(
          db
            .select({
              day: tagDayFlows.day,
              tagId: tagDayFlows.tagId,
              currency: tagDayFlows.currency,
              units: exactSum(sql`${tagDayFlows.amountUnits}`),
              target: sql<string | null>`${targets.code}`,
              rateMicros: pairRateMicrosOnDay(
                sql`${tagDayFlows.currency}`,
                sql`${targets.code}`,
                sql`${tagDayFlows.day}`,
              ),
            })
            .from(tagDayFlows)
            .innerJoin(targets, sql`true`)
            .where(
              and(
                eq(tagDayFlows.workspaceId, value("workspaceId")),
                sql`${tagDayFlows.kind} = 'expense'`,
                sql`${tagDayFlows.tagId} in ${budgeted}`,
                sql`${tagDayFlows.currency} in ${foreignCurrencies(value, true, withNew)}`,
                sql`${tagDayFlows.day} >= ${spendingSince(value, true, withNew)} || '-01'`,
                lte(tagDayFlows.day, value("to")),
                sql`(${tagDayFlows.day} >= ${value("from")} or ${tagDayFlows.tagId} in ${rollingOver})`,
              ),
            )
            .groupBy(tagDayFlows.day, tagDayFlows.tagId, tagDayFlows.currency, targets.code),
        );
    }),
  };
}

/** The reads of the budgets as they are (the dashboard, the list, the analysis), and with one about to be created. */
const spendingReads = spendingReadsOf(false);
const spendingReadsWithNewBudget = spendingReadsOf(true);

/** What a create's read knows of the budget it is about to add (its first month when given). */
export type NewBudget = { tagId: string | null; rollover: boolean; startMonth?: string };

/**
 * What the budgets need to be worked out up to `to`: the spending of each day or month (all of it, and under
 * each budgeted tag) from `from` — and, for a budget that rolls over, from its first month, when
 * earlier (spendingSince) — each foreign day with the rate that converts it. Only the budgets that
 * roll over read their history: the others read the month or the range alone.
 */
export function budgetSpendingQueries(
  _ctx: ServiceContext,
  workspaceId: string,
  { from, to }: { from: string; to: string },
  /** A budget about to be created (a create's), read too. */
  newBudget?: NewBudget,
) {
  const values: SpendingValues = {
    workspaceId,
    from,
    to,
    newBudgetOn: newBudget ? (newBudget.tagId === null ? "all" : "tag") : "",
    newTagId: newBudget?.tagId ?? "",
    newRollingStart: newBudget?.rollover && newBudget.startMonth ? newBudget.startMonth : "",
  };
  const reads = newBudget ? spendingReadsWithNewBudget : spendingReads;
  return {
    allSpending: reads.allSpending(values),
    tagSpending: reads.tagSpending(values),
  };
}

/** Whether a budget already limits this tag (or all spending, for null). */
export function budgetForTagQuery(ctx: ServiceContext, workspaceId: string, tagId: string | null) {
  return ctx.db
    .select({ id: budgets.id })
    .from(budgets)
    .where(
      and(
        eq(budgets.workspaceId, workspaceId),
        tagId === null ? sql`${budgets.tagId} is null` : eq(budgets.tagId, tagId),
      ),
    );
}
