/**
 * The dashboard's figures (SPEC §2 Dashboard, §3 Dashboard stats, §4 Derived totals). Every
 * verb is one read round trip: the membership check and the aggregates in one batch, summed
 * by SQL over the (workspace_id, date, id) index, never by loading the rows.
 *
 * Rules:
 * - Amounts are decimal strings ("1234.50"); percentages are numbers with 1 decimal.
 * - Totals count only what is held in the workspace's currency. Until exchange rates land,
 *   accounts in another currency are left out of `total_balance` and listed per currency in
 *   `other_currencies`; income, expenses and card debt in another currency are left out.
 * - Total balance = non-credit balances − what credit accounts owe. A credit-type account's
 *   balance goes negative as it is spent, so that is the plain sum of the balances. Archived
 *   accounts still hold their money and count; `accounts_count` counts the active ones.
 * - A transaction dated after today (in the workspace's time zone) is a planned one: it is left
 *   out of every figure of today — the total balance, this month's income, expenses and card
 *   spending — until its date comes, and counted in the projection. The kept balances include it
 *   (it was posted), so the figures subtract what is dated after today (README: "One balance").
 * - "This month" is the calendar month of today in the workspace's time zone (ctx.clock), up to
 *   and including today; it is compared with the whole previous month.
 * - Income = transactions of kind income (what arrived); expenses = kind expense (what left);
 *   credit card spending = the expenses paid with a card in credit mode. Transfers and card
 *   payments are neither: they move money the workspace already has.
 * - change_percentage = (current − previous) / previous × 100, rounded half away from zero to
 *   1 decimal; previous 0 and current > 0 → 100 'increase'; both 0 → 0 'neutral'.
 * - credit_utilization = card debt / total credit limit × 100, 1 decimal (0 without a limit).
 *   Debt is summed over every card: only credit-mode legs create it, and a hybrid card
 *   switched to debit still owes what it owed.
 * - Virtual balance: current_balance is the total balance (the kept balances less the net
 *   movement of entries dated after today);
 *   future_income / future_expenses = income / expenses dated in (today, end_date], plus what
 *   pending scheduled items and active recurring rules will post by end_date (worker/planning/
 *   projection.ts; a pending item already due but not yet posted counts too);
 *   end_balance = current_balance + future_income − future_expenses. A future card payment is
 *   not an expense: the purchases it settles were. credit_card_debt is what the cards owe today
 *   (purchases and payments dated later count from their date).
 */
