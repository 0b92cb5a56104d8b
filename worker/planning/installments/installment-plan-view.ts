/**
 * An installment plan as people read it (docs/product.md#installment-plans): each installment's state, what
 * is paid and what remains, the next one and the plan's status — worked out from the plan, the
 * claims of the installments posted and the transactions they posted, at the workspace's today.
 */
import type { z } from "zod";
import type { installmentPlans } from "../../../db/schema/index.ts";
import { type CardCycle, closingDateFor, dueDateFor } from "../../cards/statements.ts";
import { unitsToDecimal } from "../../ledger/amounts.ts";
import { centsNumber } from "../../ledger/sums.ts";
import { parseLegRef } from "../planned-template.ts";
import { templateResponse } from "../planned-reads.ts";
import type { Lookup } from "../../transactions/transaction-legs.ts";
import {
  accountInstallmentDates,
  cardInstallmentDates,
  installmentRows,
  regularInstallmentCents,
} from "./installment-schedule.ts";
import type {
  installmentPlanDetailSchema,
  installmentPlanResponseSchema,
  installmentStateSchema,
} from "./installments.responses.ts";

export type InstallmentPlanRow = typeof installmentPlans.$inferSelect;

/** A claimed installment: its key date, and the transaction it posted while that transaction exists. */
export type InstallmentClaim = {
  planId: string;
  occurrenceDate: string;
  transactionId: string | null;
  date: string | null;
};

/** Where an installment stands (./installments.responses.ts says what each state means). */
export type InstallmentState = z.infer<typeof installmentStateSchema>;
export type InstallmentPlanResponse = z.infer<typeof installmentPlanResponseSchema>;
export type InstallmentPlanDetail = z.infer<typeof installmentPlanDetailSchema>;

const doneStates: ReadonlySet<InstallmentState> = new Set(["settled_before", "paid", "charged"]);
const owedStates: ReadonlySet<InstallmentState> = new Set(["scheduled", "due", "overdue", "upcoming"]);

export const isCardPlan = (plan: Pick<InstallmentPlanRow, "origin">) => plan.origin?.startsWith("card:") ?? false;

/** Each installment: its number, date, amounts, state, and on a card the statement it is on. */
export function installmentsOf(
  plan: InstallmentPlanRow,
  claims: readonly InstallmentClaim[],
  lookup: Lookup,
  today: string,
) {
  const rows = installmentRows(plan);
  const leg = parseLegRef(plan.origin);
  const card = leg?.type === "card" ? lookup.cards.get(leg.id)?.card : undefined;
  const cycle = card ? { billingDay: card.billingCycleDay, dueDay: card.dueDay } : null;
  const planned = cycle
    ? cardInstallmentDates(plan.purchaseDate, plan.installmentCount, cycle).map((found) => found.date)
    : accountInstallmentDates(plan.firstPaymentDate, plan.dayOfMonth, plan.installmentCount);
  const ownClaims = claims
    .filter((claim) => claim.planId === plan.id)
    .sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate));
  return rows.map((row, index) => {
    const number = index + 1;
    const claim = number > plan.settledBeforeCount ? ownClaims[index - plan.settledBeforeCount] : undefined;
    const date = claim?.date ?? claim?.occurrenceDate ?? planned[index]!;
    const state = stateOf(plan, { number, claim, date, isCard: isCardPlan(plan), today });
    return {
      number,
      date,
      state,
      paymentCents: row.paymentCents,
      interestCents: row.interestCents,
      principalCents: row.principalCents,
      remainingCents: row.remainingCents,
      transactionId: claim?.transactionId ?? null,
      statement: cycle ? statementOf(date, cycle) : null,
    };
  });
}

/** The statement a card installment dated `date` is on. */
function statementOf(date: string, cycle: CardCycle) {
  const closing = closingDateFor(date, cycle.billingDay);
  return { closing_date: closing, due_date: dueDateFor(closing, cycle) };
}

function stateOf(
  plan: InstallmentPlanRow,
  installment: { number: number; claim: InstallmentClaim | undefined; date: string; isCard: boolean; today: string },
): InstallmentState {
  const { number, claim, date, isCard, today } = installment;
  if (number <= plan.settledBeforeCount) return "settled_before";
  if (isCard) {
    if (!claim?.transactionId) return "dropped";
    return date <= today ? "charged" : "scheduled";
  }
  if (claim) return "paid";
  if (plan.status === "cancelled") return "dropped";
  return date < today ? "overdue" : date === today ? "due" : "upcoming";
}

