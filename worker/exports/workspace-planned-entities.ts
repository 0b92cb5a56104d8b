import type { scheduledTransactions } from "../../db/schema/index.ts";
import { microsToRate, unitsToDecimal } from "../ledger/money.ts";
import type { EntityFile } from "./workspace-entities.ts";
import type { WorkspaceEntityRows } from "./workspace-entity-reads.ts";

/** The whole-workspace export's planned money (scheduled, recurring, installment plans) and loans, as records. */

type Template = Pick<
  typeof scheduledTransactions.$inferSelect,
  | "id"
  | "kind"
  | "description"
  | "notes"
  | "amountCents"
  | "currency"
  | "conversionRateMicros"
  | "origin"
  | "destination"
  | "tagIds"
  | "failureReason"
  | "createdBy"
  | "createdAt"
  | "updatedAt"
>;

/** What a scheduled, recurring or installment item will post: the fields they share. */
function templateFields(item: Template, tagNames: Map<string, string>) {
  const tagIds = JSON.parse(item.tagIds) as string[];
  return {
    uuid: item.id,
    type: item.kind,
    description: item.description,
    notes: item.notes,
    amount: unitsToDecimal(item.amountCents, item.currency),
    currency: item.currency,
    currency_conversion: item.conversionRateMicros === null ? null : microsToRate(item.conversionRateMicros),
    origin_id: item.origin,
    destination_id: item.destination,
    tags: tagIds.flatMap((id) => {
      const name = tagNames.get(id);
      return name === undefined ? [] : [{ uuid: id, name }];
    }),
    failure_reason: item.failureReason,
    created_by: item.createdBy,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

const templateColumns = [
  "uuid",
  "type",
  "description",
  "notes",
  "amount",
  "currency",
  "currency_conversion",
  "origin_id",
  "destination_id",
  "tags",
];
export const stampColumns = ["created_by", "created_at", "updated_at"];

/** Scheduled and recurring transactions and installment plans: their template and their own fields. */
export function plannedEntityFiles(rows: WorkspaceEntityRows, tagNames: Map<string, string>): EntityFile[] {
  return [
    {
      name: "scheduled-transactions",
      columns: [...templateColumns, "scheduled_date", "status", "transaction_uuid", "executed_at", ...stampColumns],
      records: rows.scheduledRows.map((item) => ({
        ...templateFields(item, tagNames),
        scheduled_date: item.scheduledDate,
        status: item.status,
        transaction_uuid: item.transactionId,
        executed_at: item.executedAt,
      })),
    },
    {
      name: "recurring-transactions",
      columns: [
        "name",
        ...templateColumns,
        "frequency",
        "interval",
        "days_of_week",
        "day_of_month",
        "month_of_year",
        "weekend_rule",
        "start_date",
        "end_date",
        "max_executions",
        "status",
        "next_date",
        "next_due_date",
        "last_execution_date",
        "last_occurrence_date",
        "execution_count",
        ...stampColumns,
      ],
      records: rows.recurringRows.map((item) => ({
        name: item.name,
        ...templateFields(item, tagNames),
        frequency: item.frequency,
        interval: item.interval,
        days_of_week: item.daysOfWeek === null ? null : (JSON.parse(item.daysOfWeek) as number[]),
        day_of_month: item.dayOfMonth,
        month_of_year: item.monthOfYear,
        weekend_rule: item.weekendRule,
        start_date: item.startDate,
        end_date: item.endDate,
        max_executions: item.maxExecutions,
        status: item.status,
        next_date: item.nextDate,
        next_due_date: item.nextDueDate,
        last_execution_date: item.lastExecutionDate,
        last_occurrence_date: item.lastOccurrenceDate,
        execution_count: item.executionCount,
      })),
    },
    {
      name: "installment-plans",
      columns: [
        "merchant",
        ...templateColumns,
        "purchase_date",
        "total_amount",
        "installment_count",
        "interest_rate",
        "first_payment_date",
        "day_of_month",
        "status",
        "settled_before_count",
        "posted_count",
        "next_due_date",
        "cancelled_at",
        ...stampColumns,
      ],
      records: rows.installmentRows.map((plan) => ({
        merchant: plan.merchant,
        ...templateFields(plan, tagNames),
        purchase_date: plan.purchaseDate,
        total_amount: unitsToDecimal(plan.totalAmountCents, plan.currency),
        installment_count: plan.installmentCount,
        interest_rate: plan.interestRate,
        first_payment_date: plan.firstPaymentDate,
        day_of_month: plan.dayOfMonth,
        status: plan.status,
        settled_before_count: plan.settledBeforeCount,
        posted_count: plan.postedCount,
        next_due_date: plan.nextDueDate,
        cancelled_at: plan.cancelledAt,
      })),
    },
  ];
}

/** Each loan's terms and state, and each payment recorded on one. */
export function loanEntityFiles(rows: WorkspaceEntityRows): EntityFile[] {
  return [
    loansFile(rows),
    {
      name: "loan-payments",
      columns: [
        "uuid",
        "loan_uuid",
        "date",
        "amount",
        "currency",
        "fee",
        "interest",
        "principal",
        "balance_after",
        "is_payoff",
        "transaction_uuid",
        "created_at",
      ],
      records: rows.loanPaymentRows.map(({ payment, currency }) => ({
        uuid: payment.id,
        loan_uuid: payment.loanId,
        date: payment.date,
        amount: unitsToDecimal(payment.amountCents, currency),
        currency,
        fee: unitsToDecimal(payment.feeCents, currency),
        interest: unitsToDecimal(payment.interestCents, currency),
        principal: unitsToDecimal(payment.principalCents, currency),
        balance_after: unitsToDecimal(payment.balanceAfterCents, currency),
        is_payoff: payment.isPayoff,
        transaction_uuid: payment.transactionId,
        created_at: payment.createdAt,
      })),
    },
  ];
}

function loansFile(rows: WorkspaceEntityRows): EntityFile {
  const money = (units: number, currency: string) => unitsToDecimal(units, currency);
  return {
    name: "loans",
    columns: [
      "uuid",
      "name",
      "description",
      "type",
      "lender",
      "loan_number",
      "currency",
      "principal",
      "current_balance",
      "interest_rate",
      "interest_rate_period",
      "rate_conversion",
      "interest_type",
      "amortization_system",
      "term_months",
      "payment_frequency",
      "extra_payment_mode",
      "regular_payment",
      "remaining_periods",
      "periods_paid",
      "start_date",
      "first_payment_date",
      "next_payment_date",
      "last_payment_date",
      "origination_fee",
      "monthly_fee",
      "status",
      "auto_pay",
      "failure_reason",
      "payment_account_uuid",
      "refinanced_from_uuid",
      "refinanced_to_uuid",
      ...stampColumns,
    ],
    records: rows.loanRows.map((loan) => ({
      uuid: loan.id,
      name: loan.name,
      description: loan.description,
      type: loan.type,
      lender: loan.lender,
      loan_number: loan.loanNumber,
      currency: loan.currency,
      payment_account_uuid: loan.paymentAccountId,
      principal: money(loan.principalCents, loan.currency),
      current_balance: money(loan.currentBalanceCents, loan.currency),
      interest_rate: loan.interestRate,
      interest_rate_period: loan.interestRatePeriod,
      rate_conversion: loan.rateConversion,
      interest_type: loan.interestType,
      amortization_system: loan.amortizationSystem,
      term_months: loan.termMonths,
      payment_frequency: loan.paymentFrequency,
      extra_payment_mode: loan.extraPaymentMode,
      regular_payment: money(loan.regularCents, loan.currency),
      remaining_periods: loan.remainingPeriods,
      periods_paid: loan.periodsPaid,
      start_date: loan.startDate,
      first_payment_date: loan.firstPaymentDate,
      next_payment_date: loan.nextPaymentDate,
      last_payment_date: loan.lastPaymentDate,
      origination_fee: money(loan.originationFeeCents, loan.currency),
      monthly_fee: money(loan.monthlyFeeCents, loan.currency),
      status: loan.status,
      auto_pay: loan.autoPay,
      failure_reason: loan.failureReason,
      refinanced_from_uuid: loan.refinancedFromId,
      refinanced_to_uuid: loan.refinancedToId,
      created_by: loan.createdBy,
      created_at: loan.createdAt,
      updated_at: loan.updatedAt,
    })),
  };
}
