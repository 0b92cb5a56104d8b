import { and, eq } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { accounts } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { todayIn } from "../ledger/dates.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { loanListQueries, loansFrom, loanStatisticsFrom, toLoanDetail } from "../planning/loans/loans.service.ts";

/**
 * The loans page in ONE read round trip: every loan with its progress, the statistics, the chosen
 * loan's schedule and payments (`?loan=`), and the accounts the new-loan form offers.
 */
export async function loadLoansPage({ ctx, input }: PersonCall<WorkspaceRef & { selectedLoanId: string | null }>) {
  const { workspace, role, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...loanListQueries(ctx, input.workspaceId),
    activeAccountRows: ctx.db
      .select({ uuid: accounts.id, name: accounts.name, currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, input.workspaceId), eq(accounts.isActive, true))),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const selectedId = input.selectedLoanId && isUuid(input.selectedLoanId) ? input.selectedLoanId.toLowerCase() : null;
  const selectedRow = rows.loanRows.find((loan) => loan.id === selectedId);
  const account = selectedRow && rows.loanAccountRows.find((row) => row.id === selectedRow.paymentAccountId);
  return {
    loans: loansFrom(rows, today),
    statistics: loanStatisticsFrom(rows),
    selected: selectedRow ? toLoanDetail(selectedRow, { account, payments: rows.paymentRows, today }) : null,
    isSelectedMissing: input.selectedLoanId !== null && !selectedRow,
    accounts: rows.activeAccountRows,
    role,
    currency: workspace.currency,
    today,
  };
}
