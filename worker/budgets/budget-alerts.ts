/**
 * The dashboard's budget alerts: every budget whose current month has used 80 % or more of what it offers —
 * the figures GET /budgets answers for the month, worked out by the same code — most used first. Like the
 * budget analysis they come from, they are advanced analytics (docs/product.md#plans-and-limits): a workspace
 * whose plan does not include it has none.
 */
import type { z } from "zod";
import type { ServiceContext } from "../context.ts";
import { resolveTier } from "../tiers/tiers.ts";
import type { budgetAlertSchema } from "./budgets.responses.ts";
import { type BudgetRow, budgetReads, budgetsAnswer, type SpendingRows } from "./budgets.service.ts";

/**
 * What the alerts read, for the dashboard's batch: the budgets and this month's spending under them
 * (and, when a budget rolls over, every month's since its first), each foreign day with its rate.
 */
export function budgetAlertReads(ctx: ServiceContext, workspaceId: string) {
  return budgetReads(ctx, workspaceId);
}

type AlertRows = SpendingRows & {
  budgetRows: readonly BudgetRow[];
  owners: ReadonlyArray<{ tier: "free" | "unlimited"; hasBetaAccess: boolean }>;
};

/** The budgets at 80 % of this month or over, most used first, as the dashboard answers them. */
export function budgetAlertsFrom(
  now: Date,
  workspace: { timeZone: string },
  rows: AlertRows,
): z.infer<typeof budgetAlertSchema>[] {
  const tier = resolveTier(rows.owners[0] ?? { tier: "free", hasBetaAccess: false });
  if (!tier.features.advanced_analytics) return [];
  const { budgets } = budgetsAnswer(now, workspace, rows.budgetRows, rows);
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
