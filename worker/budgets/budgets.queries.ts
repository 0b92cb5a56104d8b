import { and, asc, eq, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { reusableRead } from "../../db/reusable-read.ts";
import { budgets, ledgerDayFlows, monthSpending, tagDayFlows, tagMonthSpending, tags } from "../../db/schema/index.ts";
import { rateMarginDays, windowRatesSelect } from "../analytics/analytics.queries.ts";
import type { ServiceContext } from "../context.ts";
import { newestRatesQuery } from "../currency/rate-queries.ts";
import { addDays } from "../ledger/dates.ts";
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
  newTagId: string;
  ratesFrom: string;
  ratesTo: string;
};

/**
 * The first month a budget's spending is read from: `from`'s — or, for a budget that rolls over, its
 * first month, when earlier, since what it carries depends on every month since. `from` and `to`
 * bound whole months (every caller reads months).
 */
function spendingSince(value: (name: keyof SpendingValues) => Placeholder, onTags: boolean) {
  const rolloverStart = sql`(select min(${budgets.startMonth}) from ${budgets}
    where ${budgets.workspaceId} = ${value("workspaceId")} and ${budgets.rollover} = 1
    and ${budgets.tagId} is ${onTags ? sql`not null` : sql`null`})`;
  return sql<string>`min(substr(${value("from")}, 1, 7), coalesce(${rolloverStart}, substr(${value("from")}, 1, 7)))`;
}

/** Whether every budget is kept in `currency` (or there are none): then its spending needs no day's rate. */
function everyBudgetIn(value: (name: keyof SpendingValues) => Placeholder, currency: SQL) {
  return sql`not exists (select 1 from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
    and ${budgets.currency} <> ${currency})`;
}

/**
 * The currencies spent in over the read's months that some budget converts at each day's rate,
 * from the month rollup: the day rollup is then read for those alone (its spending index).
 */
function foreignCurrencies(value: (name: keyof SpendingValues) => Placeholder, onTags: boolean) {
  const months = onTags ? sql.raw("tag_month_spending") : sql.raw("month_spending");
  return sql`(select distinct spent.currency from ${months} as spent
    where spent.workspace_id = ${value("workspaceId")} and spent.month >= ${spendingSince(value, onTags)}
    and spent.month <= substr(${value("to")}, 1, 7) and not ${everyBudgetIn(value, sql`spent.currency`)})`;
}

/** The month's first day, as the spending rows name a month (their day's first seven characters). */
const firstOfMonth = (month: SQLiteColumn) => sql<string>`${month} || '-01'`;

/**
 * Built once per isolate (db/reusable-read.ts): the dashboard reads them on every visit. Each reads
 * the months in the currency every budget is kept in from the month rollups (a budget only sums
 * months, so a rolling budget's history is a row a month), and the days of any other currency from
 * the day rollups, each for its day's rate. The literal kinds let SQLite use the partial indexes.
 */
