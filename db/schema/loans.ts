import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  amortizationSystems,
  currencies,
  extraPaymentModes,
  interestTypes,
  loanStatuses,
  paymentFrequencies,
  rateConversions,
  ratePeriods,
} from "../enums.ts";
import { loanTypes } from "../planning-enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { accounts, transactions } from "./ledger.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A loan (README: "Loans"): what is owed and how it is paid down. The state is kept, not replayed:
 * the balance, how many payments are left and the regular payment (Price) or principal part (SAC)
 * change with each payment recorded; the schedule ahead is worked out from them when read
 * (worker/planning/loans/loan-math.ts). Every payment is a row of `loan_payments` and, from the payment
 * account, an expense posted in the same batch. With auto-pay on, the cron executor records each
 * scheduled payment on its date (worker/planning/loans/loans.kind.ts), claimed like any planned
 * occurrence (docs/decisions/028-planned-money-is-posted-once-by-its-claim.md).
 */
export const loans = sqliteTable(
  "loans",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type", { enum: loanTypes }).notNull(),
    lender: text("lender"),
    loanNumber: text("loan_number"),
    /** The payment account's currency. */
    currency: text("currency", { enum: currencies }).notNull(),
    paymentAccountId: text("payment_account_id")
      .notNull()
      .references(() => accounts.id),
    principalCents: integer("principal_cents").notNull(),
    currentBalanceCents: integer("current_balance_cents").notNull(),
    /** Percent as typed ("12.5"), exact. */
    interestRate: text("interest_rate").notNull(),
    interestRatePeriod: text("interest_rate_period", { enum: ratePeriods }).notNull(),
    rateConversion: text("rate_conversion", { enum: rateConversions }).notNull(),
    interestType: text("interest_type", { enum: interestTypes }).notNull(),
    amortizationSystem: text("amortization_system", { enum: amortizationSystems }).notNull(),
    termMonths: integer("term_months").notNull(),
    paymentFrequency: text("payment_frequency", { enum: paymentFrequencies }).notNull(),
    extraPaymentMode: text("extra_payment_mode", { enum: extraPaymentModes }).notNull(),
    /** Price: the regular payment. SAC: the principal part of each payment (interest comes on top). */
    regularCents: integer("regular_cents").notNull(),
    remainingPeriods: integer("remaining_periods").notNull(),
    /** Scheduled periods gone by: the next payment is the first payment date moved on this many periods. */
    periodsPaid: integer("periods_paid").notNull().default(0),
    startDate: text("start_date").notNull(),
    firstPaymentDate: text("first_payment_date").notNull(),
    nextPaymentDate: text("next_payment_date"),
    /** Interest accrues from here: the last payment's date, or the start. */
    lastPaymentDate: text("last_payment_date"),
    originationFeeCents: integer("origination_fee_cents").notNull().default(0),
    monthlyFeeCents: integer("monthly_fee_cents").notNull().default(0),
    status: text("status", { enum: loanStatuses }).notNull().default("active"),
    /** Each scheduled payment is posted by the executor on its date; off unless the person asks. */
    autoPay: integer("auto_pay", { mode: "boolean" }).notNull().default(false),
    /** Why the last automatic payment could not be posted (an error message key), cleared by a payment. */
    failureReason: text("failure_reason"),
    failedAt: timestampColumn("failed_at"),
    refinancedFromId: text("refinanced_from_id"),
    refinancedToId: text("refinanced_to_id"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revision: integer("revision").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [
    index("loans_workspace_idx").on(table.workspaceId, table.status, table.nextPaymentDate),
    index("loans_auto_pay_due_idx").on(table.status, table.autoPay, table.nextPaymentDate, table.id),
  ],
);

/** Each payment recorded on a loan, split as it was applied: fees, then interest, then principal. */
export const loanPayments = sqliteTable(
  "loan_payments",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    loanId: text("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    interestCents: integer("interest_cents").notNull(),
    principalCents: integer("principal_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    isPayoff: integer("is_payoff", { mode: "boolean" }).notNull().default(false),
    transactionId: text("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (table) => [index("loan_payments_loan_idx").on(table.loanId, table.date)],
);
