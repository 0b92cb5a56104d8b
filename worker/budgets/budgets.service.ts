/**
 * Budgets (README: "Budgets and goals"): a monthly limit on the spending under a tag, or
 * on all spending, in the workspace's currency when it was set. A month's spending is every expense
 * dated in it (a card purchase when it was made), each converted at its day's rate; a transaction
 * with several tags counts under each tag's budget. Reads are one round trip over the rollups.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import type { RowsOf } from "../../db/named-batch.ts";
import { budgets, tags } from "../../db/schema/index.ts";
import { convertUnits } from "../currency/conversion.ts";
import type { ServiceCall } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import { actorUserId } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import { exactRange, readWindow, type ReportCall } from "../analytics/analytics.service.ts";
import type { RangeQuery } from "../analytics/analytics.schemas.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { addDays, monthRange, todayIn } from "../ledger/dates.ts";
import { centsNumber } from "../ledger/sums.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { type BudgetMonth, budgetMonths, percentUsed, statusOf } from "./budget-months.ts";
import { budgetForTagQuery, budgetRowsQuery, budgetSpendingQueries, type NewBudget } from "./budgets.queries.ts";
import type {
  budgetAnalysisSchema,
  budgetListSchema,
  budgetMonthSchema,
  budgetResponseSchema,
} from "./budgets.responses.ts";
import type { BudgetInput, BudgetUpdate } from "./budgets.schemas.ts";

export type BudgetRef = WorkspaceRef & { budgetId: string };
export type BudgetResponse = z.infer<typeof budgetResponseSchema>;
export type BudgetRow = RowsOf<ReturnType<typeof budgetRowsQuery>>[number];
/**
 * A day or month of spending: a month is in the currency every budget is kept in (`target` null);
 * a day of another currency comes once per budget currency (`target`), with the rate that converts
 * it on that day (budgets.queries.ts; null when no kept rate does).
 */
type SpendingRow = { day: string; currency: string; units: bigint; target: string | null; rateMicros: number | null };
export type SpendingRows = {
  allSpending: SpendingRow[];
  tagSpending: Array<SpendingRow & { tagId: string }>;
};

export const budgetNotFound = () => new AppError("NOT_FOUND", "errors:details.budgetNotFound");

/** Each budget's spending by month (YYYY-MM), in its own currency; what no rate converts is named. */
export function spendingByBudget(budgetRows: readonly BudgetRow[], rows: SpendingRows) {
  const unconverted = new Set<string>();
  const spending = new Map<string, Map<string, bigint>>();
  for (const { budget } of budgetRows) {
    const byMonth = new Map<string, bigint>();
    const source =
      budget.tagId === null ? rows.allSpending : rows.tagSpending.filter((row) => row.tagId === budget.tagId);
    for (const row of source) {
      if (row.target !== null && row.target !== budget.currency) continue;
      const converted = unitsInBudgetCurrency(row, budget.currency);
      if (converted === null) {
        unconverted.add(row.currency);
        continue;
      }
      const month = row.day.slice(0, 7);
      byMonth.set(month, (byMonth.get(month) ?? 0n) + converted);
    }
    spending.set(budget.id, byMonth);
  }
  return { spending, unconverted: [...unconverted].sort() };
}

/** A row's units in `currency`, converted as the reports convert (report-converter.ts); null without a rate. */
function unitsInBudgetCurrency(row: SpendingRow, currency: string): bigint | null {
  if (row.currency === currency || row.units === 0n) return row.units;
  if (row.rateMicros === null) return null;
  return convertUnits(row.units, row.currency, currency, row.rateMicros);
}

/** One month of a budget as the API answers it. */
export function monthResponse(month: BudgetMonth, currency: string): z.infer<typeof budgetMonthSchema> {
  const remaining = month.available - month.spent;
  const percent = percentUsed(month.spent, month.available);
  return {
    month: month.month,
    budgeted: unitsToDecimal(month.budgeted, currency),
    carried: unitsToDecimal(month.carried, currency),
    available: unitsToDecimal(month.available, currency),
    spent: unitsToDecimal(month.spent, currency),
    remaining: unitsToDecimal(remaining, currency),
    available_cents: centsNumber(month.available),
    spent_cents: centsNumber(month.spent),
    percent_used: percent,
    status: statusOf(percent),
  };
}

export function budgetMonthsOf(row: BudgetRow, spentByMonth: ReadonlyMap<string, bigint>, lastMonth: string) {
  const { budget } = row;
  return budgetMonths(
    { amountUnits: BigInt(budget.amountCents), rollover: budget.rollover, startMonth: budget.startMonth },
    spentByMonth,
    lastMonth,
  );
}