import { z } from "zod";
import type { RowsByName } from "../../db/named-batch.ts";
import type { ServiceContext } from "../context.ts";
import { fieldError } from "../http/errors.ts";
import { addDays, endOfWeek, isIsoDate, monthRange, possibleTodays, todayIn } from "../ledger/dates.ts";
import { centsToDecimal } from "../ledger/money.ts";
import { recentTransactionsQuery } from "../transactions/transactions.queries.ts";
import { toListedTransaction, toTransactionResponse } from "../transactions/transactions.mapper.ts";
import { ledgerOptionsFrom, ledgerOptionsQueries } from "../transactions/transactions-page.service.ts";
import type { WorkspaceRef } from "../workspaces/workspaces.service.ts";
import {
  accountTotalsQuery,
  cardTotalsQuery,
  datedBucketsQuery,
  loanTotalsQuery,
  monthlyTotalsQuery,
  plannedItemsQueries,
} from "./dashboard.queries.ts";
import { plannedFlows } from "../planning/projection.ts";
import type { ServiceCall, PersonCall } from "../auth/actor.ts";
import { readInWorkspace, type LedgerWorkspace } from "../auth/actor-access.ts";
import { accountsUsedQuery, workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { accountUsage, resolveTier } from "../tiers/tiers.ts";

/** SPEC §2's horizons: the coming Sunday, the month's last day, 15 days ahead (or a chosen end_date). */
export const horizons = ["end_of_week", "end_of_month", "next_15_days"] as const;
export type Horizon = (typeof horizons)[number];

export function horizonEnd(today: string, horizon: Horizon): string {
  if (horizon === "end_of_week") return endOfWeek(today);
  if (horizon === "next_15_days") return addDays(today, 15);
  return monthRange(today).end;
}

export const virtualBalanceQuerySchema = z.object({
  end_date: z.string().trim().refine(isIsoDate, "Enter a date as YYYY-MM-DD").optional(),
  horizon: z.enum(horizons).optional(),
});

type CurrencyRow = { currency: string };
type MonthRow = { month: string; incomeCents: bigint; expensesCents: bigint; creditCardSpendingCents: bigint };

/** Bucket rows of datedBucketsQuery, summed once the workspace's today is known. */
type DatedRow = {
  bucket: number;
  accountNetCents: bigint;
  incomeCents: bigint;
  expensesCents: bigint;
  creditCardSpendingCents: bigint;
  cardDebtNetCents: bigint;
};

/**
 * What is dated after `today` (and up to `upTo`, when given), from rows grouped around `boundaries`:
 * bucket k holds the dates in (boundaries[k − 1], boundaries[k]]; the last one has no upper end.
 * `today` and `upTo` are among the boundaries.
 */
function datedAfter(rows: DatedRow[], boundaries: readonly string[], today: string, upTo?: string) {
  const inRange = rows.filter((row) => {
    const bucket = Number(row.bucket);
    return (
      boundaries[bucket - 1]! >= today &&
      (upTo === undefined || (bucket < boundaries.length && boundaries[bucket]! <= upTo))
    );
  });
  const sum = (field: Exclude<keyof DatedRow, "bucket">) => inRange.reduce((total, row) => total + row[field], 0n);
  return {
    accountNetCents: sum("accountNetCents"),
    incomeCents: sum("incomeCents"),
    expensesCents: sum("expensesCents"),
    creditCardSpendingCents: sum("creditCardSpendingCents"),
    cardDebtNetCents: sum("cardDebtNetCents"),
  };
}

/** Every possible today and the last day of its month: what the figures of today are cut at. */
function todayBoundaries(now: Date): string[] {
  const todays = possibleTodays(now);
  return [...new Set([...todays, ...todays.map((day) => monthRange(day).end)])].sort();
}

/** From the month before the earliest possible today to the end of the latest one's month. */
function monthWindow(now: Date) {
  const days = possibleTodays(now);
  return { from: monthRange(days[0]!, 1).start, to: monthRange(days.at(-1)!).end };
}

/** part / whole × 100 with 1 decimal, rounded half away from zero, in exact integer arithmetic. */
function percentage(part: bigint, whole: bigint): number {
  const doubledTenths = ((part < 0n ? -part : part) * 2000n) / whole;
  const tenths = Number((doubledTenths + 1n) / 2n);
  return tenths === 0 ? 0 : ((part < 0n ? -1 : 1) * tenths) / 10;
}

function change(currentCents: bigint, previousCents: bigint) {
  const change_type = currentCents > previousCents ? "increase" : currentCents < previousCents ? "decrease" : "neutral";
  if (previousCents === 0n) return { change_percentage: currentCents > 0n ? 100 : 0, change_type } as const;
  return { change_percentage: percentage(currentCents - previousCents, previousCents), change_type } as const;
}

/** One stat card: this month's and last month's amount under the card's own names, and the change. */
function figure<Name extends string>(name: Name, currentCents: bigint, previousCents: bigint) {
  const amounts = {
    [`current_${name}`]: centsToDecimal(currentCents),
    [`previous_${name}`]: centsToDecimal(previousCents),
  };
  return {
    ...(amounts as Record<`current_${Name}` | `previous_${Name}`, string>),
    ...change(currentCents, previousCents),
  };
}

/**
 * This month's (up to today) and last month's income, expenses and credit card spending, with the
 * change. `laterThisMonth` is what is dated after today within this month, left out.
 */
function monthlyFigures(
  rows: MonthRow[],
  workspace: LedgerWorkspace,
  now: Date,
  laterThisMonth: Pick<DatedRow, "incomeCents" | "expensesCents" | "creditCardSpendingCents">,
) {
  const today = todayIn(workspace.timeZone, now);
  const none = { incomeCents: 0n, expensesCents: 0n, creditCardSpendingCents: 0n };
  const month = rows.find((row) => row.month === today.slice(0, 7)) ?? none;
  const previous = rows.find((row) => row.month === monthRange(today, 1).start.slice(0, 7)) ?? none;
  const current = {
    incomeCents: month.incomeCents - laterThisMonth.incomeCents,
    expensesCents: month.expensesCents - laterThisMonth.expensesCents,
    creditCardSpendingCents: month.creditCardSpendingCents - laterThisMonth.creditCardSpendingCents,
  };
  return {
    monthly_income: figure("income", current.incomeCents, previous.incomeCents),
    monthly_expenses: figure("expenses", current.expensesCents, previous.expensesCents),
    credit_card_spending: figure("spending", current.creditCardSpendingCents, previous.creditCardSpendingCents),
  };
}

function inCurrency<Row extends CurrencyRow>(rows: Row[], currency: string): Row | undefined {
  return rows.find((row) => row.currency === currency);
}

function statsQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    accountTotals: accountTotalsQuery(ctx, workspaceId),
    cardTotals: cardTotalsQuery(ctx, workspaceId),
    loanTotals: loanTotalsQuery(ctx, workspaceId),
    months: monthlyTotalsQuery(ctx, workspaceId, monthWindow(ctx.clock.now())),
    dated: datedBucketsQuery(ctx, workspaceId, todayBoundaries(ctx.clock.now())),
    recent: recentTransactionsQuery(ctx, workspaceId, 10),
  };
}

