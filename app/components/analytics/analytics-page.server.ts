import { sharedBatches } from "../../../db/named-batch";
import { loadAnalyticsOptions } from "../../../worker/pages/analytics-page.service";
import { categoryBreakdownQuerySchema, spendingTrendsQuerySchema } from "../../../worker/analytics/analytics.schemas";
import {
  accountPerformance,
  balanceTrend,
  cashFlow,
  categoryBreakdown,
  incomeVsExpenses,
  spendingTrends,
} from "../../../worker/analytics/analytics.service";
import { budgetAnalysis, listBudgets } from "../../../worker/budgets/budgets.service";
import { goalsProgress, listGoals } from "../../../worker/goals/goals.service";
import { settledReport as settled } from "../../../worker/analytics/report-outcome";

/** The page's query: the range (`from`, `to`), the trend's grouping and the breakdown's kind; what does not parse is left at its default. */
export function readAnalyticsQuery(search: URLSearchParams) {
  const trend = spendingTrendsQuerySchema.safeParse({
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
    group_by: search.get("group_by") ?? undefined,
  });
  const range = trend.success ? { from: trend.data.from, to: trend.data.to } : {};
  const breakdown = categoryBreakdownQuerySchema.safeParse({ type: search.get("breakdown") ?? undefined });
  return {
    range,
    groupBy: trend.success ? trend.data.group_by : ("month" as const),
    breakdownType: breakdown.success ? breakdown.data.type : ("expense" as const),
  };
}

export type AnalyticsQuery = ReturnType<typeof readAnalyticsQuery>;

/** How far the balance trend runs on past today when the range ends today: the month ahead, projected. */
const balanceProjectionDays = 30;

type PersonContext = Parameters<typeof loadAnalyticsOptions>[0]["ctx"];

/**
 * Every report of the page at once: each service sends its checks and reads as it always does, and
 * the database sends them all as ONE batch (sharedBatches), so the page waits for one round trip.
 * The budgets and goals lists are on every plan; their reports are not.
 */
export async function loadAnalyticsPage(pageCtx: PersonContext, workspaceId: string, query: AnalyticsQuery) {
  const ctx = { ...pageCtx, db: sharedBatches(pageCtx.db) };
  const input = { workspaceId, ...query.range };
  const [
    options,
    trends,
    breakdown,
    incomeExpenses,
    accountsReport,
    balance,
    cashFlowReport,
    budgetReport,
    goalsReport,
    budgets,
    goals,
  ] = await Promise.all([
    loadAnalyticsOptions({ ctx, input: { workspaceId } }),
    settled(spendingTrends({ ctx, input: { ...input, group_by: query.groupBy } })),
    settled(categoryBreakdown({ ctx, input: { ...input, type: query.breakdownType } })),
    settled(incomeVsExpenses({ ctx, input })),
    settled(accountPerformance({ ctx, input })),
    settled(balanceTrend({ ctx, input: { ...input, projection_days: balanceProjectionDays } })),
    settled(cashFlow({ ctx, input })),
    settled(budgetAnalysis({ ctx, input })),
    settled(goalsProgress({ ctx, input: { workspaceId } })),
    listBudgets({ ctx, input: { workspaceId } }),
    listGoals({ ctx, input: { workspaceId } }),
  ]);
  return {
    ...options,
    query,
    reports: {
      trends,
      breakdown,
      incomeExpenses,
      accounts: accountsReport,
      balance,
      cashFlow: cashFlowReport,
      budgets: budgetReport,
      goals: goalsReport,
    },
    budgets: budgets.data,
    goals: goals.data,
  };
}

export type AnalyticsPageData = Awaited<ReturnType<typeof loadAnalyticsPage>>;
