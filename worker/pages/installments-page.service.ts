import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { installmentPlans, transactions } from "../../db/schema/index.ts";
import { decimalToExactUnits } from "../ledger/amounts.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { todayIn } from "../ledger/dates.ts";
import { optionQueries, optionsFrom } from "./planned-pages.service.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { overviewFrom, statisticsOf } from "../planning/installments/installment-overview.service.ts";
import { toInstallmentPlanDetail } from "../planning/installments/installment-plan-view.ts";
import { installmentListQueries } from "../planning/installments/installments.service.ts";

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
  const selectedId = input.selectedPlanId && isUuid(input.selectedPlanId) ? input.selectedPlanId.toLowerCase() : null;
  const { workspace, role, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    ...installmentListQueries(ctx, workspaceId),
    ...optionQueries(ctx, workspaceId),
    // The chosen plan's account's latest expenses not linked to anything: what may have paid its next installment.
    unlinkedRows: selectedId
      ? ctx.db
          .select({
            id: transactions.id,
            date: transactions.date,
            description: transactions.description,
            amountCents: transactions.amountCents,
          })
          .from(transactions)
          .where(
            and(
              eq(transactions.workspaceId, workspaceId),
              eq(transactions.kind, "expense"),
              isNull(transactions.plannedOccurrenceId),
              eq(
                transactions.originAccountId,
                sql`(select substr(${installmentPlans.origin}, 9) from ${installmentPlans} where ${installmentPlans.id} = ${selectedId} and ${installmentPlans.workspaceId} = ${workspaceId} and ${installmentPlans.origin} like 'account:%')`,
              ),
            ),
          )
          .orderBy(desc(transactions.date), desc(transactions.id))
          .limit(50)
      : undefined,
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const view = overviewFrom(workspaceId, rows, today);
  const selectedRow = rows.planRows.find((plan) => plan.id === selectedId);
  const options = optionsFrom(rows, { today, now: ctx.clock.now() });
  const selected = selectedRow ? toInstallmentPlanDetail(selectedRow, rows.claimRows, view.found, today) : null;
  // Offered to link: expenses of exactly the next installment's amount, on an active account plan.
  const nextCents =
    selected?.next_installment && !selected.is_paused && selected.payment_method === "account"
      ? decimalToExactUnits(selected.next_installment.amount, selected.currency)
      : null;
  return {
    plans: view.plans.map(({ response }) => response).reverse(),
    statistics: statisticsOf(view),
    selected,
    linkable: (rows.unlinkedRows ?? [])
      .filter((row) => nextCents !== null && BigInt(row.amountCents) === nextCents)
      .slice(0, 5),
    isSelectedMissing: input.selectedPlanId !== null && !selectedRow,
    cards: options.cards.filter((card) => card.mode === "credit" && card.is_active),
    accounts: options.accounts.filter((account) => account.is_active),
    role,
    currency: workspace.currency,
    today,
  };
}
