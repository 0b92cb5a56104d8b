import type { AnalyticsPageData } from "./analytics-page.server";

export type { Report } from "../../../worker/analytics/report-outcome";

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
