/**
 * What is worth telling a workspace's people today (README: "Reminders"), worked out from one read of the
 * workspace. Pure: the cron's decider reads the rows (./reminder-reads.ts) and claims what this returns.
 *
 * Each occurrence is named by its kind, its subject and the date it is about; with the person and the
 * channel that is the claim that makes it once (docs/decisions/051-a-reminder-is-claimed-by-its-occurrence.md).
 * `lastDay` is the last local day it is still worth saying: a run that missed it drops it.
 */
import type { ReminderKind } from "../../db/reminder-enums.ts";
import type { Permission } from "../access/permissions.ts";
import { addDays, monthRange } from "../ledger/dates.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import {
  type CardDay,
  chargedBetween,
  type ProjectionCard,
  type StatementDue,
  statementsAround,
  statementsDue,
} from "../planning/projected-cash.ts";
import { plannedFlows, type PlannedRows } from "../planning/projection.ts";

/** A message's values: names, dates, amounts as decimal text with their currency; `link` is the screen to act on. */
export type ReminderParams = Record<string, string | number | string[]>;

export type Occurrence = {
  kind: ReminderKind;
  subject: string;
  about: string;
  lastDay: string;
  /** Who may be told: what a member's role must allow to see it and act on it. */
  audience: Permission;
  /** The weekly summary goes to each person on the day they chose; null: to everyone. */
  weekday: number | null;
  params: ReminderParams & { link: string };
};

export type ReminderCard = ProjectionCard & { name: string; currency: string };
export type ReminderAccount = {
  id: string;
  name: string;
  type: string;
  currency: string;
  balanceCents: number;
  isActive: boolean;
};
/** An account leg's day (ledger_day_flows): what arrived or left, dated ahead of today too. */
export type AccountDay = { leg: string; day: string; direction: "in" | "out"; units: bigint };
/** A budget's tag name; null for the budget of all spending. */
export type ReminderBudget = {
  uuid: string;
  name: string | null;
  currency: string;
  spent: string;
  available: string;
  percent: number;
};
export type ReminderGoal = { uuid: string; name: string; currency: string; target: string; status: string };
export type ReminderConnection = {
  id: string;
  institution: string;
  status: string;
  consentExpiresAt: string | null;
};
export type SpendingDay = { day: string; currency: string; units: bigint };
export type TagSpending = { name: string; currency: string; units: bigint };

export type WorkspaceToday = {
  workspace: { id: string; currency: string };
  today: string;
  cards: readonly ReminderCard[];
  cardDays: readonly CardDay[];
  planned: PlannedRows;
  accounts: readonly ReminderAccount[];
  accountDays: readonly AccountDay[];
  budgets: readonly ReminderBudget[];
  goals: readonly ReminderGoal[];
  connections: readonly ReminderConnection[];
  /** Expenses per day of the last two weeks, and last week's per tag (the workspace's currency first). */
  spending: readonly SpendingDay[];
  tagSpending: readonly TagSpending[];
};

/** How far ahead a statement is announced, and how far the projected balance is watched. */
export const reminderPolicy = { statementDaysAhead: 3, negativeDaysAhead: 7, consentDaysAhead: 7 } as const;

const plannedPages = {
  scheduled: "scheduled-transactions",
  recurring: "recurring-transactions",
  installment: "installment-plans",
  loan: "loans",
} as const;

/** The Monday of `date`'s week: a repeated state (a bank asking for a login) is said once a week. */
function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

