/**
 * The dashboard's budget alerts (issue 16): every budget whose current month has used 80 % or more
 * of what it offers — the figures GET /budgets answers for the month, worked out by the same code —
 * most used first. Like the budget analysis they come from, they are advanced analytics (SPEC §6):
 * a workspace whose plan does not include it has none.
 */
import type { ServiceContext } from "../context.ts";
import type { KnownRate } from "../currency/conversion.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { type BudgetRow, budgetReads, budgetsAnswer, type SpendingRows } from "./budgets.service.ts";

/**
 * What the alerts read, for the dashboard's batch: the budgets and this month's spending under them
 * (and, when a budget rolls over, every month's since its first). The newest rates are the
 * dashboard's own read.
 */
export function budgetAlertReads(ctx: ServiceContext, workspaceId: string) {
  const { newestRates: _dashboardReadsThem, ...reads } = budgetReads(ctx, workspaceId);
  return reads;
}

type AlertRows = Omit<SpendingRows, "newestRates"> & {
  budgetRows: readonly BudgetRow[];
  owners: ReadonlyArray<{ tier: "free" | "unlimited"; hasBetaAccess: boolean }>;
  /** The dashboard's newest rates. */
  rateRows: KnownRate[];
};

/** The budgets at 80 % of this month or over, most used first, as the dashboard answers them. */
export function budgetAlertsFrom(now: Date, workspace: { timeZone: string }, rows: AlertRows) {
  const tier = resolveTier(rows.owners[0] ?? { tier: "free", hasBetaAccess: false });
  if (!tier.features.advanced_analytics) return [];
  const { budgets } = budgetsAnswer(now, workspace, rows.budgetRows, { ...rows, newestRates: rows.rateRows });
  return budgets
    .flatMap(({ uuid, tag, currency, current_month: month }) =>
      month && month.status !== "ok"
        ? [
            {
              uuid,
              tag,
              currency,
              month: month.month,
              available: month.available,
              spent: month.spent,
              remaining: month.remaining,
              percent_used: month.percent_used,
              status: month.status,
            },
          ]
        : [],
    )
    .sort((a, b) => b.percent_used - a.percent_used);
}
