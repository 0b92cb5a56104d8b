/**
 * The analytics reports (README: "Analytics"), each in the workspace's currency and each
 * one read round trip over the rollups (db/schema/rollups.ts). Rules:
 * - Spending is every expense when it is made — from an account or on a card; a card's payment is
 *   not spending again, and transfers move money without spending it. Income is what arrived.
 * - Every day's figure converts at that day's kept rate; a currency with none is left out of every
 *   figure and named in `unconverted_currencies`, never counted at 1.
 * - Ranges are dates in the workspace's time zone, both ends counted; the default is the last 12
 *   calendar months to today. The comparison range is as many whole months before (or days, for a
 *   range that is not whole months).
 * - On a plan without advanced analytics (docs/product.md#plans-and-limits), spending trends, income vs
 *   expenses and the balance trend answer for ranges within the last 12 months; the rest is 403
 *   PLAN_UPGRADE_REQUIRED.
 * - What comes after today is projected from what is committed (worker/planning/projected-cash.ts),
 *   at the latest kept rates: the balance trend's days after today, the cash flow's coming 30/60/90
 *   days. A card purchase moves no account until the statement that pays it falls due.
 */
import type { z } from "zod";
import type { AccountType, Currency } from "../../db/enums.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { addDays, possibleTodays, todayIn } from "../ledger/dates.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { centsNumber } from "../ledger/sums.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { resolveTier } from "../tiers/tiers.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { plannedItemsQueries } from "../planning/projection.queries.ts";
import { type PlannedRows, plannedFlows } from "../planning/projection.ts";
import {
  type CardDay,
  type ProjectionCard,
  plannedLegMovements,
  projectedAccountMovements,
  statementsDue,
  statementLookbackDays,
} from "../planning/projected-cash.ts";
import {
  accountDaysQuery,
  accountNetAfterQuery,
  cardDaysQuery,
  moneyDaysQuery,
  reportAccountsQuery,
  reportCardsQuery,
  reportRatesQueries,
  reportTagsQuery,
  slotDay,
  tagDaysQuery,
} from "./analytics.queries.ts";
import type {
  accountPerformanceSchema,
  balanceTrendSchema,
  cashFlowSchema,
  categoryBreakdownSchema,
  incomeVsExpensesSchema,
  spendingTrendsSchema,
} from "./analytics.responses.ts";
import type {
  BalanceTrendQuery,
  CategoryBreakdownQuery,
  RangeQuery,
  SpendingTrendsQuery,
} from "./analytics.schemas.ts";
import type { KnownRate } from "../currency/conversion.ts";
import { dayConverter, type DayConverter } from "./report-converter.ts";
import { bucketIndexOf, bucketsOf, dayCount, lastTwelveMonths, previousRange, type Range } from "./report-periods.ts";

export type ReportName =
  | "cash-flow"
  | "spending-trends"
  | "category-breakdown"
  | "income-vs-expenses"
  | "account-performance"
  | "budget-analysis"
  | "goals-progress"
  | "balance-trend";

/** What the free plan reads (the rest is advanced analytics), for the last 12 months. */
const freeReports: ReadonlySet<ReportName> = new Set(["spending-trends", "income-vs-expenses", "balance-trend"]);

/** The longest range a report reads, and the longest one grouped or drawn by day. */
const maxRangeDays = 3_660;
const maxDailyDays = 366;

export type ReportCall<Query> = ServiceCall<WorkspaceRef & Query>;

/**
 * The range as asked, or its default; since the workspace's "today" is known only after the read,
 * an unset end is read with a day's margin either side and cut once the time zone is known.
 */
export function readWindow(
  ctx: ReportCall<RangeQuery>["ctx"],
  query: RangeQuery,
  reach: (range: Range, isDefault: boolean) => Range,
): Range {
  const now = ctx.clock.now();
  const latest = addDays(todayIn("UTC", now), 1);
  const earliest = addDays(todayIn("UTC", now), -1);
  const asked: Range = {
    from: query.from ?? lastTwelveMonths(earliest).from,
    to: query.to ?? latest,
  };
  return reach(asked, query.from === undefined);
}

/**
 * Every date the range could start on or end the day before, sorted — of the range when it is given, else
 * of the one each date that is "today" somewhere would default to (the time zone arrives with the data). The
 * cash flow sorts its own currency's days into these slots only, so a year reads a few rows per tag and leg,
 * not one a day.
 */
