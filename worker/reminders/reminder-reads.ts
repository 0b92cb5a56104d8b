/**
 * What the decider reads of one workspace to know what is worth saying today (./reminder-occurrences.ts),
 * as named reads for a batch that holds several workspaces: each read is summed by SQL over the rollups,
 * never by loading transactions. The people are read with their settings and linked phone.
 */
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import {
  accounts,
  bankConnections,
  botLinks,
  ledgerDayFlows,
  pushSubscriptions,
  reminderSettings,
  tagDayFlows,
  tags,
  users,
  workspaceMembers,
} from "../../db/schema/index.ts";
import { cardDaysQuery, legDaysQuery } from "../analytics/analytics.queries.ts";
import { budgetAlertReads, budgetAlertsFrom } from "../budgets/budget-alerts.ts";
import type { RowsByName } from "../../db/named-batch.ts";
import { actingAs } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import { goalReads, goalsAnswer } from "../goals/goals.service.ts";
import { addDays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";
import { statementLookbackDays } from "../planning/projected-cash.ts";
import { plannedItemsQueries } from "../planning/projection.queries.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { cardsWithAccountsQuery } from "../cards/cards.service.ts";
import { reminderPolicy, type WorkspaceToday } from "./reminder-occurrences.ts";

export type DecidedWorkspace = { id: string; currency: string; timeZone: string };

/** The reads of one workspace whose local day is `today`. */
export function workspaceReads(ctx: ServiceContext, workspace: DecidedWorkspace, today: string) {
  const workspaceId = workspace.id;
  return {
    cards: cardsWithAccountsQuery(ctx, workspaceId),
    cardDays: cardDaysQuery(ctx, workspaceId, addDays(today, -statementLookbackDays - 1)),
    ...plannedItemsQueries(ctx, workspaceId, addDays(today, reminderPolicy.negativeDaysAhead)),
    accounts: ctx.db
      .select({
        id: accounts.id,
        name: accounts.name,
        type: accounts.type,
        currency: accounts.currency,
        balanceCents: accounts.balanceCents,
        isActive: accounts.isActive,
      })
      .from(accounts)
      .where(eq(accounts.workspaceId, workspaceId)),
    accountDays: legDaysQuery(ctx, workspaceId, today, "account"),
    ...budgetAlertReads(ctx, workspaceId),
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    ...goalReads(actingAs(ctx, { type: "system", job: "reminders" }), workspaceId),
    connections: ctx.db
      .select({
        id: bankConnections.id,
        institution: bankConnections.institution,
        status: bankConnections.status,
        consentExpiresAt: bankConnections.consentExpiresAt,
      })
      .from(bankConnections)
      .where(and(eq(bankConnections.workspaceId, workspaceId), isNull(bankConnections.disconnectedAt))),
    weekSpending: ctx.db
      .select({
        day: ledgerDayFlows.day,
        currency: ledgerDayFlows.currency,
        units: exactSum(sql`${ledgerDayFlows.amountUnits}`),
      })
      .from(ledgerDayFlows)
      .where(
        and(
          eq(ledgerDayFlows.workspaceId, workspaceId),
          eq(ledgerDayFlows.kind, "expense"),
          eq(ledgerDayFlows.direction, "out"),
          gte(ledgerDayFlows.day, addDays(today, -14)),
          lt(ledgerDayFlows.day, today),
        ),
      )
      .groupBy(ledgerDayFlows.day, ledgerDayFlows.currency),
    weekTagSpending: ctx.db
      .select({
        name: tags.name,
        currency: tagDayFlows.currency,
        units: exactSum(sql`${tagDayFlows.amountUnits}`),
      })
      .from(tagDayFlows)
      .innerJoin(tags, eq(tags.id, tagDayFlows.tagId))
      .where(
        and(
          eq(tagDayFlows.workspaceId, workspaceId),
          eq(tagDayFlows.kind, "expense"),
          gte(tagDayFlows.day, addDays(today, -7)),
          lt(tagDayFlows.day, today),
        ),
      )
      .groupBy(tagDayFlows.tagId, tagDayFlows.currency),
    people: ctx.db
      .select({
        userId: users.id,
        email: users.email,
        language: users.language,
        role: workspaceMembers.role,
        phone: botLinks.phone,
        devices: sql<number>`(select count(*) from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`,
        // Null when the person never saved their settings: the defaults.
        stored: reminderSettings,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .leftJoin(botLinks, eq(botLinks.userId, users.id))
      .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
      .where(eq(workspaceMembers.workspaceId, workspaceId)),
  };
}

export type WorkspaceRows = RowsByName<ReturnType<typeof workspaceReads>>;

/** The decider's view of a workspace's day, from its rows. */
export function workspaceToday(
  ctx: ServiceContext,
  workspace: DecidedWorkspace,
  today: string,
  rows: WorkspaceRows,
): WorkspaceToday {
  const alerts = budgetAlertsFrom(ctx.clock.now(), workspace, rows);
  const { goals } = goalsAnswer(rows, today);
  return {
    workspace,
    today,
    cards: rows.cards.flatMap(({ card, account }) => (card.isActive ? [{ ...card, currency: account.currency }] : [])),
    cardDays: rows.cardDays,
    planned: {
      scheduledRows: rows.scheduledRows,
      recurringRows: rows.recurringRows,
      planRows: rows.planRows,
      loanRows: rows.loanRows,
    },
    accounts: rows.accounts,
    accountDays: rows.accountDays,
    budgets: alerts.map((alert) => ({
      uuid: alert.uuid,
      name: alert.tag?.name ?? null,
      currency: alert.currency,
      spent: alert.spent,
      available: alert.available,
      percent: alert.percent_used,
    })),
    goals: goals.map((goal) => ({
      uuid: goal.uuid,
      name: goal.name,
      currency: goal.currency,
      target: goal.target_amount,
      status: goal.status,
    })),
    connections: rows.connections,
    spending: rows.weekSpending,
    tagSpending: rows.weekTagSpending,
  };
}
