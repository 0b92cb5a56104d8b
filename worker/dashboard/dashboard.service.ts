/**
 * The dashboard's figures (docs/product.md#dashboard-and-projection, docs/api.md#dashboard). Every
 * verb is one read round trip: the membership check and the aggregates in one batch, summed
 * by SQL over the (workspace_id, date, id) index, never by loading the rows.
 *
 * Rules:
 * - Amounts are decimal strings ("1234.50"); percentages are numbers with 1 decimal.
 * - Every figure is in the workspace's currency (./converted-figures.ts): balances, card debt,
 *   limits and loans in another currency at the pair's latest kept rate, income and expenses at
 *   the rate of their day. `other_currencies` lists each foreign currency's balance with its
 *   converted amount, the rate, its source and age; one without any kept rate is listed with
 *   `converted_balance: null` and left out of every figure (`unconverted_currencies`).
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
 * - budget_alerts: this month's budgets at 80 % or more of what they offer, most used first, on a
 *   plan with advanced analytics (worker/budgets/budget-alerts.ts).
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
import { addDays, endOfWeek, monthRange, possibleTodays, todayIn } from "../ledger/dates.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { recentTransactionsQuery } from "../transactions/transactions.queries.ts";
import { toTransactionResponse } from "../transactions/transactions.mapper.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import {
  accountTotalsQuery,
  cardTotalsQuery,
  datedBucketsQuery,
  loanTotalsQuery,
  monthlyTotalsQuery,
} from "./dashboard.queries.ts";
import { newestRatesQuery } from "../currency/rate-queries.ts";
import {
  type Converter,
  converterTo,
  type ForeignFlowRow,
  foreignBalance,
  foreignDays,
  foreignLater,
  foreignMonthFlows,
  type MonthFlows,
  refreshRatesLater,
} from "./converted-figures.ts";
import { plannedFlows } from "../planning/projection.ts";
import { plannedItemsQueries } from "../planning/projection.queries.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace, type LedgerWorkspace } from "../access/actor-access.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { budgetAlertReads, budgetAlertsFrom } from "../budgets/budget-alerts.ts";
import type {
  creditCardSpendingSchema,
  dashboardStatsSchema,
  monthlyExpensesSchema,
  monthlyIncomeSchema,
  virtualBalanceSchema,
} from "./dashboard.responses.ts";

/** The projection's horizons: the coming Sunday, the month's last day, 15 days ahead (or a chosen end_date). */
export const horizons = ["end_of_week", "end_of_month", "next_15_days"] as const;
export type Horizon = (typeof horizons)[number];

export function horizonEnd(today: string, horizon: Horizon): string {
  if (horizon === "end_of_week") return endOfWeek(today);
  if (horizon === "next_15_days") return addDays(today, 15);
  return monthRange(today).end;
}

