import { asc, eq } from "drizzle-orm";
import {
  budgets,
  goalAccounts,
  goalContributions,
  goals,
  installmentPlans,
  loanPayments,
  loans,
  recurringTransactions,
  scheduledTransactions,
  statementImports,
  tags,
  users,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RowsByName } from "../../db/named-batch.ts";
import { toAccountResponse } from "../accounts/accounts.mapper.ts";
import { asOfToday, laterMovementQueries } from "../accounts/todays-balances.ts";
import { toCardResponse } from "../cards/cards.mapper.ts";
import { cardsWithAccountsQuery } from "../cards/cards.service.ts";
import { accountsQuery } from "../accounts/accounts.service.ts";
import type { ServiceContext } from "../context.ts";
import { microsToRate, unitsToDecimal } from "../ledger/money.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { resolveTier } from "../tiers/tiers.ts";

/**
 * Everything a workspace holds besides its transactions, read in the one batch that opens the
 * whole-workspace export, and each entity as the records its JSON and CSV files hold: snake_case
 * fields, ids as uuid, amounts as decimal text beside their currency (never a float).
 */

/** The reads, every one filtered by the workspace (goal contributions through their goal). */
export function workspaceEntityReads(ctx: ServiceContext, workspaceId: string) {
  const inWorkspace = (column: SQLiteColumn) => eq(column, workspaceId);
  return {
    workspaceRows: ctx.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)),
    ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
    memberRows: ctx.db
      .select({ member: workspaceMembers, name: users.name, email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId)),
    accountRows: accountsQuery(ctx, workspaceId),
    cardRows: cardsWithAccountsQuery(ctx, workspaceId),
    ...laterMovementQueries(ctx, workspaceId),
    tagRows: ctx.db.select().from(tags).where(inWorkspace(tags.workspaceId)).orderBy(asc(tags.createdAt)),
    scheduledRows: ctx.db
      .select()
      .from(scheduledTransactions)
      .where(inWorkspace(scheduledTransactions.workspaceId))
      .orderBy(asc(scheduledTransactions.scheduledDate), asc(scheduledTransactions.id)),
    recurringRows: ctx.db
      .select()
      .from(recurringTransactions)
      .where(inWorkspace(recurringTransactions.workspaceId))
      .orderBy(asc(recurringTransactions.createdAt), asc(recurringTransactions.id)),
    installmentRows: ctx.db
      .select()
      .from(installmentPlans)
      .where(inWorkspace(installmentPlans.workspaceId))
      .orderBy(asc(installmentPlans.purchaseDate), asc(installmentPlans.id)),
    loanRows: ctx.db
      .select()
      .from(loans)
      .where(inWorkspace(loans.workspaceId))
      .orderBy(asc(loans.createdAt), asc(loans.id)),
    loanPaymentRows: ctx.db
      .select({ payment: loanPayments, currency: loans.currency })
      .from(loanPayments)
      .innerJoin(loans, eq(loans.id, loanPayments.loanId))
      .where(inWorkspace(loanPayments.workspaceId))
      .orderBy(asc(loanPayments.date), asc(loanPayments.createdAt)),
    budgetRows: ctx.db
      .select({ budget: budgets, tagName: tags.name })
      .from(budgets)
      .leftJoin(tags, eq(tags.id, budgets.tagId))
      .where(inWorkspace(budgets.workspaceId))
      .orderBy(asc(budgets.createdAt), asc(budgets.id)),
    goalRows: ctx.db.select().from(goals).where(inWorkspace(goals.workspaceId)).orderBy(asc(goals.createdAt)),
    goalAccountRows: ctx.db
      .select({ goalId: goalAccounts.goalId, accountId: goalAccounts.accountId })
      .from(goalAccounts)
      .innerJoin(goals, eq(goals.id, goalAccounts.goalId))
      .where(inWorkspace(goals.workspaceId)),
    contributionRows: ctx.db
      .select({ contribution: goalContributions, currency: goals.currency })
      .from(goalContributions)
      .innerJoin(goals, eq(goals.id, goalContributions.goalId))
      .where(inWorkspace(goals.workspaceId))
      .orderBy(asc(goalContributions.date), asc(goalContributions.createdAt)),
    importRows: ctx.db
      .select()
      .from(statementImports)
      .where(inWorkspace(statementImports.workspaceId))
      .orderBy(asc(statementImports.createdAt), asc(statementImports.id)),
  };
}

export type WorkspaceEntityRows = RowsByName<ReturnType<typeof workspaceEntityReads>>;

/** One file pair of the archive: `{name}.json` and `{name}.csv`, with the CSV's columns (flattened field names). */
export type EntityFile = { name: string; columns: string[]; records: Array<Record<string, unknown>> };

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
const stampColumns = ["created_by", "created_at", "updated_at"];