function rangeSlots(now: Date, query: RangeQuery): string[] {
  const todays = query.from && query.to ? [query.to] : possibleTodays(now);
  const slots = todays.flatMap((today) => {
    const range = { from: query.from ?? lastTwelveMonths(today).from, to: query.to ?? today };
    return [range.from, addDays(range.to, 1)];
  });
  return [...new Set(slots)].sort();
}

function comparisonSlots(now: Date, query: RangeQuery): string[] {
  const todays = query.from && query.to ? [query.to] : possibleTodays(now);
  const slots = todays.flatMap((today) => {
    const range = { from: query.from ?? lastTwelveMonths(today).from, to: query.to ?? today };
    return [previousRange(range).from, range.from, addDays(range.to, 1)];
  });
  return [...new Set(slots)].sort();
}

/**
 * A range and the one it is compared with. Read for a default range, whose exact months are known
 * only with the time zone, a month earlier still, so the comparison range is always inside it.
 */
const withPreviousRange = (range: Range, isDefault: boolean): Range => ({
  from: addDays(previousRange(range).from, isDefault ? -31 : 0),
  to: range.to,
});

/** The exact range once the workspace's time zone is known, checked against its length and the plan. */
export function exactRange(
  query: RangeQuery,
  today: string,
  report: ReportName,
  rows: { ownerTierRows: Array<{ tier: "free" | "unlimited"; hasBetaAccess: boolean }> },
  options: { daily?: boolean } = {},
): Range {
  const range: Range = { from: query.from ?? lastTwelveMonths(today).from, to: query.to ?? today };
  if (range.from > range.to) throw fieldError("from", "errors:fields.rangeOrder");
  const days = dayCount(range);
  if (days > maxRangeDays) throw fieldError("to", "errors:fields.rangeTooLong", { values: { days: maxRangeDays } });
  if (options.daily && days > maxDailyDays)
    throw fieldError("group_by", "errors:fields.rangeTooLongDaily", { values: { days: maxDailyDays } });
  const owner = rows.ownerTierRows[0];
  const tier = resolveTier(owner ?? { tier: "free", hasBetaAccess: false });
  if (!tier.features.advanced_analytics) {
    const reach = lastTwelveMonths(today);
    if (!freeReports.has(report) || range.from < reach.from)
      throw new AppError("PLAN_UPGRADE_REQUIRED", {
        key: "errors:details.advancedAnalytics",
        values: { from: reach.from },
      });
  }
  return range;
}

/** The reads every report shares: the plan, and the rates that convert from `from` to `to`. */
function commonReads(ctx: ReportCall<RangeQuery>["ctx"], workspaceId: string, window: Range) {
  return {
    ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
    ...reportRatesQueries(ctx, workspaceId, window),
  };
}

function converterOf(currency: string, rows: { windowRates: KnownRate[]; newestRates: KnownRate[] }): DayConverter {
  return dayConverter(currency, [...rows.windowRates, ...rows.newestRates]);
}

const text = (units: bigint, currency: string) => unitsToDecimal(units, currency);

/** `part` as a percentage of `whole` (> 0), to one decimal, rounded half away from zero, in exact arithmetic. */
function percentOf(part: bigint, whole: bigint): number {
  const doubledTenths = (part * 2000n) / whole;
  const tenths = doubledTenths >= 0n ? (doubledTenths + 1n) / 2n : (doubledTenths - 1n) / 2n;
  return Number(tenths) / 10;
}

/** The change from `previous` to `current` in percent; null when there was nothing before to compare with. */
function changePercentage(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  return percentOf(current - previous, previous < 0n ? -previous : previous);
}

/** GET /analytics/spending-trends: expenses per day, week or month, beside the range before. */
export async function spendingTrends({
  ctx,
  input,
}: ReportCall<SpendingTrendsQuery>): Promise<z.infer<typeof spendingTrendsSchema>> {
  const window = readWindow(ctx, input, withPreviousRange);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, window),
    flows: moneyDaysQuery(ctx, input.workspaceId, window),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "spending-trends", rows, { daily: input.group_by === "day" });
  const previous = previousRange(range);
  const converter = converterOf(workspace.currency, rows);
  const buckets = bucketsOf(range, input.group_by);
  const previousBuckets = bucketsOf(previous, input.group_by);
  const current = buckets.map(() => ({ units: 0n, count: 0 }));
  const before = buckets.map(() => 0n);
  let previousTotal = 0n;
  for (const row of rows.flows) {
    if (row.kind !== "expense") continue;
    const converted = converter.convert(row.units, row.currency, row.day);
    if (converted === null) continue;
    const index = bucketIndexOf(buckets, row.day);
    if (index >= 0) {
      current[index]!.units += converted;
      current[index]!.count += row.count;
      continue;
    }
    const previousIndex = bucketIndexOf(previousBuckets, row.day);
    if (previousIndex < 0) continue;
    previousTotal += converted;
    if (previousIndex < before.length) before[previousIndex]! += converted;
  }
  const total = current.reduce((sum, bucket) => sum + bucket.units, 0n);
  const currency = workspace.currency;
  return {
    currency,
    from: range.from,
    to: range.to,
    group_by: input.group_by,
    previous_from: previous.from,
    previous_to: previous.to,
    periods: buckets.map((bucket, index) => ({
      start: bucket.start,
      end: bucket.end,
      amount: text(current[index]!.units, currency),
      amount_cents: centsNumber(current[index]!.units),
      previous_amount: text(before[index]!, currency),
      previous_amount_cents: centsNumber(before[index]!),
      transactions: current[index]!.count,
    })),
    total: text(total, currency),
    previous_total: text(previousTotal, currency),
    change_percentage: changePercentage(total, previousTotal),
    unconverted_currencies: converter.unconvertedList(),
  };
}