export const virtualBalanceQuerySchema = z.object({
  end_date: dateSchema.optional(),
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

/** Where the monthly figures start: the first day of the month before the earliest possible today. */
function monthWindowStart(now: Date) {
  return monthRange(possibleTodays(now)[0]!, 1).start;
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
function figure<Name extends string>(name: Name, currency: string, currentCents: bigint, previousCents: bigint) {
  const amounts = {
    [`current_${name}`]: unitsToDecimal(currentCents, currency),
    [`previous_${name}`]: unitsToDecimal(previousCents, currency),
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
  foreign: { current: MonthFlows; previous: MonthFlows },
) {
  const today = todayIn(workspace.timeZone, now);
  const none = { incomeCents: 0n, expensesCents: 0n, creditCardSpendingCents: 0n };
  const month = rows.find((row) => row.month === today.slice(0, 7)) ?? none;
  const own = rows.find((row) => row.month === monthRange(today, 1).start.slice(0, 7)) ?? none;
  const current = {
    incomeCents: month.incomeCents - laterThisMonth.incomeCents + foreign.current.incomeCents,
    expensesCents: month.expensesCents - laterThisMonth.expensesCents + foreign.current.expensesCents,
    creditCardSpendingCents:
      month.creditCardSpendingCents - laterThisMonth.creditCardSpendingCents + foreign.current.creditCardSpendingCents,
  };
  const previous = {
    incomeCents: own.incomeCents + foreign.previous.incomeCents,
    expensesCents: own.expensesCents + foreign.previous.expensesCents,
    creditCardSpendingCents: own.creditCardSpendingCents + foreign.previous.creditCardSpendingCents,
  };
  return {
    monthly_income: figure("income", workspace.currency, current.incomeCents, previous.incomeCents),
    monthly_expenses: figure("expenses", workspace.currency, current.expensesCents, previous.expensesCents),
    credit_card_spending: figure(
      "spending",
      workspace.currency,
      current.creditCardSpendingCents,
      previous.creditCardSpendingCents,
    ),
  };
}

function inCurrency<Row extends CurrencyRow>(rows: Row[], currency: string): Row | undefined {
  return rows.find((row) => row.currency === currency);
}

/** Everything the dashboard's figures read, as queries for a read batch. */
export function dashboardStatsQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    // `rateRows` is also what the wizard's options read, so the dashboard page sends it once.
    rateRows: newestRatesQuery(ctx, workspaceId),
    accountTotals: accountTotalsQuery(ctx, workspaceId),
    cardTotals: cardTotalsQuery(ctx, workspaceId),
    loanTotals: loanTotalsQuery(ctx, workspaceId),
    months: monthlyTotalsQuery(ctx, workspaceId, monthWindowStart(ctx.clock.now())),
    dated: datedBucketsQuery(ctx, workspaceId, todayBoundaries(ctx.clock.now())),
    recent: recentTransactionsQuery(ctx, workspaceId, 10),
    // The plan decides whether budgets alert (the page's account limit reads it too).
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    ...budgetAlertReads(ctx, workspaceId),
  };
}

/**
 * The figures of today from the kept totals, in the workspace's currency: what is dated after
 * today is left out, and what is held in another currency is converted (or listed unconverted).
 */
function todaysFigures(
  now: Date,
  workspace: LedgerWorkspace,
  rows: Pick<DashboardStatsRows, "accountTotals" | "months" | "dated" | "rateRows">,
) {
  const today = todayIn(workspace.timeZone, now);
  const boundaries = todayBoundaries(now);
  const later = datedAfter(rows.dated, boundaries, today);
  const laterThisMonth = datedAfter(rows.dated, boundaries, today, monthRange(today).end);
  const converter = converterTo(workspace.currency, rows.rateRows, now);
  const foreignFlows = foreignDays(rows.months);
  const foreignLaterNet = foreignLater(foreignFlows, workspace.currency, today);
  const foreignAccounts = rows.accountTotals
    .filter((row) => row.currency !== workspace.currency)
    .map((row) => ({ ...row, balanceCents: row.balanceCents - (foreignLaterNet.accountNet.get(row.currency) ?? 0n) }));
  const otherCurrencies = foreignAccounts.map((row) => foreignBalance(converter, row.currency, row.balanceCents));
  const convertedForeignCents = convertedTotal(foreignAccounts, converter, (row) => row.balanceCents);
  const own = inCurrency(rows.accountTotals, workspace.currency);
  const foreignMonths = foreignMonthFlows(foreignFlows, converter, today);
  return {
    totalBalanceCents: (own?.balanceCents ?? 0n) - later.accountNetCents + convertedForeignCents,
    laterCardDebtCents: later.cardDebtNetCents,
    foreignLaterCardDebt: foreignLaterNet.cardDebtNet,
    otherCurrencies,
    converter,
    monthly: monthlyFigures(rows.months, workspace, now, laterThisMonth, foreignMonths),
  };
}

/** What rows of another currency sum to in the workspace's currency, at the latest rates (unconvertible ones left out). */
function convertedTotal<Row extends CurrencyRow>(
  rows: readonly Row[],
  converter: Converter,
  cents: (row: Row) => bigint,
): bigint {
  return rows.reduce((sum, row) => sum + (converter.convert(cents(row), row.currency) ?? 0n), 0n);
}

export type DashboardStatsRows = RowsByName<ReturnType<typeof dashboardStatsQueries>>;
type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /dashboard/stats: everything the dashboard's figures show, in one round trip. */
export async function getDashboardStats({ ctx, input }: ServiceCall<WorkspaceRef>): Promise<DashboardStats> {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    dashboardStatsQueries(ctx, input.workspaceId),
  );
  return dashboardStatsFrom(ctx, workspace, rows);
}

/** The figures from the rows of dashboardStatsQueries (the dashboard page reads them with its own in one batch). */
export function dashboardStatsFrom(
  ctx: ServiceContext,
  workspace: LedgerWorkspace,
  rows: DashboardStatsRows,
): DashboardStats {
  const { accountTotals: accountRows, cardTotals: cardRows, recent } = rows;
  const { totalBalanceCents, laterCardDebtCents, foreignLaterCardDebt, otherCurrencies, converter, monthly } =
    todaysFigures(ctx.clock.now(), workspace, rows);
  const owed = convertedTotal(cardRows, converter, (row) =>
    row.currency === workspace.currency
      ? row.debtCents - laterCardDebtCents
      : row.debtCents - (foreignLaterCardDebt.get(row.currency) ?? 0n),
  );
  const debtCents = owed > 0n ? owed : 0n;
  const limitCents = convertedTotal(cardRows, converter, (row) => row.creditLimitCents);
  const loansOwedCents = convertedTotal(rows.loanTotals, converter, (row) => row.balanceCents);
  refreshRatesLater(ctx, converter, [
    ...accountRows.map((row) => row.currency),
    ...rows.loanTotals.map((row) => row.currency),
  ]);
  return {
    currency: workspace.currency,
    total_balance: unitsToDecimal(totalBalanceCents, workspace.currency),
    other_currencies: otherCurrencies,
    unconverted_currencies: [...converter.unconverted].sort(),
    ...monthly,
    accounts_count: accountRows.reduce((sum, row) => sum + Number(row.activeCount), 0),
    loans_owed: unitsToDecimal(loansOwedCents, workspace.currency),
    net_worth: unitsToDecimal(totalBalanceCents - debtCents - loansOwedCents, workspace.currency),
    credit_utilization: limitCents > 0n ? percentage(debtCents, limitCents) : 0,
    recent_transactions: recent.map(toTransactionResponse),
    budget_alerts: budgetAlertsFrom(ctx.clock.now(), workspace, rows),
  };
}

async function readMonthlyFigures({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const now = ctx.clock.now();
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    accountTotals: accountTotalsQuery(ctx, input.workspaceId),
    months: monthlyTotalsQuery(ctx, input.workspaceId, monthWindowStart(now)),
    dated: datedBucketsQuery(ctx, input.workspaceId, todayBoundaries(now)),
    rateRows: newestRatesQuery(ctx, input.workspaceId),
  });
  return todaysFigures(now, workspace, rows).monthly;
}

