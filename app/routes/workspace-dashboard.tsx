import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { plans } from "~/lib/pricing";
import { QuickAddButton, type QuickAddChoice } from "~/components/dashboard/quick-add-button";
import { RecentTransactions } from "~/components/dashboard/recent-transactions";
import { QueuedEntriesList } from "~/components/shell/shell-parts-later";
import { StatCard } from "~/components/dashboard/stat-card";
import { ComingUpSections } from "~/components/dashboard/coming-up";
import { VirtualBalanceToggle } from "~/components/dashboard/virtual-balance-toggle";
import { openedLater } from "~/components/ui/opened-later";
import { Skeleton } from "~/components/ui/skeleton";
import { formatMoney } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { asPerson } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { getVirtualBalance, horizons, type Horizon } from "../../worker/dashboard/dashboard.service";
import { getDashboardPage } from "../../worker/pages/dashboard-page.service";
import { AppError } from "../../worker/http/errors";
import { isSupportedDate } from "../../worker/ledger/dates";
import { decimalToExactUnits } from "../../worker/ledger/amounts";
import { can } from "../../worker/access/permissions";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-dashboard";
import { keepsDataWhenKept } from "~/lib/offline-revalidation";
import { errorPageKindOf, WorkspaceErrorPanel } from "~/components/layout/error-page";
import { renderedWhenNeeded } from "~/components/ui/opened-later";

// Shown on some visits only: with money in other currencies, and when the page's read failed.
const ConvertedCurrencies = renderedWhenNeeded(() =>
  import("~/components/dashboard/converted-currencies").then((module) => module.ConvertedCurrencies),
);
const DashboardError = renderedWhenNeeded(() =>
  import("~/components/dashboard/dashboard-error").then((module) => module.DashboardError),
);

/**
 * Rendered only with the projection switched on (most visits never are). A page that opens with it
 * on starts fetching its code while the route loads, before hydration: until that code is in, the
 * server's markup is not yet live, and a click on a horizon would be lost.
 */
const loadProjectionPanel = () => import("~/components/dashboard/projection-panel");
if (typeof window !== "undefined" && new URLSearchParams(window.location.search).get("virtual") === "1") {
  void loadProjectionPanel();
}
const ProjectionPanel = lazy(loadProjectionPanel);

/** The three quick-add forms' stand-ins, fetched when the page is idle or one is first opened (page weight). */
const QuickAddDialogs = openedLater(() =>
  import("~/components/dashboard/quick-add-dialogs").then((module) => module.QuickAddDialogs),
);

/**
 * Shown only when a budget is at 80 % or more, so its code is not in the page's first load (page
 * weight): the server sends the alerts' markup, which stays in place until the code arrives.
 */
const BudgetAlerts = lazy(() =>
  import("~/components/dashboard/budget-alerts").then((module) => ({ default: module.BudgetAlerts })),
);

export const handle = { i18n: ["dashboard", "transactions", "accounts", "cards", "workspaces"] };

/** `?virtual=1` with `horizon=` or `end_date=` adds the projection (docs/product.md#dashboard-and-projection). */
function virtualRequest(url: URL): { horizon?: Horizon; end_date?: string } | null {
  if (url.searchParams.get("virtual") !== "1") return null;
  const endDate = url.searchParams.get("end_date");
  const horizon = url.searchParams.get("horizon");
  if (endDate && isSupportedDate(endDate)) return { end_date: endDate };
  return { horizon: horizons.includes(horizon as Horizon) ? (horizon as Horizon) : "end_of_month" };
}

/**
 * The figures, recent transactions and the quick-add dialogs' options in one batch; the
 * projection, when switched on, is read alongside it (on failure, today's figures).
 */
export async function loader(args: Route.LoaderArgs) {
  const workspaceId = args.params.workspaceId;
  const virtual = virtualRequest(new URL(args.request.url));
  const loaded = await asPerson(args, async (ctx) => {
    const [page, projection] = await Promise.all([
      getDashboardPage({ ctx, input: { workspaceId } }),
      virtual
        ? getVirtualBalance({ ctx, input: { workspaceId, ...virtual } }).then(
            (balance) => ({ balance, failed: false }),
            (error: unknown) => {
              if (error instanceof AppError && error.code === "VALIDATION_FAILED")
                return { balance: null, failed: true };
              throw error;
            },
          )
        : null,
    ]);
    return { ...page, projection };
  });
  // What lifts the account limit, priced as the landing page prices it (app/lib/pricing.ts).
  const unlimitedFromCents = Math.min(
    ...plans.filter((plan) => plan.key.startsWith("unlimited")).map((plan) => plan.monthlyCents),
  );
  return { ...loaded, unlimitedFromCents, pageTitle: serverI18n(detectLanguage(args.request)).t("dashboard:title") };
}