/** GET /analytics/income-vs-expenses: per month, what arrived, what was spent, the net and the savings rate. */
export async function incomeVsExpenses({
  ctx,
  input,
}: ReportCall<RangeQuery>): Promise<z.infer<typeof incomeVsExpensesSchema>> {
  const window = readWindow(ctx, input, (range) => range);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, window),
    flows: moneyDaysQuery(ctx, input.workspaceId, window),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "income-vs-expenses", rows);
  const converter = converterOf(workspace.currency, rows);
  const months = bucketsOf(range, "month");
  const totals = months.map(() => ({ income: 0n, expenses: 0n }));
  for (const row of rows.flows) {
    const isIncome = row.kind === "income";
    const index = bucketIndexOf(months, row.day);
    const converted = index < 0 ? null : converter.convert(row.units, row.currency, row.day);
    if (converted === null) continue;
    if (isIncome) totals[index]!.income += converted;
    else totals[index]!.expenses += converted;
  }
  const currency = workspace.currency;
  const figures = (income: bigint, expenses: bigint) => ({
    income: text(income, currency),
    expenses: text(expenses, currency),
    net: text(income - expenses, currency),
    income_cents: centsNumber(income),
    expenses_cents: centsNumber(expenses),
    net_cents: centsNumber(income - expenses),
    savings_rate: savingsRate(income, expenses),
  });
  const income = totals.reduce((sum, month) => sum + month.income, 0n);
  const expenses = totals.reduce((sum, month) => sum + month.expenses, 0n);
  return {
    currency,
    from: range.from,
    to: range.to,
    months: months.map((month, index) => ({
      month: month.start.slice(0, 7),
      start: month.start,
      end: month.end,
      ...figures(totals[index]!.income, totals[index]!.expenses),
    })),
    totals: figures(income, expenses),
    unconverted_currencies: converter.unconvertedList(),
  };
}

/** What share of the income was kept, in percent; null without income. */
const savingsRate = (income: bigint, expenses: bigint) => (income > 0n ? percentOf(income - expenses, income) : null);

type ReportTag = { id: string; name: string; color: string; parentId: string | null };

/** A tag as a report names it, with its category so a screen can group subcategories under it. */
const tagRefOf = (tag: ReportTag) => ({ uuid: tag.id, name: tag.name, color: tag.color, parent_id: tag.parentId });

/**
 * GET /analytics/category-breakdown: expenses (or income) by tag, with each tag's share of the
 * total and its change from the range before. A transaction with several tags counts whole under
 * each (so shares may add up past 100 %); one without tags is the row with `tag: null`. A category's
 * row holds its subcategories' transactions too, each once (the rollups count implied links).
 */