/** The figures of today from the kept totals: what is dated after today is left out. */
function todaysFigures(
  now: Date,
  workspace: LedgerWorkspace,
  rows: Pick<StatsRows, "accountTotals" | "months" | "dated">,
) {
  const today = todayIn(workspace.timeZone, now);
  const boundaries = todayBoundaries(now);
  const later = datedAfter(rows.dated, boundaries, today);
  const laterThisMonth = datedAfter(rows.dated, boundaries, today, monthRange(today).end);
  const own = inCurrency(rows.accountTotals, workspace.currency);
  return {
    totalBalanceCents: (own?.balanceCents ?? 0n) - later.accountNetCents,
    laterCardDebtCents: later.cardDebtNetCents,
    monthly: monthlyFigures(rows.months, workspace, now, laterThisMonth),
  };
}

type StatsRows = RowsByName<ReturnType<typeof statsQueries>>;

/** GET /dashboard/stats: everything the dashboard's figures show, in one round trip. */
export async function getDashboardStats({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    statsQueries(ctx, input.workspaceId),
  );
  return statsFrom(ctx, workspace, rows);
}

/**
 * The dashboard page in one round trip: the figures, the caller's role, today, and the accounts,
 * cards and tags its quick-add dialogs offer.
 */
export async function getDashboardPage({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    workspace,
    role,
    rows: {
      accountRows,
      cardRows,
      tagRows,
      laterInflows,
      laterOutflows,
      laterCharges,
      laterCardPayments,
      owners,
      used,
      ...statsRows
    },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...statsQueries(ctx, input.workspaceId),
    ...ledgerOptionsQueries(ctx, input.workspaceId),
    // The floating button's "New account" says the plan's limit before the form, not after it.
    owners: workspaceOwnerTierQuery(ctx, input.workspaceId),
    used: accountsUsedQuery(ctx, input.workspaceId),
  });
  const stats = statsFrom(ctx, workspace, statsRows);
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  return {
    stats: { ...stats, recent_transactions: stats.recent_transactions.map(toListedTransaction) },
    ...ledgerOptionsFrom(
      { accountRows, cardRows, tagRows, laterInflows, laterOutflows, laterCharges, laterCardPayments },
      { today: todayIn(workspace.timeZone, ctx.clock.now()), now: ctx.clock.now() },
    ),
    accountUsage: { ...accountUsage(tier, used[0]?.used ?? 0), plan: tier.label },
    role,
    today: todayIn(workspace.timeZone, ctx.clock.now()),
  };
}

function statsFrom(ctx: ServiceContext, workspace: LedgerWorkspace, rows: StatsRows) {
  const { accountTotals: accountRows, cardTotals: cardRows, recent } = rows;
  const { totalBalanceCents, laterCardDebtCents, monthly } = todaysFigures(ctx.clock.now(), workspace, rows);
  const cardsOwn = inCurrency(cardRows, workspace.currency);
  const owed = (cardsOwn?.debtCents ?? 0n) - laterCardDebtCents;
  const debtCents = owed > 0n ? owed : 0n;
  const limitCents = cardsOwn?.creditLimitCents ?? 0n;
  const loansOwedCents = inCurrency(rows.loanTotals, workspace.currency)?.balanceCents ?? 0n;
  return {
    currency: workspace.currency,
    total_balance: centsToDecimal(totalBalanceCents),
    other_currencies: accountRows
      .filter((row) => row.currency !== workspace.currency)
      .map((row) => ({ currency: row.currency, total_balance: centsToDecimal(row.balanceCents) })),
    ...monthly,
    accounts_count: accountRows.reduce((sum, row) => sum + Number(row.activeCount), 0),
    /** What active loans still owe, and the total balance less today's card debt and that. */
    loans_owed: centsToDecimal(loansOwedCents),
    net_worth: centsToDecimal(totalBalanceCents - debtCents - loansOwedCents),
    credit_utilization: limitCents > 0n ? percentage(debtCents, limitCents) : 0,
    recent_transactions: recent.map(toTransactionResponse),
  };
}

