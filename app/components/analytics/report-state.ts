import type { Message } from "../../../worker/http/messages";
import type { AnalyticsPageData } from "./analytics-page.server";

/** A report's figures, or why the page shows none: the plan (free plan: from `freeFrom`) or the range asked. */
export type Report<T> =
  | { state: "ready"; data: T }
  | { state: "locked"; freeFrom: string }
  | { state: "refused"; field: string; message: Message };

type ReadyData<R> = R extends { state: "ready"; data: infer T } ? T : never;
type Reports = AnalyticsPageData["reports"];

export type SpendingTrends = ReadyData<Reports["trends"]>;
export type CategoryBreakdown = ReadyData<Reports["breakdown"]>;
export type IncomeVsExpenses = ReadyData<Reports["incomeExpenses"]>;
export type AccountPerformance = ReadyData<Reports["accounts"]>;
export type BalanceTrend = ReadyData<Reports["balance"]>;
export type CashFlow = ReadyData<Reports["cashFlow"]>;
export type BudgetAnalysis = ReadyData<Reports["budgets"]>;
export type GoalsProgress = ReadyData<Reports["goals"]>;
export type Budget = AnalyticsPageData["budgets"][number];
export type Goal = AnalyticsPageData["goals"][number];
export type TagOption = AnalyticsPageData["tags"][number];
export type AccountOption = AnalyticsPageData["accounts"][number];