export async function categoryBreakdown({
  ctx,
  input,
}: ReportCall<CategoryBreakdownQuery>): Promise<z.infer<typeof categoryBreakdownSchema>> {
  const slots = comparisonSlots(ctx.clock.now(), input);
  const window = { from: slots[0]!, to: addDays(slots.at(-1)!, -1) };
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, window),
    flows: moneyDaysQuery(ctx, input.workspaceId, { ...window, slots }),
    tagFlows: tagDaysQuery(ctx, input.workspaceId, { ...window, kind: input.type, slots }),
    tagRows: reportTagsQuery(ctx, input.workspaceId),
  });
  for (const row of [...rows.flows, ...rows.tagFlows]) row.day = slotDay(slots, row.day);
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "category-breakdown", rows);
  const previous = previousRange(range);
  const converter = converterOf(workspace.currency, rows);
  const inRange = (day: string, { from, to }: Range) => day >= from && day <= to;
  let total = 0n;
  let previousTotal = 0n;
  for (const row of rows.flows) {
    if (row.kind !== input.type) continue;
    const converted = converter.convert(row.units, row.currency, row.day);
    if (converted === null) continue;
    if (inRange(row.day, range)) total += converted;
    else if (inRange(row.day, previous)) previousTotal += converted;
  }
  const byTag = new Map<string, { units: bigint; previous: bigint; count: number }>();
  for (const row of rows.tagFlows) {
    const isCurrent = inRange(row.day, range);
    if (!isCurrent && !inRange(row.day, previous)) continue;
    const converted = converter.convert(row.units, row.currency, row.day);
    if (converted === null) continue;
    const entry = byTag.get(row.tagId) ?? { units: 0n, previous: 0n, count: 0 };
    if (isCurrent) {
      entry.units += converted;
      entry.count += row.count;
    } else entry.previous += converted;
    byTag.set(row.tagId, entry);
  }
  const tagsById = new Map(rows.tagRows.map((tag) => [tag.id, tag]));
  const currency = workspace.currency;
  const categories = [...byTag]
    .filter(([tagId, entry]) => (entry.units !== 0n || entry.previous !== 0n) && (tagId === "" || tagsById.has(tagId)))
    .map(([tagId, entry]) => {
      const tag = tagsById.get(tagId);
      return {
        tag: tag ? tagRefOf(tag) : null,
        amount: text(entry.units, currency),
        amount_cents: centsNumber(entry.units),
        previous_amount: text(entry.previous, currency),
        transactions: entry.count,
        share: total > 0n ? percentOf(entry.units, total) : 0,
        change_percentage: changePercentage(entry.units, entry.previous),
      };
    })
    .sort((a, b) => b.amount_cents - a.amount_cents || (a.tag?.name ?? "").localeCompare(b.tag?.name ?? ""));
  return {
    currency,
    type: input.type,
    from: range.from,
    to: range.to,
    previous_from: previous.from,
    previous_to: previous.to,
    total: text(total, currency),
    previous_total: text(previousTotal, currency),
    change_percentage: changePercentage(total, previousTotal),
    categories,
    unconverted_currencies: converter.unconvertedList(),
  };
}

type AccountRow = {
  id: string;
  name: string;
  type: AccountType;
  currency: Currency;
  color: string;
  balanceCents: number;
  isActive: boolean;
};

/** What the balance reports read: the accounts, their days around the range, and what moved after it. */
function balanceReads(ctx: ReportCall<RangeQuery>["ctx"], workspaceId: string, window: Range) {
  return {
    accountDays: accountDaysQuery(ctx, workspaceId, { from: addDays(window.from, -1), to: addDays(window.to, 1) }),
    laterNet: accountNetAfterQuery(ctx, workspaceId, addDays(window.to, 1)),
    accountRows: reportAccountsQuery(ctx, workspaceId),
  };
}

/**
 * Each account's balance at the end of `day` — today's kept balance less what moved after that day
 * (the read's days past `day`, and the sum past the read) — and each account's net by day.
 */
function balancesAtEndOf(
  day: string,
  rows: {
    accountDays: readonly AccountDay[];
    laterNet: ReadonlyArray<{ leg: string; net: bigint }>;
    accountRows: readonly AccountRow[];
  },
) {
  const netByDay = accountNetByDay(rows.accountDays);
  const laterNet = new Map(rows.laterNet.map((row) => [row.leg.slice("account:".length), row.net]));
  for (const [id, days] of netByDay)
    for (const [moved, net] of days) if (moved > day) laterNet.set(id, (laterNet.get(id) ?? 0n) + net);
  const balances = new Map(
    rows.accountRows.map((account) => [account.id, BigInt(account.balanceCents) - (laterNet.get(account.id) ?? 0n)]),
  );
  return { balances, netByDay };
}

type AccountDay = { day: string; leg: string; currency: string; inflow: bigint; outflow: bigint };

/** Per account, the net of each day of the rows (inflows less outflows), by account id. */
function accountNetByDay(rows: readonly AccountDay[]) {
  const net = new Map<string, Map<string, bigint>>();
  for (const row of rows) {
    const id = row.leg.slice("account:".length);
    const days = net.get(id) ?? new Map<string, bigint>();
    days.set(row.day, (days.get(row.day) ?? 0n) + row.inflow - row.outflow);
    net.set(id, days);
  }
  return net;
}

