import { asc, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RowsByName } from "../../db/named-batch.ts";
import {
  budgets,
  goalAccounts,
  goalContributions,
  goals,
  installmentPlans,
  loanPayments,
  loans,
  plannedOccurrences,
  receipts,
  recurringTransactions,
  scheduledTransactions,
  statementImports,
  tags,
  users,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import { accountsQuery } from "../accounts/accounts.service.ts";
import { laterMovementQueries } from "../accounts/todays-balances.ts";
import { cardsWithAccountsQuery } from "../cards/cards.service.ts";
import type { ServiceContext } from "../context.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";

/**
 * Everything a workspace holds besides its transactions, as the reads that join the first batch of
 * the whole-workspace export (one round trip with the access check and the first transactions).
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
    occurrenceRows: ctx.db
      .select()
      .from(plannedOccurrences)
      .where(inWorkspace(plannedOccurrences.workspaceId))
      .orderBy(asc(plannedOccurrences.occurrenceDate), asc(plannedOccurrences.id)),
    receiptRows: ctx.db
      .select()
      .from(receipts)
      .where(inWorkspace(receipts.workspaceId))
      .orderBy(asc(receipts.createdAt), asc(receipts.id)),
  };
}

export type WorkspaceEntityRows = RowsByName<ReturnType<typeof workspaceEntityReads>>;
