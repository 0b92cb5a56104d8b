import type { Currency, PlannedSourceKind, TransactionKind } from "../../db/enums.ts";
import type { installmentPlans, loans, recurringTransactions, scheduledTransactions } from "../../db/schema/index.ts";
import { paymentsAheadOf } from "./loans/loan-math.ts";
import {
  accountInstallmentDates,
  installmentDescription,
  installmentRows,
} from "./installments/installment-schedule.ts";
import { recurrenceOf } from "./recurring/recurring.rules.ts";
import { executionsLeft, occurrenceAfter, postingDate } from "./recurrence.ts";

/** One amount that planned items will post: what the projected balance and the upcoming list count. */
export type PlannedFlow = {
  date: string;
  kind: TransactionKind;
  description: string;
  amountCents: number;
  currency: Currency;
  source: { type: PlannedSourceKind; uuid: string; name: string };
  /** The legs it moves, as kept ("account:{uuid}" or "card:{uuid}"), and the rate across currencies. */
  legs: { origin: string | null; destination: string | null; conversionRateMicros: number | null };
};

/** What the projection reads: pending scheduled items, active rules, account plans and loans. */
export type PlannedRows = {
  scheduledRows: readonly (typeof scheduledTransactions.$inferSelect)[];
  recurringRows: readonly (typeof recurringTransactions.$inferSelect)[];
  planRows: readonly (typeof installmentPlans.$inferSelect)[];
  loanRows: readonly (typeof loans.$inferSelect)[];
};

/** A rule's occurrences in a projection, at most: a daily rule over years stays bounded. */
const occurrencesPerRule = 1000;

/**
 * What pending scheduled items, active recurring rules, active installment plans paid from an
 * account and active loans will post up to `endDate` (their dates), oldest first. An item whose date
 * has passed (not posted yet — the executor runs every few minutes, or it is waiting on a failure;
 * a loan payment not recorded yet) still counts: its money has not moved. A card's installments are
 * not here: they are posted when the plan is saved, dated on their statements, and count as any
 * later-dated transaction.
 */
export function plannedFlows(
  { scheduledRows, recurringRows, planRows, loanRows }: PlannedRows,
  endDate: string,
): PlannedFlow[] {
  const flows: PlannedFlow[] = [];
  const template = (row: (typeof scheduledRows)[number] | (typeof recurringRows)[number]) => ({
    kind: row.kind,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    legs: { origin: row.origin, destination: row.destination, conversionRateMicros: row.conversionRateMicros },
  });
  for (const row of scheduledRows) {
    if (row.status !== "pending" || row.scheduledDate > endDate) continue;
    flows.push({
      date: row.scheduledDate,
      ...template(row),
      source: { type: "scheduled", uuid: row.id, name: row.description },
    });
  }
  for (const row of recurringRows) {
    if (row.status !== "active") continue;
    const rule = recurrenceOf(row);
    const left = Math.min(occurrencesPerRule, executionsLeft(rule, row.executionCount));
    let next = row.nextDate;
    for (let count = 0; next !== null && count < left; count++) {
      const date = postingDate(next, rule.weekendRule);
      if (date > endDate) break;
      flows.push({ date, ...template(row), source: { type: "recurring", uuid: row.id, name: row.name } });
      next = occurrenceAfter(rule, next);
    }
  }
  for (const plan of planRows) {
    if (plan.status !== "active" || plan.nextDueDate === null || !plan.origin?.startsWith("account:")) continue;
    const dates = accountInstallmentDates(plan.firstPaymentDate, plan.dayOfMonth, plan.installmentCount);
    const rows = installmentRows(plan);
    for (let index = plan.postedCount; index < plan.installmentCount && dates[index]! <= endDate; index++) {
      flows.push({
        date: dates[index]!,
        kind: plan.kind,
        description: installmentDescription(plan.description, index + 1, plan.installmentCount),
        amountCents: Number(rows[index]!.paymentCents),
        currency: plan.currency,
        source: { type: "installment", uuid: plan.id, name: plan.description },
        legs: { origin: plan.origin, destination: plan.destination, conversionRateMicros: plan.conversionRateMicros },
      });
    }
  }
  for (const loan of loanRows) {
    for (const payment of paymentsAheadOf(loan)) {
      if (payment.date > endDate) break;
      flows.push({
        date: payment.date,
        kind: "expense",
        description: `${loan.name} (${payment.number}/${loan.periodsPaid + loan.remainingPeriods})`,
        amountCents: Number(payment.paymentCents),
        currency: loan.currency,
        source: { type: "loan", uuid: loan.id, name: loan.name },
        legs: { origin: `account:${loan.paymentAccountId}`, destination: null, conversionRateMicros: null },
      });
    }
  }
  return flows.sort((a, b) => a.date.localeCompare(b.date));
}