export function budgetSummary(row: BudgetRow) {
  const { budget } = row;
  return {
    uuid: budget.id,
    tag: budget.tagId ? { uuid: budget.tagId, name: row.tagName!, color: row.tagColor! } : null,
    amount: unitsToDecimal(budget.amountCents, budget.currency),
    amount_cents: budget.amountCents,
    currency: budget.currency,
    rollover: budget.rollover,
    start_month: budget.startMonth,
    created_at: budget.createdAt,
    updated_at: budget.updatedAt,
  };
}

/** A budget with its current month (null before its first month). */
function budgetResponse(
  row: BudgetRow,
  spentByMonth: ReadonlyMap<string, bigint>,
  currentMonth: string,
): BudgetResponse {
  const current = budgetMonthsOf(row, spentByMonth, currentMonth).at(-1);
  return {
    ...budgetSummary(row),
    current_month: current && current.month === currentMonth ? monthResponse(current, row.budget.currency) : null,
  };
}

/** The spending read for the current month (the time zone's month is known after the read: a day either side). */
function currentMonthWindow(now: Date) {
  const utcToday = todayIn("UTC", now);
  return { from: monthRange(addDays(utcToday, -1)).start, to: monthRange(addDays(utcToday, 1)).end };
}

type Ctx = ServiceCall<WorkspaceRef>["ctx"];

/** The budgets (or one) and what they need for this month, for a read batch. */
export function budgetReads(
  ctx: ServiceContext,
  workspaceId: string,
  options: { budgetId?: string; newBudget?: NewBudget } = {},
) {
  const { budgetId, newBudget } = options;
  return {
    budgetRows: budgetRowsQuery(
      ctx,
      workspaceId,
      budgetId === undefined ? undefined : isUuid(budgetId) ? budgetId : "",
    ),
    ...budgetSpendingQueries(ctx, workspaceId, currentMonthWindow(ctx.clock.now()), newBudget),
  };
}

/** The budgets as answered, with this month's figures worked out from the read. */
export function budgetsAnswer(
  now: Date,
  workspace: { timeZone: string },
  budgetRows: readonly BudgetRow[],
  rows: SpendingRows,
) {
  const currentMonth = todayIn(workspace.timeZone, now).slice(0, 7);
  const { spending, unconverted } = spendingByBudget(budgetRows, rows);
  return {
    budgets: budgetRows.map((row) => budgetResponse(row, spending.get(row.budget.id)!, currentMonth)),
    currentMonth,
    unconverted,
  };
}

async function readBudgets(ctx: Ctx, workspaceId: string, budgetId?: string) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    workspaceId,
    "workspace.read",
    budgetReads(ctx, workspaceId, { budgetId }),
  );
  return budgetsAnswer(ctx.clock.now(), workspace, rows.budgetRows, rows);
}

/** GET /budgets: every budget with this month's figures, those on all spending first, then by tag. */
export async function listBudgets({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof budgetListSchema>> {
  const { budgets: data, currentMonth, unconverted } = await readBudgets(ctx, input.workspaceId);
  return { data, meta: { month: currentMonth, unconverted_currencies: unconverted } };
}

export async function getBudget({ ctx, input }: ServiceCall<BudgetRef>): Promise<BudgetResponse> {
  const { budgets: found } = await readBudgets(ctx, input.workspaceId, input.budgetId);
  if (!found[0]) throw budgetNotFound();
  return found[0];
}

const budgetTaken = () => fieldError("tag_id", "errors:fields.budgetExists", { code: "BUDGET_EXISTS" });

/** POST /budgets: one budget per tag and one on all spending; the amount is in the workspace's currency. */
export async function createBudget({ ctx, input }: ServiceCall<WorkspaceRef & BudgetInput>): Promise<BudgetResponse> {
  const tagId = input.tag_id ?? null;
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    tagRows: ctx.db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(and(eq(tags.workspaceId, input.workspaceId), eq(tags.id, tagId ?? ""))),
    existing: budgetForTagQuery(ctx, input.workspaceId, tagId),
    ...budgetReads(ctx, input.workspaceId, {
      budgetId: "",
      newBudget: { tagId, rollover: input.rollover, startMonth: input.start_month ?? undefined },
    }),
  });
  const tag = rows.tagRows[0];
  if (tagId !== null && !tag) throw fieldError("tag_id", "errors:fields.tagMissing");
  if (rows.existing[0]) throw budgetTaken();
  const now = ctx.clock.now();
  const budget: typeof budgets.$inferSelect = {
    id: newId(),
    workspaceId: input.workspaceId,
    tagId,
    amountCents: unitsIn(input.amount, workspace.currency, "amount"),
    currency: workspace.currency,
    rollover: input.rollover,
    startMonth: input.start_month ?? todayIn(workspace.timeZone, now).slice(0, 7),
    createdBy: actorUserId(ctx.actor),
    revision: 0,
    createdAt: now.toISOString(),
    updatedAt: null,
  };
  try {
    await ctx.db.insert(budgets).values(budget);
  } catch (error) {
    // Two creates racing for the same tag: the unique index keeps one.
    if (String(error).includes("UNIQUE")) throw budgetTaken();
    throw error;
  }
  const row = { budget, tagName: tag?.name ?? null, tagColor: tag?.color ?? null };
  return budgetsAnswer(now, workspace, [row], rows).budgets[0]!;
}