function statementOccurrences(input: WorkspaceToday, dues: readonly StatementDue[]): Occurrence[] {
  const { today, cards, cardDays } = input;
  const found: Occurrence[] = [];
  for (const card of cards.filter((card) => card.mode === "credit")) {
    const { open, previous } = statementsAround(card, today);
    const charged = (from: string, to: string) => chargedBetween(cardDays, card.id, from, to);
    const base = { name: card.name, card: card.id, currency: card.currency };

    if (open.closing === addDays(today, reminderPolicy.statementDaysAhead)) {
      found.push({
        kind: "statement_closing",
        subject: card.id,
        about: open.closing,
        lastDay: today,
        audience: "workspace.read",
        weekday: null,
        params: {
          ...base,
          closing: open.closing,
          due: open.due,
          amount: unitsToDecimal(charged(open.start, today), card.currency),
          link: `cards?card=${card.id}`,
        },
      });
    }

    // The open statement and the one before it: the one due in three days or today says what it still asks for.
    for (const { closing, due } of [previous, open]) {
      const daysLeft = due === today ? 0 : due === addDays(today, reminderPolicy.statementDaysAhead) ? 3 : null;
      const owed = dues.find((entry) => entry.cardId === card.id && entry.due === due);
      if (daysLeft === null || !owed || owed.units <= 0n) continue;
      found.push({
        kind: "statement_due",
        subject: `${card.id}:${daysLeft}`,
        about: due,
        lastDay: today,
        audience: "workspace.read",
        weekday: null,
        params: {
          ...base,
          closing,
          due,
          days: daysLeft,
          amount: unitsToDecimal(owed.units, card.currency),
          link: `cards?card=${card.id}&statement=${closing}`,
        },
      });
    }

    // Paid: the last closed statement had charges, asks for nothing now, and money came in since yesterday.
    const closed = previous;
    const statementTotal = charged(closed.start, closed.closing);
    const chargedSince = charged(addDays(closed.closing, 1), "9999-12-31");
    const stillOwed = BigInt(card.debtCents) - chargedSince;
    const paidLately = cardDays.some(
      (row) =>
        row.leg === `card:${card.id}` &&
        row.direction === "in" &&
        row.kind === "pay_credit_card" &&
        row.day >= addDays(today, -1) &&
        row.day <= today,
    );
    if (statementTotal > 0n && stillOwed <= 0n && paidLately) {
      found.push({
        kind: "statement_paid",
        subject: card.id,
        about: closed.closing,
        lastDay: addDays(today, 2),
        audience: "workspace.read",
        weekday: null,
        params: {
          ...base,
          closing: closed.closing,
          amount: unitsToDecimal(statementTotal, card.currency),
          link: `cards?card=${card.id}&statement=${closed.closing}`,
        },
      });
    }
  }
  return found;
}

function legName(input: WorkspaceToday, leg: string | null): string {
  if (!leg) return "";
  const [type, id] = leg.split(":");
  const named = type === "card" ? input.cards.find((card) => card.id === id) : input.accounts.find((a) => a.id === id);
  return named?.name ?? "";
}

function plannedOccurrences(input: WorkspaceToday): Occurrence[] {
  const tomorrow = addDays(input.today, 1);
  return plannedFlows(input.planned, tomorrow)
    .filter((flow) => flow.date === tomorrow)
    .map((flow) => ({
      kind: "planned_due" as const,
      subject: `${flow.source.type}:${flow.source.uuid}`,
      about: flow.date,
      lastDay: input.today,
      audience: "workspace.read" as const,
      weekday: null,
      params: {
        source: flow.source.type,
        name: flow.description,
        kind: flow.kind,
        date: flow.date,
        amount: unitsToDecimal(flow.amountCents, flow.currency),
        currency: flow.currency,
        from: legName(input, flow.legs.origin),
        to: legName(input, flow.legs.destination),
        link: plannedPages[flow.source.type],
      },
    }));
}

function budgetOccurrences(input: WorkspaceToday): Occurrence[] {
  const month = monthRange(input.today);
  return input.budgets.flatMap((budget) => {
    const threshold = budget.percent >= 100 ? 100 : budget.percent >= 80 ? 80 : null;
    if (threshold === null) return [];
    return [
      {
        kind: "budget" as const,
        subject: `${budget.uuid}:${threshold}`,
        about: month.start,
        lastDay: month.end,
        audience: "workspace.read" as const,
        weekday: null,
        params: {
          ...(budget.name === null ? { all_spending: 1 } : { name: budget.name }),
          threshold,
          percent: budget.percent,
          spent: budget.spent,
          available: budget.available,
          currency: budget.currency,
          link: "analytics?tab=budgets",
        },
      },
    ];
  });
}