/** GET /dashboard/monthly-income */
export async function getMonthlyIncome({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof monthlyIncomeSchema>> {
  return (await readMonthlyFigures({ ctx, input })).monthly_income;
}

/** GET /dashboard/monthly-expenses */
export async function getMonthlyExpenses({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof monthlyExpensesSchema>> {
  return (await readMonthlyFigures({ ctx, input })).monthly_expenses;
}

/** GET /dashboard/credit-card-spending */
export async function getCreditCardSpending({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof creditCardSpendingSchema>> {
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
}: ServiceCall<WorkspaceRef & { end_date?: string; horizon?: Horizon }>): Promise<
  z.infer<typeof virtualBalanceSchema>
> {
  const now = ctx.clock.now();
  const todays = possibleTodays(now);
  const horizon = input.horizon ?? "end_of_month";
  const ends = input.end_date ? [input.end_date] : todays.map((day) => horizonEnd(day, horizon));
  // A horizon in the past is refused below; clamping it keeps the read from scanning history.
  // biome-ignore lint/complexity/useMathMinMax: the days are YYYY-MM-DD strings, which Math.max would make NaN
  const boundaries = [...new Set([...todays, ...ends.map((day) => (day < todays[0]! ? todays[0]! : day))])].sort();
  const {
    workspace,
    rows: { accountRows, cardRows, buckets, scheduledRows, recurringRows, planRows, loanRows, months, rateRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    accountRows: accountTotalsQuery(ctx, input.workspaceId),
    cardRows: cardTotalsQuery(ctx, input.workspaceId),
    buckets: datedBucketsQuery(ctx, input.workspaceId, boundaries),
    ...plannedItemsQueries(ctx, input.workspaceId, boundaries.at(-1)!),
    // Only its rows in another currency are used here: the monthly totals carry them.
    months: monthlyTotalsQuery(ctx, input.workspaceId, boundaries[0]!),
    rateRows: newestRatesQuery(ctx, input.workspaceId),
  });
  const today = todayIn(workspace.timeZone, now);
  const endDate = input.end_date ?? horizonEnd(today, horizon);
  if (endDate < today) {
    throw fieldError("end_date", "errors:fields.endDateInPast");
  }
  const later = datedAfter(buckets, boundaries, today);
  const byEnd = datedAfter(buckets, boundaries, today, endDate);
  // Balances, debt and what is still to come in another currency count at the latest kept rate.
  const converter = converterTo(workspace.currency, rateRows, now);
  const foreignFlows = foreignDays(months);
  const foreignLaterNet = foreignLater(foreignFlows, workspace.currency, today);
  const foreignLaterAt = (map: Map<string, bigint>, currency: string) =>
    currency === workspace.currency ? 0n : (map.get(currency) ?? 0n);
  const foreignBalancesCents = convertedTotal(
    accountRows.filter((row) => row.currency !== workspace.currency),
    converter,
    (row) => row.balanceCents - foreignLaterAt(foreignLaterNet.accountNet, row.currency),
  );
  const currentCents =
    (inCurrency(accountRows, workspace.currency)?.balanceCents ?? 0n) - later.accountNetCents + foreignBalancesCents;
  const foreignComing = foreignFlows.filter((row) => row.date > today && row.date <= endDate);
  const comingSum = (side: "incomeCents" | "expensesCents", currencyOf: (row: ForeignFlowRow) => string) =>
    foreignComing.reduce(
      (sum, row) =>
        currencyOf(row) === workspace.currency || row[side] === 0n
          ? sum
          : sum + (converter.convert(row[side], currencyOf(row)) ?? 0n),
      0n,
    );
  const planned = plannedFlows({ scheduledRows, recurringRows, planRows, loanRows }, endDate);
  const plannedSum = (kind: "income" | "expense") =>
    planned
      .filter((flow) => flow.kind === kind)
      .reduce((total, flow) => total + (converter.convert(BigInt(flow.amountCents), flow.currency) ?? 0n), 0n);
  const futureIncomeCents =
    byEnd.incomeCents + comingSum("incomeCents", (row) => row.destinationCurrency) + plannedSum("income");
  const futureExpensesCents =
    byEnd.expensesCents + comingSum("expensesCents", (row) => row.originCurrency) + plannedSum("expense");
  const debtCents = convertedTotal(cardRows, converter, (row) =>
    row.currency === workspace.currency
      ? row.debtCents - later.cardDebtNetCents
      : row.debtCents - foreignLaterAt(foreignLaterNet.cardDebtNet, row.currency),
  );
  return {
    currency: workspace.currency,
    today,
    end_date: endDate,
    current_balance: unitsToDecimal(currentCents, workspace.currency),
    future_income: unitsToDecimal(futureIncomeCents, workspace.currency),
    future_expenses: unitsToDecimal(futureExpensesCents, workspace.currency),
    credit_card_debt: unitsToDecimal(debtCents, workspace.currency),
    end_balance: unitsToDecimal(currentCents + futureIncomeCents - futureExpensesCents, workspace.currency),
    unconverted_currencies: [...converter.unconverted].sort(),
    upcoming: planned.slice(0, 50).map((flow) => ({
      date: flow.date,
      type: flow.kind,
      description: flow.description,
      amount: unitsToDecimal(flow.amountCents, flow.currency),
      currency: flow.currency,
      source: flow.source,
    })),
  };
}