/**
 * GET /analytics/account-performance: per account, its balance when the range opened, what came in
 * and went out, and its balance when it closed — in its own currency, and in the workspace's
 * (balances at the rate of their day, flows at each day's).
 */
export async function accountPerformance({
  ctx,
  input,
}: ReportCall<RangeQuery>): Promise<z.infer<typeof accountPerformanceSchema>> {
  const window = readWindow(ctx, input, (range) => range);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, window),
    ...balanceReads(ctx, input.workspaceId, window),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "account-performance", rows);
  const converter = converterOf(workspace.currency, rows);
  const { balances: closing } = balancesAtEndOf(range.to, rows);
  const currency = workspace.currency;
  const openingDay = addDays(range.from, -1);
  const accounts = rows.accountRows.map((account) => {
    const flows = { inflows: 0n, outflows: 0n, convertedIn: 0n as bigint | null, convertedOut: 0n as bigint | null };
    for (const row of rows.accountDays) {
      if (row.leg !== `account:${account.id}` || row.day < range.from || row.day > range.to) continue;
      const inflow = converter.convert(row.inflow, row.currency, row.day);
      const outflow = converter.convert(row.outflow, row.currency, row.day);
      flows.inflows += row.inflow;
      flows.outflows += row.outflow;
      flows.convertedIn = flows.convertedIn === null || inflow === null ? null : flows.convertedIn + inflow;
      flows.convertedOut = flows.convertedOut === null || outflow === null ? null : flows.convertedOut + outflow;
    }
    const closingUnits = closing.get(account.id)!;
    const openingUnits = closingUnits - flows.inflows + flows.outflows;
    const own = (units: bigint) => text(units, account.currency);
    const inWorkspace = (units: bigint | null) => (units === null ? null : text(units, currency));
    return {
      uuid: account.id,
      name: account.name,
      type: account.type,
      color: account.color,
      is_active: account.isActive,
      currency: account.currency,
      opening: own(openingUnits),
      inflows: own(flows.inflows),
      outflows: own(flows.outflows),
      closing: own(closingUnits),
      change: own(closingUnits - openingUnits),
      converted: {
        opening: inWorkspace(converter.convert(openingUnits, account.currency, openingDay)),
        inflows: inWorkspace(flows.convertedIn),
        outflows: inWorkspace(flows.convertedOut),
        closing: inWorkspace(converter.convert(closingUnits, account.currency, range.to)),
      },
    };
  });
  return {
    currency,
    from: range.from,
    to: range.to,
    accounts: accounts.filter(
      (account) => account.is_active || account.opening !== account.closing || account.inflows !== account.outflows,
    ),
    unconverted_currencies: converter.unconvertedList(),
  };
}

/** How far past today the balance trend projects: a year, as far as a daily chart draws. */
const maxProjectionDays = maxDailyDays;

/**
 * What the projection forward reads: the planned items up to `until`, the cards and what moved on
 * them from `statementLookbackDays` before today (worker/planning/projected-cash.ts). Left out
 * (`undefined`, not sent) when `isNeeded` is false.
 */
function projectionReads(
  ctx: ReportCall<RangeQuery>["ctx"],
  workspaceId: string,
  { until, isNeeded }: { until: string; isNeeded: boolean },
) {
  const utcToday = todayIn("UTC", ctx.clock.now());
  const planned = plannedItemsQueries(ctx, workspaceId, until);
  return {
    scheduledRows: isNeeded ? planned.scheduledRows : undefined,
    recurringRows: isNeeded ? planned.recurringRows : undefined,
    planRows: isNeeded ? planned.planRows : undefined,
    loanRows: isNeeded ? planned.loanRows : undefined,
    cardRows: isNeeded ? reportCardsQuery(ctx, workspaceId) : undefined,
    cardDays: isNeeded ? cardDaysQuery(ctx, workspaceId, addDays(utcToday, -statementLookbackDays - 1)) : undefined,
  };
}

/**
 * GET /analytics/balance-trend: the total balance at the end of every day of the range (each
 * account's balance converted at that day's rate), and each account's own. The days after today are
 * projected: today's balances with the entries dated ahead, what the planned items will post and the
 * card statements falling due (worker/planning/projected-cash.ts), at the latest kept rates — up to a
 * year past today.
 */