const spendingReads = {
  allSpending: reusableRead<SpendingValues>()((db, value) =>
    db
      .select({
        day: firstOfMonth(monthSpending.month),
        currency: monthSpending.currency,
        units: exactCents(sql`${monthSpending.amountUnits}`),
      })
      .from(monthSpending)
      .where(
        and(
          eq(monthSpending.workspaceId, value("workspaceId")),
          sql`${monthSpending.month} >= ${spendingSince(value, false)}`,
          sql`${monthSpending.month} <= substr(${value("to")}, 1, 7)`,
          everyBudgetIn(value, sql`${monthSpending.currency}`),
        ),
      )
      .unionAll(
        db
          .select({
            day: ledgerDayFlows.day,
            currency: ledgerDayFlows.currency,
            units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
          })
          .from(ledgerDayFlows)
          .where(
            and(
              eq(ledgerDayFlows.workspaceId, value("workspaceId")),
              sql`${ledgerDayFlows.kind} = 'expense' and ${ledgerDayFlows.direction} = 'out'`,
              sql`${ledgerDayFlows.currency} in ${foreignCurrencies(value, false)}`,
              sql`${ledgerDayFlows.day} >= ${spendingSince(value, false)} || '-01'`,
              lte(ledgerDayFlows.day, value("to")),
            ),
          )
          .groupBy(ledgerDayFlows.day, ledgerDayFlows.currency),
      ),
  ),
  tagSpending: reusableRead<SpendingValues>()((db, value) => {
    const budgeted = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
      and ${budgets.tagId} is not null union all select ${value("newTagId")})`;
    const rollingOver = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
      and ${budgets.rollover} = 1 and ${budgets.tagId} is not null)`;
    return db
      .select({
        day: firstOfMonth(tagMonthSpending.month),
        tagId: tagMonthSpending.tagId,
        currency: tagMonthSpending.currency,
        units: exactCents(sql`${tagMonthSpending.amountUnits}`),
      })
      .from(tagMonthSpending)
      .where(
        and(
          eq(tagMonthSpending.workspaceId, value("workspaceId")),
          sql`${tagMonthSpending.month} >= ${spendingSince(value, true)}`,
          sql`${tagMonthSpending.month} <= substr(${value("to")}, 1, 7)`,
          sql`${tagMonthSpending.tagId} in ${budgeted}`,
          // Before `from`, only what a budget that rolls over carries from.
          sql`(${tagMonthSpending.month} >= substr(${value("from")}, 1, 7) or ${tagMonthSpending.tagId} in ${rollingOver})`,
          everyBudgetIn(value, sql`${tagMonthSpending.currency}`),
        ),
      )
      .unionAll(
        db
          .select({
            day: tagDayFlows.day,
            tagId: tagDayFlows.tagId,
            currency: tagDayFlows.currency,
            units: exactSum(sql`${tagDayFlows.amountUnits}`),
          })
          .from(tagDayFlows)
          .where(
            and(
              eq(tagDayFlows.workspaceId, value("workspaceId")),
              sql`${tagDayFlows.kind} = 'expense'`,
              sql`${tagDayFlows.tagId} in ${budgeted}`,
              sql`${tagDayFlows.currency} in ${foreignCurrencies(value, true)}`,
              sql`${tagDayFlows.day} >= ${spendingSince(value, true)} || '-01'`,
              lte(tagDayFlows.day, value("to")),
              sql`(${tagDayFlows.day} >= ${value("from")} or ${tagDayFlows.tagId} in ${rollingOver})`,
            ),
          )
          .groupBy(tagDayFlows.day, tagDayFlows.tagId, tagDayFlows.currency),
      );
  }),
  windowRates: reusableRead<SpendingValues>()((db, value) =>
    windowRatesSelect(
      db,
      value("workspaceId"),
      { from: value("ratesFrom"), to: value("ratesTo") },
      sql`select ${budgets.currency} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}`,
    ),
  ),
};

/**
 * What the budgets need to be worked out up to `to`: the spending of each day or month (all of it, and under
 * each budgeted tag) from `from` — and, for a budget that rolls over, from its first month, when
 * earlier (spendingSince) — with the rates that convert it. Only the budgets that roll over read
 * their history: the others read the month or the range alone.
 */
export function budgetSpendingQueries(
  ctx: ServiceContext,
  workspaceId: string,
  { from, to }: { from: string; to: string },
  /** A tag about to be budgeted (a create's), read too. */
  newTagId?: string,
) {
  const values: SpendingValues = {
    workspaceId,
    from,
    to,
    newTagId: newTagId ?? "",
    ratesFrom: addDays(from, -rateMarginDays),
    ratesTo: addDays(to, rateMarginDays),
  };
  return {
    allSpending: spendingReads.allSpending(values),
    tagSpending: spendingReads.tagSpending(values),
    windowRates: spendingReads.windowRates(values),
    newestRates: newestRatesQuery(ctx, workspaceId),
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
