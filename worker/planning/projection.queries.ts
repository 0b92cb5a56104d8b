import { and, eq, lte } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { installmentPlans, loans, recurringTransactions, scheduledTransactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";

type DueBy = { workspaceId: string; upTo: string };

const pendingScheduled = reusableRead<DueBy>()((db, value) =>
  db
    .select()
    .from(scheduledTransactions)
    .where(
      and(
        eq(scheduledTransactions.workspaceId, value("workspaceId")),
        eq(scheduledTransactions.status, "pending"),
        lte(scheduledTransactions.scheduledDate, value("upTo")),
      ),
    ),
);

const activeRecurring = reusableRead<DueBy>()((db, value) =>
  db
    .select()
    .from(recurringTransactions)
    .where(
      and(
        eq(recurringTransactions.workspaceId, value("workspaceId")),
        eq(recurringTransactions.status, "active"),
        lte(recurringTransactions.nextDueDate, value("upTo")),
      ),
    ),
);

const activePlans = reusableRead<DueBy>()((db, value) =>
  db
    .select()
    .from(installmentPlans)
    .where(
      and(
        eq(installmentPlans.workspaceId, value("workspaceId")),
        eq(installmentPlans.status, "active"),
        lte(installmentPlans.nextDueDate, value("upTo")),
      ),
    ),
);

const activeLoans = reusableRead<DueBy>()((db, value) =>
  db
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.workspaceId, value("workspaceId")),
        eq(loans.status, "active"),
        lte(loans.nextPaymentDate, value("upTo")),
      ),
    ),
);

/** Pending scheduled items, active recurring rules, account installment plans and loans due by `upTo`: what the projection adds. */
export function plannedItemsQueries(_ctx: ServiceContext, workspaceId: string, upTo: string) {
  const dueBy = { workspaceId, upTo };
  return {
    scheduledRows: pendingScheduled(dueBy),
    recurringRows: activeRecurring(dueBy),
    planRows: activePlans(dueBy),
    loanRows: activeLoans(dueBy),
  };
}