export async function balanceTrend({
  ctx,
  input,
}: ReportCall<BalanceTrendQuery>): Promise<z.infer<typeof balanceTrendSchema>> {
  const utcToday = todayIn("UTC", ctx.clock.now());
  const projectionDays = input.projection_days ?? 0;
  // Asked to run on past today: so it does when the range reaches today (in some time zone).
  const runsOn = projectionDays > 0 && (input.to === undefined || input.to >= addDays(utcToday, -1));
  const window = readWindow(ctx, input, (range) =>
    runsOn ? { ...range, to: laterOf(range.to, addDays(utcToday, projectionDays + 1)) } : range,
  );
  // Only a range asked to end after today (in some time zone) has days to project.
  const reachesAhead = runsOn || (input.to !== undefined && input.to >= utcToday);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, window),
    ...balanceReads(ctx, input.workspaceId, window),
    ...projectionReads(ctx, input.workspaceId, { until: window.to, isNeeded: reachesAhead }),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const asked = exactRange(input, today, "balance-trend", rows, { daily: true });
  const range =
    runsOn && asked.to >= today ? { ...asked, to: laterOf(asked.to, addDays(today, projectionDays)) } : asked;
  const projectionEnd = addDays(today, maxProjectionDays);
  if (range.to > projectionEnd)
    throw fieldError("to", "errors:fields.projectionTooFar", {
      values: { days: maxProjectionDays, date: projectionEnd },
    });
  const converter = converterOf(workspace.currency, rows);
  const { balances, netByDay } = balancesAtEndOf(range.to, rows);
  const days = bucketsOf(range, "day").map((bucket) => bucket.start);
  const series = new Map(rows.accountRows.map((account) => [account.id, [] as bigint[]]));
  for (const day of [...days].reverse()) {
    for (const account of rows.accountRows) {
      series.get(account.id)!.push(balances.get(account.id)!);
      const moved = netByDay.get(account.id)?.get(day) ?? 0n;
      balances.set(account.id, balances.get(account.id)! - moved);
    }
  }
  for (const values of series.values()) values.reverse();
  const isProjected = (day: string) => day > today;
  if (range.to > today) addProjection(series, days, { rows, today, until: range.to });
  const currency = workspace.currency;
  const shown = rows.accountRows.filter(
    (account) => account.isActive || series.get(account.id)!.some((units) => units !== 0n),
  );
  return {
    currency,
    from: range.from,
    to: range.to,
    today,
    projected_from: days.find(isProjected) ?? null,
    points: days.map((day, index) => {
      // A projected day converts at the latest kept rate: today's.
      const rateDay = isProjected(day) ? today : day;
      const total = shown.reduce((sum, account) => {
        const converted = converter.convert(series.get(account.id)![index]!, account.currency, rateDay);
        return converted === null ? sum : sum + converted;
      }, 0n);
      return { date: day, total: text(total, currency), total_cents: centsNumber(total), projected: isProjected(day) };
    }),
    accounts: shown.map((account) => ({
      uuid: account.id,
      name: account.name,
      color: account.color,
      currency: account.currency,
      balances: series.get(account.id)!.map((units) => text(units, account.currency)),
    })),
    unconverted_currencies: converter.unconvertedList(),
  };
}

/** The later of two ISO dates. */
const laterOf = (a: string, b: string) => (a > b ? a : b);

/**
 * Adds to each account's balances after today what the committed items will move by then: the
 * balances read already hold the entries dated ahead, so this is the planned items' legs and the
 * statements due (worker/planning/projected-cash.ts), each from its date on.
 */
function addProjection(
  series: Map<string, bigint[]>,
  days: readonly string[],
  {
    rows,
    today,
    until,
  }: {
    rows: { [Name in keyof PlannedRows]?: PlannedRows[Name] } & {
      accountRows: readonly AccountRow[];
      cardRows?: readonly ProjectionCard[];
      cardDays?: readonly CardDay[];
    };
    today: string;
    until: string;
  },
) {
  const movements = projectedAccountMovements({
    planned: plannedFlows(
      {
        scheduledRows: rows.scheduledRows ?? [],
        recurringRows: rows.recurringRows ?? [],
        planRows: rows.planRows ?? [],
        loanRows: rows.loanRows ?? [],
      },
      until,
    ),
    accounts: new Map(rows.accountRows.map((account) => [account.id, account])),
    cards: rows.cardRows ?? [],
    cardDays: rows.cardDays ?? [],
    today,
    until,
  }).sort((a, b) => a.date.localeCompare(b.date));
  const moved = new Map<string, bigint>();
  let next = 0;
  days.forEach((day, index) => {
    if (day <= today) return;
    for (; next < movements.length && movements[next]!.date <= day; next++) {
      const { accountId, units } = movements[next]!;
      moved.set(accountId, (moved.get(accountId) ?? 0n) + units);
    }
    for (const [accountId, units] of moved) {
      const balances = series.get(accountId);
      if (balances) balances[index]! += units;
    }
  });
}

