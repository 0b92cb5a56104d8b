import { useTranslation } from "react-i18next";
import { useLoaderData, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { analyticsAction } from "~/components/analytics/analytics-action.server";
import { loadAnalyticsPage, readAnalyticsQuery } from "~/components/analytics/analytics-page.server";
import { AccountPerformanceCard } from "~/components/analytics/accounts-card";
import { CategoryBreakdownCard } from "~/components/analytics/breakdown-card";
import { CashFlowCard } from "~/components/analytics/cash-flow-card";
import { ExportPdfLink } from "~/components/analytics/export-pdf-link";
import { PlansSection } from "~/components/analytics/plans-section";
import { BudgetAnalysisCard, GoalsProgressCard } from "~/components/analytics/progress-cards";
import { daysIn, presetRange } from "~/components/analytics/range";
import { RangePicker } from "~/components/analytics/range-picker";
import { BalanceTrendCard, IncomeExpensesCard, SpendingTrendsCard } from "~/components/analytics/trend-cards";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { asPerson } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { can } from "../../worker/access/permissions";
import type { Route } from "./+types/workspace-analytics";
import type { loader as layoutLoader } from "./workspace-layout";

export const handle = { i18n: ["analytics", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const query = readAnalyticsQuery(new URL(args.request.url).searchParams);
  const page = await asPerson(args, (ctx) => loadAnalyticsPage(ctx, args.params.workspaceId, query));
  return { ...page, pageTitle: serverI18n(detectLanguage(args.request)).t("workspaces:areas.analytics") };
}

/** POST intent=budget-create|budget-update|budget-delete|goal-create|goal-update|goal-delete|goal-contribute. */
export function action(args: Route.ActionArgs) {
  return analyticsAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/**
 * Analytics: every report over one range (in the address, so it can be shared), each in a card with
 * its chart and its numbers as a table; the ones the plan does not include say so and how to get
 * them. Below, the budgets and goals that two of the reports follow.
 */
export default function WorkspaceAnalytics({ params }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  const page = useLoaderData<typeof loader>();
  const language = useLanguage();
  const navigation = useNavigation();
  const location = useLocation();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  const isUpdating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { reports } = page;
  const range =
    reports.trends.state === "ready"
      ? { from: reports.trends.data.from, to: reports.trends.data.to }
      : {
          from: page.query.range.from ?? presetRange("last-12-months", page.today).from,
          to: page.query.range.to ?? page.today,
        };
  return (
    <div className="mx-auto grid max-w-6xl gap-6 pb-24">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("subtitle", {
              from: formatDate(range.from, language, { style: "medium" }),
              to: formatDate(range.to, language, { style: "medium" }),
              currency: page.currency,
            })}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <RangePicker key={`${range.from}/${range.to}`} range={range} today={page.today} />
          <ExportPdfLink
            workspaceId={params.workspaceId}
            range={range}
            hasExportFeatures={layout?.hasExportFeatures ?? false}
          />
        </div>
      </header>
      <p
        role="status"
        className={cn("flex items-center gap-2 text-sm text-muted-foreground", !isUpdating && "sr-only")}
      >
        {isUpdating ? (
          <>
            <Icon name="loader-circle" className="size-4 animate-spin" />
            {t("updating")}
          </>
        ) : null}
      </p>
      <div
        className={cn("grid gap-6 transition lg:grid-cols-2", isUpdating && "pointer-events-none opacity-60")}
        aria-busy={isUpdating}
      >
        <SpendingTrendsCard report={reports.trends} maxDailyReached={daysIn(range) > 366} />
        <CategoryBreakdownCard
          report={reports.breakdown}
          workspaceId={params.workspaceId}
          type={page.query.breakdownType}
        />
        <IncomeExpensesCard report={reports.incomeExpenses} />
        <CashFlowCard report={reports.cashFlow} />
        <AccountPerformanceCard report={reports.accounts} />
        <BalanceTrendCard report={reports.balance} />
        <BudgetAnalysisCard report={reports.budgets} />
        <GoalsProgressCard report={reports.goals} />
      </div>
      <PlansSection
        budgets={page.budgets}
        goals={page.goals}
        tags={page.tags}
        accounts={page.accounts}
        currency={page.currency}
        today={page.today}
        canEdit={can(page.role, "finances.write")}
      />
    </div>
  );
}
