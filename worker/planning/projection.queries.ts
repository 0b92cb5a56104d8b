import { and, eq, lte } from "drizzle-orm";
import { installmentPlans, loans, recurringTransactions, scheduledTransactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";

/** Pending scheduled items, active recurring rules, account installment plans and loans due by `upTo`: what the projection adds. */
export function plannedItemsQueries(ctx: ServiceContext, workspaceId: string, upTo: string) {
  return {
    scheduledRows: ctx.db
      .select()
      .from(scheduledTransactions)
      .where(
        and(
          eq(scheduledTransactions.workspaceId, workspaceId),
          eq(scheduledTransactions.status, "pending"),
          lte(scheduledTransactions.scheduledDate, upTo),
        ),
      ),
    recurringRows: ctx.db
      .select()
      .from(recurringTransactions)
      .where(
        and(
          eq(recurringTransactions.workspaceId, workspaceId),
          eq(recurringTransactions.status, "active"),
          lte(recurringTransactions.nextDueDate, upTo),
        ),
      ),
    planRows: ctx.db
      .select()
      .from(installmentPlans)
      .where(
        and(
          eq(installmentPlans.workspaceId, workspaceId),
          eq(installmentPlans.status, "active"),
          lte(installmentPlans.nextDueDate, upTo),
        ),
      ),
    loanRows: ctx.db
      .select()
      .from(loans)
      .where(and(eq(loans.workspaceId, workspaceId), eq(loans.status, "active"), lte(loans.nextPaymentDate, upTo))),
  };
}