/** The horizons the cash-flow report projects over, in days from today. */
const projectionHorizons = [30, 60, 90] as const;

/**
 * GET /analytics/cash-flow: where the range's money came from and went — income by tag into each
 * account or card, and spending by tag out of each, by category (a subcategory's money is its
 * category's) — with the totals, and what the coming 30, 60 and 90 days hold already (cashProjection).
 */
export async function cashFlow({ ctx, input }: ReportCall<RangeQuery>): Promise<z.infer<typeof cashFlowSchema>> {
  const window = readWindow(ctx, input, (range) => range);
  const slots = rangeSlots(ctx.clock.now(), input);
  const utcToday = todayIn("UTC", ctx.clock.now());
  const horizonEnd = addDays(utcToday, projectionHorizons.at(-1)! + 1);
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...commonReads(ctx, input.workspaceId, { from: window.from, to: [window.to, horizonEnd].sort().at(-1)! }),
    flows: moneyDaysQuery(ctx, input.workspaceId, { ...window, slots }),
    incomeByTag: tagDaysQuery(ctx, input.workspaceId, { ...window, kind: "income", byLeg: true, slots }),
    spendingByTag: tagDaysQuery(ctx, input.workspaceId, { ...window, kind: "expense", byLeg: true, slots }),
    comingFlows: moneyDaysQuery(ctx, input.workspaceId, { from: addDays(utcToday, -1), to: horizonEnd }),
    ...plannedItemsQueries(ctx, input.workspaceId, horizonEnd),
    accountRows: reportAccountsQuery(ctx, input.workspaceId),
    cardRows: reportCardsQuery(ctx, input.workspaceId),
    cardDays: cardDaysQuery(ctx, input.workspaceId, addDays(utcToday, -statementLookbackDays - 1)),
    tagRows: reportTagsQuery(ctx, input.workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "cash-flow", rows);
  const converter = converterOf(workspace.currency, rows);
  const currency = workspace.currency;
  const inRange = (day: string) => day >= range.from && day <= range.to;
  let income = 0n;
  let expenses = 0n;
  for (const row of rows.flows) {
    const day = slotDay(slots, row.day);
    if (!inRange(day)) continue;
    const isIncome = row.kind === "income";
    const converted = converter.convert(row.units, row.currency, day) ?? 0n;
    if (isIncome) income += converted;
    else expenses += converted;
  }
  const names = new Map<string, string>([
    ...rows.accountRows.map((account) => [`account:${account.id}`, account.name] as const),
    ...rows.cardRows.map((card) => [`card:${card.id}`, card.name] as const),
  ]);
  const tagsById = new Map(rows.tagRows.map((tag) => [tag.id, tag]));
  const legOf = (leg: string) => {
    const [type, uuid] = leg.split(":") as ["account" | "card", string];
    return { type, uuid, name: names.get(leg) ?? null };
  };
  const tagOf = (tagId: string) => {
    const tag = tagsById.get(tagId);
    return tag ? tagRefOf(tag) : null;
  };
  // Categories only: a category's flow already holds its subcategories' money (the implied links), so
  // drawing a subcategory too would draw that money twice; the breakdown lists the subcategories.
  const isCashFlowTag = (tagId: string) => tagId === "" || (tagsById.has(tagId) && !tagsById.get(tagId)!.parentId);
  const links = (tagRows: typeof rows.incomeByTag) => {
    const totals = new Map<string, bigint>();
    for (const row of tagRows) {
      const day = slotDay(slots, row.day);
      if (!inRange(day) || !isCashFlowTag(row.tagId)) continue;
      const converted = converter.convert(row.units, row.currency, day);
      if (converted === null) continue;
      const key = `${row.tagId}|${row.leg}`;
      totals.set(key, (totals.get(key) ?? 0n) + converted);
    }
    return [...totals]
      .filter(([, units]) => units !== 0n)
      .map(([key, units]) => {
        const [tagId, leg] = key.split("|") as [string, string];
        return { tag: tagOf(tagId), leg: legOf(leg), amount: text(units, currency), amount_cents: centsNumber(units) };
      })
      .sort(
        (a, b) =>
          b.amount_cents - a.amount_cents ||
          (a.tag?.name ?? "").localeCompare(b.tag?.name ?? "") ||
          (a.leg.name ?? "").localeCompare(b.leg.name ?? ""),
      );
  };
  const projection = cashProjection(rows, { today, converter });
  return {
    currency,
    from: range.from,
    to: range.to,
    totals: {
      income: text(income, currency),
      expenses: text(expenses, currency),
      net: text(income - expenses, currency),
    },
    inflows: links(rows.incomeByTag),
    outflows: links(rows.spendingByTag),
    projection,
    unconverted_currencies: converter.unconvertedList(),
  };
}