function goalOccurrences(input: WorkspaceToday): Occurrence[] {
  return input.goals
    .filter((goal) => goal.status === "reached")
    .map((goal) => ({
      kind: "goal_reached" as const,
      subject: goal.uuid,
      about: goal.target,
      lastDay: addDays(input.today, 6),
      audience: "workspace.read" as const,
      weekday: null,
      params: { name: goal.name, amount: goal.target, currency: goal.currency, link: "analytics?tab=goals" },
    }));
}

/**
 * An account whose balance is not negative today and, by what is planned and the statements falling due,
 * would be within the week: the first day it would, and the largest amount leaving it that day.
 */
function negativeBalanceOccurrences(input: WorkspaceToday, allDues: readonly StatementDue[]): Occurrence[] {
  const { today } = input;
  const until = addDays(today, reminderPolicy.negativeDaysAhead);
  const found: Occurrence[] = [];
  const flows = plannedFlows(input.planned, until);
  const credit = input.cards.filter((card) => card.mode === "credit");
  const dues = allDues.filter((due) => due.due <= until);
  // A debit-mode card spends from its account; a credit-mode one from its statement.
  const accountOfLeg = (ref: string | null) => {
    const [type, id] = (ref ?? ":").split(":");
    if (type === "account") return id;
    const card = input.cards.find((entry) => entry.id === id);
    return card && card.mode !== "credit" ? card.accountId : null;
  };
  for (const account of input.accounts) {
    if (!account.isActive || account.type === "credit") continue;
    const leg = `account:${account.id}`;
    const netAfter = (day: string) =>
      input.accountDays.reduce(
        (sum, row) =>
          row.leg === leg && row.day > day ? sum + (row.direction === "in" ? row.units : -row.units) : sum,
        0n,
      );
    // Planned items and statements due today or earlier have not moved yet: they count from tomorrow.
    const leaving: { date: string; units: bigint; name: string }[] = [];
    for (const flow of flows) {
      if (flow.currency !== account.currency) continue;
      const date = flow.date <= today ? addDays(today, 1) : flow.date;
      if (accountOfLeg(flow.legs.origin) === account.id)
        leaving.push({ date, units: -BigInt(flow.amountCents), name: flow.description });
      if (accountOfLeg(flow.legs.destination) === account.id && flow.legs.conversionRateMicros === null)
        leaving.push({ date, units: BigInt(flow.amountCents), name: flow.description });
    }
    for (const due of dues) {
      const card = credit.find((entry) => entry.id === due.cardId);
      if (due.accountId !== account.id || card?.currency !== account.currency) continue;
      leaving.push({ date: due.due <= today ? addDays(today, 1) : due.due, units: -due.units, name: card.name });
    }
    const balanceToday = BigInt(account.balanceCents) - netAfter(today);
    if (balanceToday < 0n) continue;
    for (let day = addDays(today, 1); day <= until; day = addDays(day, 1)) {
      const planned = leaving.filter((entry) => entry.date <= day).reduce((sum, entry) => sum + entry.units, 0n);
      const balance = BigInt(account.balanceCents) - netAfter(day) + planned;
      if (balance >= 0n) continue;
      const cause = leaving
        .filter((entry) => entry.date === day && entry.units < 0n)
        .sort((a, b) => (a.units < b.units ? -1 : 1))[0];
      found.push({
        kind: "balance_negative",
        subject: account.id,
        about: day,
        lastDay: today,
        audience: "workspace.read",
        weekday: null,
        params: {
          name: account.name,
          date: day,
          balance: unitsToDecimal(balance, account.currency),
          currency: account.currency,
          cause: cause?.name ?? "",
          link: `accounts`,
        },
      });
      break;
    }
  }
  return found;
}

