import { installmentPlans } from "../../../db/schema/index.ts";
import type { PlannedKind } from "../planned-kind.ts";
import { referencedIds } from "../planned-template.ts";
import { postingPlan, type Occurrence } from "../posting.ts";
import type { InstallmentPlanRow } from "./installment-plan-view.ts";
import { accountInstallmentDates, installmentDescription, installmentRows } from "./installment-schedule.ts";

/** An account plan after `count` more installments are done: its count, next date and whether it is complete. */
export function advancedPlan(plan: InstallmentPlanRow, count: number) {
  const postedCount = plan.postedCount + count;
  const dates = accountInstallmentDates(plan.firstPaymentDate, plan.dayOfMonth, plan.installmentCount);
  const isDone = postedCount >= plan.installmentCount;
  return {
    postedCount,
    nextDueDate: isDone ? null : dates[postedCount]!,
    status: isDone ? ("completed" as const) : plan.status,
    failureReason: null,
    failedAt: null,
  };
}

/** The occurrences of an account plan due by `today` (at most `limit`), each with its own amount and words. */
export function dueInstallments(plan: InstallmentPlanRow, today: string, limit: number): Occurrence[] {
  const dates = accountInstallmentDates(plan.firstPaymentDate, plan.dayOfMonth, plan.installmentCount);
  const rows = installmentRows(plan);
  const due: Occurrence[] = [];
  for (let index = plan.postedCount; index < plan.installmentCount && due.length < limit; index++) {
    if (dates[index]! > today) break;
    due.push({
      occurrenceDate: dates[index]!,
      transactionDate: dates[index]!,
      amountCents: Number(rows[index]!.paymentCents),
      description: installmentDescription(plan.description, index + 1, plan.installmentCount),
    });
  }
  return due;
}

/**
 * An installment plan paid from an account: each installment on its date, with its own amount and
 * words ("Notebook (3/10)"). A card's plan is not one: all its installments post when it is saved.
 */
export const installmentKind: PlannedKind<InstallmentPlanRow> = {
  kind: "installment",
  dueColumn: installmentPlans.nextDueDate,
  dueDate: (row) => row.nextDueDate ?? "",
  name: (row) => row.description,
  occurrencesDue: dueInstallments,
  referencedIds,
  posting: postingPlan,
  advanced: (row, posted) => advancedPlan(row, posted.length),
};
