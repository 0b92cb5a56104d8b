import { and, asc, eq, getTableName, lte, type Placeholder, sql } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { budgets, ledgerDayFlows, tagDayFlows, tags } from "../../db/schema/index.ts";
import { rateMarginDays, windowRatesSelect } from "../analytics/analytics.queries.ts";
import type { ServiceContext } from "../context.ts";
import { newestRatesQuery } from "../currency/rate-queries.ts";
import { addDays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";

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
 * The first day a budget's spending is read from: `from` — or, for a budget that rolls over, its
 * first month, when earlier, since what it carries depends on every month since.
 */
function spendingSince(value: (name: keyof SpendingValues) => Placeholder, onTags: boolean) {
  const rolloverStart = sql`(select min(${budgets.startMonth}) || '-01' from ${budgets}
    where ${budgets.workspaceId} = ${value("workspaceId")} and ${budgets.rollover} = 1
    and ${budgets.tagId} is ${onTags ? sql`not null` : sql`null`})`;
  return sql`min(${value("from")}, coalesce(${rolloverStart}, ${value("from")}))`;
}

/**
 * A row's day — or, in the currency every budget is kept in, which needs no day's rate, the first
 * of its month: a budget only sums months, so a rolling budget's history is a row a month, not a day.
 */
function dayOrMonth(
  value: (name: keyof SpendingValues) => Placeholder,
  table: typeof ledgerDayFlows | typeof tagDayFlows,
) {
  // Qualified: in a select list drizzle writes a column bare, and inside the subquery a bare
  // `currency` would be the budget's own.
  const column = (name: string) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(name)}`;
  return sql<string>`case when not exists (select 1 from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
    and ${budgets.currency} <> ${column("currency")}) then substr(${column("day")}, 1, 7) || '-01' else ${column("day")} end`;
}

/** Built once per isolate (db/reusable-read.ts): the dashboard reads them on every visit. */
const spendingReads = {
  allSpending: reusableRead<SpendingValues>()((db, value) => {
    const day = dayOrMonth(value, ledgerDayFlows);
    return db
      .select({
        day,
        currency: ledgerDayFlows.currency,
        units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
      })
      .from(ledgerDayFlows)
      .where(
        and(
          eq(ledgerDayFlows.workspaceId, value("workspaceId")),
          sql`${ledgerDayFlows.day} >= ${spendingSince(value, false)}`,
          lte(ledgerDayFlows.day, value("to")),
          eq(ledgerDayFlows.kind, "expense"),
          eq(ledgerDayFlows.direction, "out"),
        ),
      )
      .groupBy(day, ledgerDayFlows.currency);
  }),
  tagSpending: reusableRead<SpendingValues>()((db, value) => {
    const budgeted = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")})`;
    const rollingOver = sql`(select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${value("workspaceId")}
      and ${budgets.rollover} = 1 and ${budgets.tagId} is not null)`;
    const day = dayOrMonth(value, tagDayFlows);
    return db
      .select({
        day,
        tagId: tagDayFlows.tagId,
        currency: tagDayFlows.currency,
        units: exactSum(sql`${tagDayFlows.amountUnits}`),
      })
      .from(tagDayFlows)
      .where(
        and(
          eq(tagDayFlows.workspaceId, value("workspaceId")),
          sql`${tagDayFlows.day} >= ${spendingSince(value, true)}`,
          lte(tagDayFlows.day, value("to")),
          eq(tagDayFlows.kind, "expense"),
          sql`(${tagDayFlows.tagId} in ${budgeted} or ${tagDayFlows.tagId} = ${value("newTagId")})`,
          // Before `from`, only what a budget that rolls over carries from.
          sql`(${tagDayFlows.day} >= ${value("from")} or ${tagDayFlows.tagId} in ${rollingOver})`,
        ),
      )
      .groupBy(day, tagDayFlows.tagId, tagDayFlows.currency);
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
