import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { comingUpFrom, comingUpQueries } from "../dashboard/coming-up.ts";
import { converterTo } from "../dashboard/converted-figures.ts";
import { dashboardStatsFrom, dashboardStatsQueries } from "../dashboard/dashboard.service.ts";
import { decimalToExactUnits } from "../ledger/amounts.ts";
import { todayIn } from "../ledger/dates.ts";
import { accountsUsedQuery } from "../tiers/tier-queries.ts";
import { accountUsage, resolveTier } from "../tiers/tiers.ts";
import { toListedTransaction } from "../transactions/transactions.mapper.ts";
import { ledgerOptionsFrom, ledgerOptionsQueries } from "./transactions-page.service.ts";

/**
 * The dashboard page in one round trip: the figures, what is coming (each card's statement, the next 7
 * days with the balance after each, this month by category), the caller's role, today, and the accounts,
 * cards and tags its quick-add dialogs offer.
 */
export async function getDashboardPage({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    workspace,
    role,
    rows: {
      accountRows,
      cardRows,
      tagRows,
      rateRows,
      laterInflows,
      laterOutflows,
      laterCharges,
      laterCardPayments,
      used,
      comingCardDays,
      scheduledRows,
      recurringRows,
      planRows,
      loanRows,
      monthTagSpending,
      ...statsRows
    },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...dashboardStatsQueries(ctx, input.workspaceId),
    ...ledgerOptionsQueries(ctx, input.workspaceId),
    ...comingUpQueries(ctx, input.workspaceId),
    // The floating button's "New account" says the plan's limit before the form, not after it.
    used: accountsUsedQuery(ctx, input.workspaceId),
  });
  const stats = dashboardStatsFrom(ctx, workspace, { ...statsRows, rateRows });
  const tier = resolveTier(statsRows.owners[0] ?? { tier: "free", hasBetaAccess: false });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const comingUp = comingUpFrom({
    today,
    currency: workspace.currency,
    converter: converterTo(workspace.currency, rateRows, ctx.clock.now()),
    totalBalanceCents: decimalToExactUnits(stats.total_balance, workspace.currency),
    accounts: accountRows,
    cards: cardRows.map(({ card, account }) => ({ ...card, currency: account.currency })),
    cardDays: comingCardDays,
    planned: { scheduledRows, recurringRows, planRows, loanRows },
    monthTagSpending,
  });
  return {
    stats: { ...stats, recent_transactions: stats.recent_transactions.map(toListedTransaction) },
    comingUp,
    ...ledgerOptionsFrom(
      { accountRows, cardRows, tagRows, rateRows, laterInflows, laterOutflows, laterCharges, laterCardPayments },
      { today: todayIn(workspace.timeZone, ctx.clock.now()), now: ctx.clock.now() },
    ),
    accountUsage: { ...accountUsage(tier, used[0]?.used ?? 0), plan: tier.label },
    role,
    today,
    /** The read's moment, so the page says how old a rate is in the same words on the server and in the browser. */
    now: ctx.clock.now().toISOString(),
  };
}