/** Every entity but the transactions, in the archive's order. `today` is the workspace's. */
export function workspaceEntityFiles(rows: WorkspaceEntityRows, today: string, now: Date): EntityFile[] {
  const workspace = rows.workspaceRows[0]!;
  const tier = resolveTier(rows.ownerTierRows[0] ?? { tier: "free", hasBetaAccess: false });
  const tagNames = new Map(rows.tagRows.map((tag) => [tag.id, tag.name]));
  const ofToday = asOfToday({ accounts: rows.accountRows, cards: rows.cardRows }, rows, today, now);
  return [
    {
      name: "workspace",
      columns: [
        "uuid",
        "name",
        "description",
        "currency",
        "time_zone",
        "plan",
        "primary_color",
        "secondary_color",
        "accent_color",
        "created_at",
      ],
      records: [
        {
          uuid: workspace.id,
          name: workspace.name,
          description: workspace.description,
          currency: workspace.currency,
          time_zone: workspace.timeZone,
          plan: tier.label,
          primary_color: workspace.primaryColor,
          secondary_color: workspace.secondaryColor,
          accent_color: workspace.accentColor,
          created_at: workspace.createdAt,
        },
      ],
    },
    {
      name: "members",
      columns: ["uuid", "name", "email", "role", "joined_at"],
      records: rows.memberRows.map(({ member, name, email }) => ({
        uuid: member.userId,
        name,
        email,
        role: member.role,
        joined_at: member.createdAt,
      })),
    },
    {
      name: "accounts",
      columns: [
        "uuid",
        "name",
        "type",
        "currency",
        "balance",
        "initial_balance",
        "color",
        "icon",
        "is_active",
        "created_at",
        "updated_at",
      ],
      records: ofToday.accounts.map(toAccountResponse),
    },
    {
      name: "cards",
      columns: [
        "uuid",
        "name",
        "account_uuid",
        "currency",
        "last_four_digits",
        "issuer",
        "expiry_date",
        "type",
        "mode",
        "credit_limit",
        "billing_cycle_day",
        "due_day",
        "debt_amount",
        "available_credit",
        "current_balance",
        "color",
        "icon",
        "is_active",
        "created_at",
      ],
      records: ofToday.cards.map(({ card, account }) => toCardResponse(card, account)),
    },
    {
      name: "tags",
      columns: ["uuid", "name", "color", "description", "usage_count", "created_at"],
      records: rows.tagRows.map((tag) => ({
        uuid: tag.id,
        name: tag.name,
        color: tag.color,
        description: tag.description,
        usage_count: tag.usageCount,
        created_at: tag.createdAt,
      })),
    },
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
        "next_due_date",
        "last_execution_date",
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
        next_due_date: item.nextDueDate,
        last_execution_date: item.lastExecutionDate,
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
    {
      name: "budgets",
      columns: ["uuid", "tag_uuid", "tag_name", "amount", "currency", "rollover", "start_month", ...stampColumns],
      records: rows.budgetRows.map(({ budget, tagName }) => ({
        uuid: budget.id,
        tag_uuid: budget.tagId,
        tag_name: tagName,
        amount: unitsToDecimal(budget.amountCents, budget.currency),
        currency: budget.currency,
        rollover: budget.rollover,
        start_month: budget.startMonth,
        created_by: budget.createdBy,
        created_at: budget.createdAt,
        updated_at: budget.updatedAt,
      })),
    },
    {
      name: "goals",
      columns: ["uuid", "name", "target", "currency", "target_date", "account_uuids", "color", ...stampColumns],
      records: rows.goalRows.map((goal) => ({
        uuid: goal.id,
        name: goal.name,
        target: unitsToDecimal(goal.targetCents, goal.currency),
        currency: goal.currency,
        target_date: goal.targetDate,
        account_uuids: rows.goalAccountRows.filter((link) => link.goalId === goal.id).map((link) => link.accountId),
        color: goal.color,
        created_by: goal.createdBy,
        created_at: goal.createdAt,
        updated_at: goal.updatedAt,
      })),
    },
    {
      name: "goal-contributions",
      columns: ["uuid", "goal_uuid", "date", "amount", "currency", "note", "created_by", "created_at"],
      records: rows.contributionRows.map(({ contribution, currency }) => ({
        uuid: contribution.id,
        goal_uuid: contribution.goalId,
        date: contribution.date,
        amount: unitsToDecimal(contribution.amountCents, currency),
        currency,
        note: contribution.note,
        created_by: contribution.createdBy,
        created_at: contribution.createdAt,
      })),
    },
    {
      name: "statement-imports",
      columns: [
        "uuid",
        "account_uuid",
        "card_uuid",
        "file_name",
        "format",
        "line_count",
        "created_count",
        "skipped_count",
        "refused_count",
        "created_by",
        "created_at",
        "undone_at",
      ],
      records: rows.importRows.map((row) => ({
        uuid: row.id,
        account_uuid: row.accountId,
        card_uuid: row.cardId,
        file_name: row.fileName,
        format: row.format,
        csv_mapping: row.csvMapping === null ? null : (JSON.parse(row.csvMapping) as unknown),
        line_count: row.lineCount,
        created_count: row.createdCount,
        skipped_count: row.skippedCount,
        refused_count: row.refusedCount,
        created_by: row.createdBy,
        created_at: row.createdAt,
        undone_at: row.undoneAt,
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
      refinanced_from_uuid: loan.refinancedFromId,
      refinanced_to_uuid: loan.refinancedToId,
      created_by: loan.createdBy,
      created_at: loan.createdAt,
      updated_at: loan.updatedAt,
    })),
  };
}
