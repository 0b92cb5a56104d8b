import { and, asc, eq, lte, sql } from "drizzle-orm";
import { budgets, ledgerDayFlows, tagDayFlows, tags } from "../../db/schema/index.ts";
import { reportRatesQueries } from "../analytics/analytics.queries.ts";
import type { ServiceContext } from "../context.ts";
import { exactSum } from "../ledger/sums.ts";

/** The workspace's budgets with their tags' names and colours (a budget on all spending has none). */
export function budgetRowsQuery(ctx: ServiceContext, workspaceId: string, budgetId?: string) {
  return ctx.db
    .select({ budget: budgets, tagName: tags.name, tagColor: tags.color })
    .from(budgets)
    .leftJoin(tags, eq(tags.id, budgets.tagId))
    .where(and(eq(budgets.workspaceId, workspaceId), budgetId === undefined ? undefined : eq(budgets.id, budgetId)))
    .orderBy(sql`${budgets.tagId} is not null`, asc(tags.name));
}

/**
 * What the budgets need to be worked out up to `to`: the spending of each day (all of it, and under
 * each budgeted tag) from `from` — and, for a budget that rolls over, from its first month, when
 * earlier, since what it carries depends on every month since — with the rates that convert it.
 * Only the budgets that roll over read their history: most read a month or the range alone.
 */
export function budgetSpendingQueries(
  ctx: ServiceContext,
  workspaceId: string,
  { from, to }: { from: string; to: string },
  /** A tag about to be budgeted (a create's), read too. */
  newTagId?: string,
) {
  const rolloverStart = (onTags: boolean) => sql`(select min(${budgets.startMonth}) || '-01' from ${budgets}
    where ${budgets.workspaceId} = ${workspaceId} and ${budgets.rollover} = 1
    and ${budgets.tagId} is ${onTags ? sql`not null` : sql`null`})`;
  const since = (onTags: boolean) => sql`min(${from}, coalesce(${rolloverStart(onTags)}, ${from}))`;
  const rolloverTags = sql`(select ${budgets.tagId} from ${budgets}
    where ${budgets.workspaceId} = ${workspaceId} and ${budgets.rollover} = 1 and ${budgets.tagId} is not null)`;
  return {
    allSpending: ctx.db
      .select({
        day: ledgerDayFlows.day,
        currency: ledgerDayFlows.currency,
        units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
      })
      .from(ledgerDayFlows)
      .where(
        and(
          eq(ledgerDayFlows.workspaceId, workspaceId),
          sql`${ledgerDayFlows.day} >= ${since(false)}`,
          lte(ledgerDayFlows.day, to),
          eq(ledgerDayFlows.kind, "expense"),
          eq(ledgerDayFlows.direction, "out"),
        ),
      )
      .groupBy(ledgerDayFlows.day, ledgerDayFlows.currency),
    tagSpending: ctx.db
      .select({
        day: tagDayFlows.day,
        tagId: tagDayFlows.tagId,
        currency: tagDayFlows.currency,
        units: exactSum(sql`${tagDayFlows.amountUnits}`),
      })
      .from(tagDayFlows)
      .where(
        and(
          eq(tagDayFlows.workspaceId, workspaceId),
          sql`${tagDayFlows.day} >= ${since(true)}`,
          sql`(${tagDayFlows.day} >= ${from} or ${tagDayFlows.tagId} in ${rolloverTags})`,
          lte(tagDayFlows.day, to),
          eq(tagDayFlows.kind, "expense"),
          sql`(${tagDayFlows.tagId} in (select ${budgets.tagId} from ${budgets} where ${budgets.workspaceId} = ${workspaceId})
            or ${tagDayFlows.tagId} = ${newTagId ?? ""})`,
        ),
      )
      .groupBy(tagDayFlows.day, tagDayFlows.tagId, tagDayFlows.currency),
    ...reportRatesQueries(
      ctx,
      workspaceId,
      { from, to },
      sql`select ${budgets.currency} from ${budgets} where ${budgets.workspaceId} = ${workspaceId}`,
    ),
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