/** PUT /budgets/{id}: amount (in the budget's currency), rollover and first month. */
export async function updateBudget({ ctx, input }: ServiceCall<BudgetRef & BudgetUpdate>): Promise<BudgetResponse> {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "finances.write",
    budgetReads(ctx, input.workspaceId, { budgetId: input.budgetId }),
  );
  const found = rows.budgetRows[0];
  if (!found) throw budgetNotFound();
  const now = ctx.clock.now();
  const budget = {
    ...found.budget,
    amountCents: unitsIn(input.amount, found.budget.currency, "amount"),
    rollover: input.rollover,
    startMonth: input.start_month ?? found.budget.startMonth,
    revision: found.budget.revision + 1,
    updatedAt: now.toISOString(),
  };
  const { id, workspaceId, createdAt, createdBy, ...changes } = budget;
  const updated = await ctx.db
    .update(budgets)
    .set(changes)
    .where(
      and(
        eq(budgets.id, id),
        eq(budgets.revision, found.budget.revision),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    );
  if (updated.rowsAffected !== 1) throw new AppError("BUDGET_CHANGED");
  return budgetsAnswer(now, workspace, [{ ...found, budget }], rows).budgets[0]!;
}

/** DELETE /budgets/{id}: the limit goes; no money moves. */
export async function deleteBudget({ ctx, input }: ServiceCall<BudgetRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(budgets)
    .where(
      and(
        eq(budgets.workspaceId, input.workspaceId),
        eq(budgets.id, isUuid(input.budgetId) ? input.budgetId : ""),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    );
  if (deleted.rowsAffected !== 1) throw budgetNotFound();
  return { message: "Budget deleted" };
}

/**
 * GET /analytics/budget-analysis: each budget over the months the range touches — what it offered
 * (with what rolled over into the first), what was spent, what is left or over, and the status — and
 * month by month. Months before a budget's first are left out.
 */
export async function budgetAnalysis({
  ctx,
  input,
}: ReportCall<RangeQuery>): Promise<z.infer<typeof budgetAnalysisSchema>> {
  const window = readWindow(ctx, input, (range) => ({
    from: monthRange(range.from).start,
    to: monthRange(addDays(range.to, 1)).end,
  }));
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
    budgetRows: budgetRowsQuery(ctx, input.workspaceId),
    ...budgetSpendingQueries(ctx, input.workspaceId, window),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const range = exactRange(input, today, "budget-analysis", rows);
  const [firstMonth, lastMonth] = [range.from.slice(0, 7), range.to.slice(0, 7)];
  const { spending, unconverted } = spendingByBudget(rows.budgetRows, rows);
  return {
    currency: workspace.currency,
    from: range.from,
    to: range.to,
    budgets: rows.budgetRows.map((row) => {
      const months = budgetMonthsOf(row, spending.get(row.budget.id)!, lastMonth).filter(
        (month) => month.month >= firstMonth,
      );
      const period: BudgetMonth = {
        month: `${firstMonth}/${lastMonth}`,
        budgeted: months.reduce((sum, month) => sum + month.budgeted, 0n),
        carried: months[0]?.carried ?? 0n,
        available: months.reduce((sum, month) => sum + month.budgeted, 0n) + (months[0]?.carried ?? 0n),
        spent: months.reduce((sum, month) => sum + month.spent, 0n),
      };
      const { month: _months, ...totals } = monthResponse(period, row.budget.currency);
      return {
        ...budgetSummary(row),
        period: totals,
        months: months.map((month) => monthResponse(month, row.budget.currency)),
      };
    }),
    unconverted_currencies: unconverted,
  };
}