function bankOccurrences(input: WorkspaceToday): Occurrence[] {
  const { today } = input;
  return input.connections.flatMap((connection): Occurrence[] => {
    const base = { name: connection.institution, link: "bank-connections" };
    if (connection.status === "needs_login" || connection.status === "consent_expired")
      return [
        {
          kind: "bank_attention",
          subject: `${connection.id}:${connection.status}`,
          about: weekStart(today),
          lastDay: addDays(weekStart(today), 6),
          audience: "banks.connect",
          weekday: null,
          params: { ...base, reason: connection.status },
        },
      ];
    const expires = connection.consentExpiresAt?.slice(0, 10);
    if (
      connection.status === "active" &&
      expires &&
      expires >= today &&
      expires <= addDays(today, reminderPolicy.consentDaysAhead)
    )
      return [
        {
          kind: "bank_attention",
          subject: `${connection.id}:consent_expiring`,
          about: expires,
          lastDay: expires,
          audience: "banks.connect",
          weekday: null,
          params: { ...base, reason: "consent_expiring", date: expires },
        },
      ];
    return [];
  });
}

/**
 * The week's summary, offered every day to those whose weekly day it is: what the last seven days spent
 * against the seven before (in the workspace's currency; amounts in others are named, not converted), the
 * three tags that took most, and how many planned items and statements fall due in the seven days ahead.
 */
function weeklyOccurrence(input: WorkspaceToday, dues: readonly StatementDue[]): Occurrence {
  const { today, workspace } = input;
  const lastWeek = addDays(today, -7);
  const weekBefore = addDays(today, -14);
  const own = input.spending.filter((row) => row.currency === workspace.currency);
  const spentIn = (from: string, to: string) =>
    own.reduce((sum, row) => (row.day >= from && row.day < to ? sum + row.units : sum), 0n);
  const others = [
    ...new Set(
      input.spending
        .filter((row) => row.currency !== workspace.currency && row.day >= lastWeek)
        .map((row) => row.currency),
    ),
  ];
  const tags = input.tagSpending
    .filter((row) => row.currency === workspace.currency && row.units > 0n)
    .sort((a, b) => (a.units > b.units ? -1 : a.units < b.units ? 1 : a.name.localeCompare(b.name)))
    .slice(0, 3);
  const weekAhead = addDays(today, 6);
  const plannedAhead = plannedFlows(input.planned, weekAhead).filter((flow) => flow.date >= today);
  const statementsAhead = dues.filter((due) => due.due <= weekAhead);
  return {
    kind: "weekly_summary",
    subject: workspace.id,
    about: today,
    lastDay: today,
    audience: "workspace.read",
    weekday: weekdayOf(today),
    params: {
      currency: workspace.currency,
      spent: unitsToDecimal(spentIn(lastWeek, today), workspace.currency),
      spent_before: unitsToDecimal(spentIn(weekBefore, lastWeek), workspace.currency),
      other_currencies: others,
      tags: tags.map((tag) => `${tag.name}\t${unitsToDecimal(tag.units, workspace.currency)}`),
      due_count: plannedAhead.length + statementsAhead.length,
      link: "dashboard",
    },
  };
}

/** Everything worth saying today in one workspace. */
export function occurrencesOf(input: WorkspaceToday): Occurrence[] {
  // What the credit cards' statements ask for, read once: a shorter horizon is a prefix of it.
  const credit = input.cards.filter((card) => card.mode === "credit");
  const dues = statementsDue({
    cards: credit,
    cardDays: input.cardDays,
    cardMovements: [],
    today: input.today,
    until: addDays(input.today, 31),
  });
  return [
    ...statementOccurrences(input, dues),
    ...plannedOccurrences(input),
    ...budgetOccurrences(input),
    ...goalOccurrences(input),
    ...negativeBalanceOccurrences(input, dues),
    ...bankOccurrences(input),
    weeklyOccurrence(input, dues),
  ];
}