type MoneyDay = { day: string; kind: string; currency: string; units: bigint };

/**
 * What the coming 30, 60 and 90 days hold already, at the latest kept rates: scheduled and recurring
 * items, installments paid from accounts, loan payments and entries dated ahead — an item due and not
 * posted yet counts in every horizon. `income`, `expenses` and `net` count spending when it is made
 * (a card purchase in the horizon is an expense); the cash view counts it when it is paid: of the
 * expenses, `card_spending` is what goes on credit cards, `card_payments` the payments to cards
 * recorded or planned in the horizon, and `statements_due` what the statements falling due in it (or
 * overdue) still ask for beyond every payment recorded or planned (worker/planning/projected-cash.ts).
 * So `cash_net` = income − (expenses − card_spending) − card_payments − statements_due counts each card
 * purchase once, by the statement that pays it (income credited to a card is left out of it: it lowers
 * the statements instead).
 */
function cashProjection(
  rows: PlannedRows & {
    comingFlows: readonly MoneyDay[];
    accountRows: readonly AccountRow[];
    cardRows: readonly ProjectionCard[];
    cardDays: readonly CardDay[];
  },
  { today, converter }: { today: string; converter: DayConverter },
) {
  const currency = converter.currency;
  const until = addDays(today, projectionHorizons.at(-1)!);
  const planned = plannedFlows(rows, until);
  const accounts = new Map(rows.accountRows.map((account) => [account.id, account]));
  const cards = new Map(rows.cardRows.map((card) => [card.id, card]));
  const { cardMovements } = plannedLegMovements(planned, accounts, cards);
  const dues = statementsDue({ cards: rows.cardRows, cardDays: rows.cardDays, cardMovements, today, until });
  const cardCurrency = (cardId: string) => accounts.get(cards.get(cardId)?.accountId ?? "")?.currency ?? currency;
  const atToday = (units: bigint, from: string) => converter.convert(units, from, today) ?? 0n;
  return projectionHorizons.map((days) => {
    const end = addDays(today, days);
    const comingDay = (day: string) => day > today && day <= end;
    let income = 0n;
    let expenses = 0n;
    for (const flow of planned) {
      if (flow.date > end) continue;
      const converted = atToday(BigInt(flow.amountCents), flow.currency);
      if (flow.kind === "income") income += converted;
      if (flow.kind === "expense") expenses += converted;
    }
    for (const row of rows.comingFlows) {
      if (!comingDay(row.day)) continue;
      if (row.kind === "income") income += atToday(row.units, row.currency);
      else expenses += atToday(row.units, row.currency);
    }
    let cardSpending = 0n;
    let cardPayments = 0n;
    // Income credited to a card (a refund) lowers what its statements ask for: it is no cash too.
    let cardIncome = 0n;
    for (const movement of cardMovements) {
      if (movement.date > end) continue;
      const converted = atToday(movement.units, cardCurrency(movement.cardId));
      if (movement.kind === "expense" && movement.units > 0n) cardSpending += converted;
      if (movement.kind === "pay_credit_card" && movement.units < 0n) cardPayments -= converted;
      if (movement.kind === "income" && movement.units < 0n) cardIncome -= converted;
    }
    for (const row of rows.cardDays) {
      if (!comingDay(row.day)) continue;
      const converted = atToday(row.units, cardCurrency(row.leg.slice("card:".length)));
      if (row.kind === "expense" && row.direction === "out") cardSpending += converted;
      if (row.kind === "pay_credit_card" && row.direction === "in") cardPayments += converted;
      if (row.kind === "income" && row.direction === "in") cardIncome += converted;
    }
    const statementsDueUnits = dues
      .filter((due) => due.due <= end)
      .reduce((sum, due) => sum + atToday(due.units, cardCurrency(due.cardId)), 0n);
    const cashNet = income - cardIncome - (expenses - cardSpending) - cardPayments - statementsDueUnits;
    return {
      days,
      end_date: end,
      income: text(income, currency),
      expenses: text(expenses, currency),
      net: text(income - expenses, currency),
      card_spending: text(cardSpending, currency),
      card_payments: text(cardPayments, currency),
      statements_due: text(statementsDueUnits, currency),
      cash_net: text(cashNet, currency),
    };
  });
}
