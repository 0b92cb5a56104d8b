import { isUuid } from "../../db/ids.ts";
import type { PersonCall } from "../auth/actor.ts";
import { readInWorkspace } from "../auth/actor-access.ts";
import { todayIn } from "../ledger/dates.ts";
import { optionQueries, optionsFrom } from "../planning/planned-pages.service.ts";
import type { WorkspaceRef } from "../workspaces/workspaces.service.ts";
import { overviewFrom, statisticsOf } from "./installment-overview.service.ts";
import { toInstallmentPlanResponse } from "./installment-plan-view.ts";
import { installmentListQueries } from "./installments.service.ts";

/**
 * The installment plans page in ONE read round trip: every plan with its progress, the statistics,
 * the chosen plan's schedule (`?plan=`), and the cards and accounts the new-plan form offers (with
 * what each card has available).
 */
export async function loadInstallmentsPage({
  ctx,
  input,
}: PersonCall<WorkspaceRef & { selectedPlanId: string | null }>) {
  const { workspaceId } = input;
  const { workspace, role, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    ...installmentListQueries(ctx, workspaceId),
    ...optionQueries(ctx, workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const view = overviewFrom(workspaceId, rows, today);
  const selectedId = input.selectedPlanId && isUuid(input.selectedPlanId) ? input.selectedPlanId.toLowerCase() : null;
  const selectedRow = rows.planRows.find((plan) => plan.id === selectedId);
  const options = optionsFrom(rows, { today, now: ctx.clock.now() });
  return {
    plans: view.plans.map(({ response }) => response).reverse(),
    statistics: statisticsOf(view),
    selected: selectedRow
      ? toInstallmentPlanResponse(selectedRow, rows.claimRows, view.found, today, { withSchedule: true })
      : null,
    isSelectedMissing: input.selectedPlanId !== null && !selectedRow,
    cards: options.cards.filter((card) => card.mode === "credit" && card.is_active),
    accounts: options.accounts.filter((account) => account.is_active),
    role,
    currency: workspace.currency,
    today,
  };
}