/** An entry kept on the device while offline changed nothing on the server: the page keeps its data. */
export const shouldRevalidate = keepsDataWhenKept;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/**
 * A failed read (not a redirect or 404) shows the 'Error Loading Data' panel with Retry; offline, the
 * page the device kept is shown instead, or says it was not kept.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (errorPageKindOf(error) === "offline")
    return <WorkspaceErrorPanel kind="offline" workspaceId={params.workspaceId} />;
  return <DashboardError />;
}

export default function WorkspaceDashboard({ params }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const page = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  const navigation = useNavigation();
  const [dialog, setDialog] = useState<QuickAddChoice | null>(null);
  const [transactionKind, setTransactionKind] = useState<"expense">();
  const canEdit = can(page.role, "finances.write");
  // "New expense" (the installed app's shortcut, the phone's add button on other pages) lands here with
  // `new=expense`, the `n` key with `new=transaction`: the wizard opens once, and the address forgets it.
  const [searchParams, setSearchParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per arrival with new=…, not when the page's data changes
  useEffect(() => {
    const asked = searchParams.get("new");
    if (asked !== "expense" && asked !== "transaction") return;
    setSearchParams(
      (params) => {
        params.delete("new");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    if (!canEdit) return;
    setTransactionKind(asked === "expense" ? "expense" : undefined);
    setDialog("transaction");
  }, [searchParams]);
  const { stats } = page;
  const currency = stats.currency;
  const isReloading =
    navigation.state === "loading" && navigation.location.pathname === `/workspaces/${params.workspaceId}/dashboard`;
  const projection = page.projection?.balance ?? (page.projection ? fallbackProjection(stats, page.today) : null);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 sm:pb-24">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">
            {t("greeting", { name: layout?.user.name ?? "" })}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("subtitle", { workspace: layout?.workspace.name ?? "" })}
          </p>
        </div>
        <VirtualBalanceToggle />
      </header>
      {projection ? (
        <Suspense fallback={<Skeleton className="h-40 w-full rounded-2xl" />}>
          <ProjectionPanel
            balance={projection}
            upcoming={projection.upcoming}
            error={page.projection?.failed ? t("virtual.failed") : undefined}
            workspaceId={params.workspaceId}
          />
        </Suspense>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label={t("stats.totalBalance")}
            cents={decimalToExactUnits(stats.total_balance, currency)}
            currency={currency}
            icon="wallet"
            testId="stat-total"
            footnote={[
              t("stats.accounts", { count: stats.accounts_count }),
              // Loans are a liability: what they owe, and the balance net of cards and loans.
              stats.loans_owed === "0.00"
                ? null
                : t("stats.netOfLoans", {
                    loans: formatMoney(decimalToExactUnits(stats.loans_owed, currency), currency, language),
                    net: formatMoney(decimalToExactUnits(stats.net_worth, currency), currency, language),
                  }),
            ]
              .filter(Boolean)
              .join(" · ")}
          >
            {stats.other_currencies.length ? (
              <ConvertedCurrencies balances={stats.other_currencies} currency={currency} now={page.now} />
            ) : null}
          </StatCard>
          <StatCard
            label={t("stats.monthlyIncome")}
            cents={decimalToExactUnits(stats.monthly_income.current_income, currency)}
            currency={currency}
            icon="trending-up"
            change={stats.monthly_income}
            testId="stat-income"
          />
          <StatCard
            label={t("stats.monthlyExpenses")}
            cents={decimalToExactUnits(stats.monthly_expenses.current_expenses, currency)}
            currency={currency}
            icon="trending-down"
            change={stats.monthly_expenses}
            isRiseGood={false}
            testId="stat-expenses"
          />
          <StatCard
            label={t("stats.creditCardSpending")}
            cents={decimalToExactUnits(stats.credit_card_spending.current_spending, currency)}
            currency={currency}
            icon="credit-card"
            change={stats.credit_card_spending}
            isRiseGood={false}
            testId="stat-card-spending"
          />
        </div>
      )}
      {stats.budget_alerts.length ? (
        <Suspense fallback={null}>
          <BudgetAlerts
            alerts={stats.budget_alerts}
            // The budget analysis of this month, whose figures the alerts are.
            budgetsHref={`/workspaces/${params.workspaceId}/analytics?from=${page.today.slice(0, 7)}-01&to=${page.today}#report-budgets`}
          />
        </Suspense>
      ) : null}
      <ComingUpSections
        comingUp={page.comingUp}
        accounts={page.accounts}
        currency={currency}
        workspaceId={params.workspaceId}
        canEdit={canEdit}
        analyticsHref={`/workspaces/${params.workspaceId}/analytics?from=${page.today.slice(0, 7)}-01&to=${page.today}`}
      />
      {layout ? (
        <QueuedEntriesList
          workspaceId={params.workspaceId}
          personId={layout.user.uuid}
          accounts={page.accounts}
          cards={page.cards}
        />
      ) : null}
      <RecentTransactions
        transactions={stats.recent_transactions}
        today={page.today}
        isLoading={isReloading}
        viewAllHref={`/workspaces/${params.workspaceId}/transactions`}
      />
      {canEdit ? (
        <>
          <QuickAddButton
            onChoose={setDialog}
            accountLimit={
              page.accountUsage.canCreate
                ? null
                : {
                    plan: page.accountUsage.plan,
                    limit: page.accountUsage.limit ?? 0,
                    unlimitedFromCents: page.unlimitedFromCents,
                  }
            }
          />
          <QuickAddDialogs
            open={dialog !== null}
            dialog={dialog}
            transactionKind={transactionKind}
            onOpenChange={(choice, isOpen) => {
              setDialog(isOpen ? choice : null);
              if (!isOpen) setTransactionKind(undefined);
            }}
            workspaceId={params.workspaceId}
            currency={currency}
            today={page.today}
            accounts={page.accounts}
            cards={page.cards}
            tags={page.tags}
            rates={page.rates}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * docs/product.md#dashboard-and-projection: when the projection fails, current and end balance are the total,
 * nothing is to come.
 */
function fallbackProjection(
  stats: { currency: string; total_balance: string; credit_card_spending: { current_spending: string } },
  today: string,
) {
  return {
    currency: stats.currency,
    today,
    end_date: today,
    current_balance: stats.total_balance,
    future_income: "0.00",
    future_expenses: "0.00",
    // On failure, card debt is the current card spending.
    credit_card_debt: stats.credit_card_spending.current_spending,
    end_balance: stats.total_balance,
    upcoming: [],
  };
}