async function readMonthlyFigures({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const now = ctx.clock.now();
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    accountTotals: accountTotalsQuery(ctx, input.workspaceId),
    months: monthlyTotalsQuery(ctx, input.workspaceId, monthWindow(now)),
    dated: datedBucketsQuery(ctx, input.workspaceId, todayBoundaries(now)),
  });
  return todaysFigures(now, workspace, rows).monthly;
}

/** GET /dashboard/monthly-income */
export async function getMonthlyIncome({ ctx, input }: ServiceCall<WorkspaceRef>) {
  return (await readMonthlyFigures({ ctx, input })).monthly_income;
}

/** GET /dashboard/monthly-expenses */
export async function getMonthlyExpenses({ ctx, input }: ServiceCall<WorkspaceRef>) {
  return (await readMonthlyFigures({ ctx, input })).monthly_expenses;
}

/** GET /dashboard/credit-card-spending */
export async function getCreditCardSpending({ ctx, input }: ServiceCall<WorkspaceRef>) {
  return (await readMonthlyFigures({ ctx, input })).credit_card_spending;
}

/**
 * GET /dashboard/virtual-balance?end_date=YYYY-MM-DD or ?horizon=end_of_week|end_of_month|next_15_days
 * (default: the last day of this month).
 * The dated sums are cut at every possible today and horizon; once the time zone is known,
 * the buckets between today and the horizon are added up.
 */
export async function getVirtualBalance({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { end_date?: string; horizon?: Horizon }>) {
  const now = ctx.clock.now();
  const todays = possibleTodays(now);
  const horizon = input.horizon ?? "end_of_month";
  const ends = input.end_date ? [input.end_date] : todays.map((day) => horizonEnd(day, horizon));
  // A horizon in the past is refused below; clamping it keeps the read from scanning history.
  // biome-ignore lint/complexity/useMathMinMax: the days are YYYY-MM-DD strings, which Math.max would make NaN
  const boundaries = [...new Set([...todays, ...ends.map((day) => (day < todays[0]! ? todays[0]! : day))])].sort();
  const {
    workspace,
    rows: { accountRows, cardRows, buckets, scheduledRows, recurringRows, planRows, loanRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    accountRows: accountTotalsQuery(ctx, input.workspaceId),
    cardRows: cardTotalsQuery(ctx, input.workspaceId),
    buckets: datedBucketsQuery(ctx, input.workspaceId, boundaries),
    ...plannedItemsQueries(ctx, input.workspaceId, boundaries.at(-1)!),
  });
  const today = todayIn(workspace.timeZone, now);
  const endDate = input.end_date ?? horizonEnd(today, horizon);
  if (endDate < today) {
    throw fieldError("end_date", "errors:fields.endDateInPast");
  }
  const later = datedAfter(buckets, boundaries, today);
  const byEnd = datedAfter(buckets, boundaries, today, endDate);
  const currentCents = (inCurrency(accountRows, workspace.currency)?.balanceCents ?? 0n) - later.accountNetCents;
  const planned = plannedFlows({ scheduledRows, recurringRows, planRows, loanRows }, endDate);
  const plannedSum = (kind: "income" | "expense") =>
    planned
      .filter((flow) => flow.kind === kind && flow.currency === workspace.currency)
      .reduce((total, flow) => total + BigInt(flow.amountCents), 0n);
  const futureIncomeCents = byEnd.incomeCents + plannedSum("income");
  const futureExpensesCents = byEnd.expensesCents + plannedSum("expense");
  return {
    currency: workspace.currency,
    today,
    end_date: endDate,
    current_balance: centsToDecimal(currentCents),
    future_income: centsToDecimal(futureIncomeCents),
    future_expenses: centsToDecimal(futureExpensesCents),
    credit_card_debt: centsToDecimal(
      (inCurrency(cardRows, workspace.currency)?.debtCents ?? 0n) - later.cardDebtNetCents,
    ),
    end_balance: centsToDecimal(currentCents + futureIncomeCents - futureExpensesCents),
    /** What scheduled, recurring and installment items and loan payments will post by end_date, soonest first (the first 50). */
    upcoming: planned.slice(0, 50).map((flow) => ({
      date: flow.date,
      type: flow.kind,
      description: flow.description,
      amount: centsToDecimal(flow.amountCents),
      currency: flow.currency,
      source: flow.source,
    })),
  };
}