type Installment = ReturnType<typeof installmentsOf>[number];

const sumOf = (installments: readonly Installment[], states: ReadonlySet<InstallmentState>) =>
  installments.reduce((total, item) => (states.has(item.state) ? total + item.paymentCents : total), 0n);

/** The status people see: cancelled; completed once nothing is owed; overdue past a missed date; else as kept. */
export function statusOf(plan: InstallmentPlanRow, installments: readonly Installment[]) {
  if (plan.status === "cancelled") return "cancelled" as const;
  if (!installments.some((item) => owedStates.has(item.state))) return "completed" as const;
  if (installments.some((item) => item.state === "overdue")) return "overdue" as const;
  return plan.status === "paused" ? ("paused" as const) : ("active" as const);
}

function installmentResponse(item: Installment, currency: string) {
  return {
    number: item.number,
    date: item.date,
    state: item.state,
    payment: unitsToDecimal(item.paymentCents, currency),
    interest: unitsToDecimal(item.interestCents, currency),
    principal: unitsToDecimal(item.principalCents, currency),
    remaining_balance: unitsToDecimal(item.remainingCents, currency),
    transaction_id: item.transactionId,
    statement: item.statement,
  };
}

type Found = { lookup: Lookup; tagRows: readonly { id: string; name: string; color: string }[] };

/** An installment plan as the API answers it (./installments.responses.ts), as lists give it. */
export function toInstallmentPlanResponse(
  plan: InstallmentPlanRow,
  claims: readonly InstallmentClaim[],
  found: Found,
  today: string,
): InstallmentPlanResponse {
  return planResponse(plan, installmentsOf(plan, claims, found.lookup, today), found);
}

/** The plan with its schedule, as a single plan's answers (and its page) give it. */
export function toInstallmentPlanDetail(
  plan: InstallmentPlanRow,
  claims: readonly InstallmentClaim[],
  found: Found,
  today: string,
): InstallmentPlanDetail {
  const installments = installmentsOf(plan, claims, found.lookup, today);
  return {
    ...planResponse(plan, installments, found),
    schedule: installments.map((item) => installmentResponse(item, plan.currency)),
  };
}

function planResponse(
  plan: InstallmentPlanRow,
  installments: readonly Installment[],
  found: Found,
): InstallmentPlanResponse {
  const template = templateResponse(plan, found);
  const totalCents = installments.reduce((total, item) => total + item.paymentCents, 0n);
  const next = installments.find((item) => owedStates.has(item.state));
  const paidCount = installments.filter((item) => doneStates.has(item.state)).length;
  const isCard = isCardPlan(plan);
  return {
    uuid: plan.id,
    description: plan.description,
    merchant: plan.merchant,
    notes: plan.notes,
    purchase_date: plan.purchaseDate,
    total_amount: unitsToDecimal(plan.totalAmountCents, plan.currency),
    total_amount_cents: plan.totalAmountCents,
    currency: plan.currency,
    installments_count: plan.installmentCount,
    interest_rate: plan.interestRate,
    first_payment_date: plan.firstPaymentDate,
    day_of_month: plan.dayOfMonth,
    payment_method: isCard ? ("card" as const) : ("account" as const),
    origin: template.origin,
    origin_id: plan.origin,
    tags: template.tags,
    tag_ids: template.tag_ids,
    monthly_payment: unitsToDecimal(regularInstallmentCents(installmentRows(plan)), plan.currency),
    total_interest: unitsToDecimal(totalCents - BigInt(plan.totalAmountCents), plan.currency),
    total_with_interest: unitsToDecimal(totalCents, plan.currency),
    installments_paid: paidCount,
    installments_settled_before: plan.settledBeforeCount,
    paid_amount: unitsToDecimal(sumOf(installments, doneStates), plan.currency),
    remaining_amount: unitsToDecimal(sumOf(installments, owedStates), plan.currency),
    remaining_cents: centsNumber(sumOf(installments, owedStates)),
    next_installment: next
      ? {
          number: next.number,
          date: next.date,
          amount: unitsToDecimal(next.paymentCents, plan.currency),
          state: next.state,
        }
      : null,
    status: statusOf(plan, installments),
    /** Kept paused (an overdue plan may be paused or failing): resume is what it needs. */
    is_paused: plan.status === "paused",
    failure: plan.failureReason ? { key: plan.failureReason, failed_at: plan.failedAt } : null,
    cancelled_at: plan.cancelledAt,
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
  };
}
