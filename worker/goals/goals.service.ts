/**
 * Goals (README: "Budgets and goals"): a target amount, optionally by a date. Progress is
 * the linked accounts' balances today (converted into the goal's currency at the newest kept rate)
 * plus what was added by hand. Rules:
 * - Pace: what progress grew by over the last 90 days (the linked accounts' movements, each day at its
 *   rate, and the contributions dated then), as a month's worth: a third of it.
 * - Needed a month: what remains over the months left to the target date (30.4375-day months, at
 *   least one; all of it once the date has passed).
 * - Status: `reached` at or past the target; `no_date` without a date; `on_track` when the pace is
 *   at least what is needed a month; otherwise `behind`.
 * - Projected date: when the pace would reach the target, if it is positive.
 */
import { and, asc, eq, gte, inArray, like, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import { accounts, goalAccounts, goalContributions, goals, ledgerDayFlows } from "../../db/schema/index.ts";
import { reportRatesQueries } from "../analytics/analytics.queries.ts";
import { exactRange } from "../analytics/analytics.service.ts";
import { convertersFrom } from "../analytics/report-converter.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorUserId } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { KnownRate } from "../currency/conversion.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { addDays, todayIn } from "../ledger/dates.ts";
import { batchEndingWith, batchOfStatements } from "../../db/named-batch.ts";
import { exactCents } from "../ledger/sums.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { goalListSchema, goalResponseSchema, goalsProgressSchema } from "./goals.responses.ts";
import type { ContributionInput, GoalInput } from "./goals.schemas.ts";

export type GoalRef = WorkspaceRef & { goalId: string };
type GoalRow = typeof goals.$inferSelect;
type ContributionRow = typeof goalContributions.$inferSelect;
type Ctx = ServiceCall<WorkspaceRef>["ctx"];
type GoalResponse = z.infer<typeof goalResponseSchema>;

export const goalNotFound = () => new AppError("NOT_FOUND", "errors:details.goalNotFound");
const contributionNotFound = () => new AppError("NOT_FOUND", "errors:details.contributionNotFound");

const paceDays = 90;
const daysPerMonth = 30.4375;

/** Everything a goal's figures need, for the read batch: goals, links, contributions, the accounts, their recent movements and rates. */
export function goalReads(ctx: Ctx, workspaceId: string, goalId?: string) {
  const utcToday = todayIn("UTC", ctx.clock.now());
  const since = addDays(utcToday, -(paceDays + 2));
  const ofWorkspace = sql`(select ${goals.id} from ${goals} where ${goals.workspaceId} = ${workspaceId})`;
  return {
    goalRows: ctx.db
      .select()
      .from(goals)
      .where(
        and(
          eq(goals.workspaceId, workspaceId),
          goalId === undefined ? undefined : eq(goals.id, isUuid(goalId) ? goalId : ""),
        ),
      )
      .orderBy(asc(goals.createdAt)),
    linkRows: ctx.db.select().from(goalAccounts).where(sql`${goalAccounts.goalId} in ${ofWorkspace}`),
    contributionRows: ctx.db
      .select()
      .from(goalContributions)
      .where(sql`${goalContributions.goalId} in ${ofWorkspace}`)
      .orderBy(asc(goalContributions.date), asc(goalContributions.createdAt)),
    accountRows: ctx.db
      .select({
        id: accounts.id,
        name: accounts.name,
        currency: accounts.currency,
        balanceCents: accounts.balanceCents,
      })
      .from(accounts)
      .where(eq(accounts.workspaceId, workspaceId)),
    accountFlows: ctx.db
      .select({
        day: ledgerDayFlows.day,
        leg: ledgerDayFlows.leg,
        direction: ledgerDayFlows.direction,
        currency: ledgerDayFlows.currency,
        units: exactCents(sql`${ledgerDayFlows.amountUnits}`),
      })
      .from(ledgerDayFlows)
      .where(
        and(
          eq(ledgerDayFlows.workspaceId, workspaceId),
          gte(ledgerDayFlows.day, since),
          like(ledgerDayFlows.leg, "account:%"),
        ),
      ),
    ...reportRatesQueries(
      ctx,
      workspaceId,
      { from: since, to: addDays(utcToday, 1) },
      sql`select ${goals.currency} from ${goals} where ${goals.workspaceId} = ${workspaceId}`,
    ),
  };
}

type GoalReadRows = {
  goalRows: GoalRow[];
  linkRows: Array<{ goalId: string; accountId: string }>;
  contributionRows: ContributionRow[];
  accountRows: Array<{ id: string; name: string; currency: string; balanceCents: number }>;
  accountFlows: Array<{ day: string; leg: string; direction: string; currency: string; units: bigint }>;
  windowRates: KnownRate[];
  newestRates: KnownRate[];
};

/** Divides rounding half away from zero (b > 0). */
const divided = (a: bigint, b: bigint) => (a >= 0n ? (a * 2n + b) / (2n * b) : -((-a * 2n + b) / (2n * b)));

/** Works out every goal's figures as of `today` from one read. */
function goalFigures(rows: GoalReadRows, today: string) {
  const converters = convertersFrom([...rows.windowRates, ...rows.newestRates]);
  const paceFrom = addDays(today, -(paceDays - 1));
  const accountsById = new Map(rows.accountRows.map((account) => [account.id, account]));
  const flowsByAccount = new Map<string, GoalReadRows["accountFlows"]>();
  for (const flow of rows.accountFlows) {
    const id = flow.leg.slice("account:".length);
    flowsByAccount.set(id, [...(flowsByAccount.get(id) ?? []), flow]);
  }
  const signed = (flow: { direction: string; units: bigint }) => (flow.direction === "in" ? flow.units : -flow.units);

  return (goal: GoalRow, links: readonly string[], contributions: readonly ContributionRow[]): GoalResponse => {
    const converter = converters.to(goal.currency);
    let current = 0n;
    let lastDays = 0n;
    const linked = links.flatMap((id) => {
      const account = accountsById.get(id);
      if (!account) return [];
      const flows = flowsByAccount.get(id) ?? [];
      const balance =
        BigInt(account.balanceCents) -
        flows.filter((flow) => flow.day > today).reduce((sum, flow) => sum + signed(flow), 0n);
      const converted = converter.convert(balance, account.currency, today);
      if (converted !== null) current += converted;
      for (const flow of flows) {
        if (flow.day < paceFrom || flow.day > today) continue;
        lastDays += converter.convert(signed(flow), flow.currency, flow.day) ?? 0n;
      }
      return [
        {
          uuid: account.id,
          name: account.name,
          currency: account.currency,
          balance: unitsToDecimal(balance, account.currency),
          converted_balance: converted === null ? null : unitsToDecimal(converted, goal.currency),
        },
      ];
    });
    for (const contribution of contributions) {
      current += BigInt(contribution.amountCents);
      if (contribution.date >= paceFrom && contribution.date <= today) lastDays += BigInt(contribution.amountCents);
    }
    const target = BigInt(goal.targetCents);
    const remaining = current >= target ? 0n : target - current;
    const monthlyPace = divided(lastDays, 3n);
    const daysLeft = goal.targetDate
      ? Math.round((Date.parse(`${goal.targetDate}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000)
      : null;
    const monthsLeft = daysLeft === null ? null : Math.max(1, Math.ceil(daysLeft / daysPerMonth));
    const monthlyNeeded =
      monthsLeft === null
        ? null
        : daysLeft! <= 0
          ? remaining
          : (remaining + BigInt(monthsLeft) - 1n) / BigInt(monthsLeft);
    const status =
      remaining === 0n
        ? "reached"
        : monthlyNeeded === null
          ? "no_date"
          : daysLeft! > 0 && monthlyPace >= monthlyNeeded
            ? "on_track"
            : "behind";
    const projectedDate =
      remaining > 0n && monthlyPace > 0n
        ? addDays(today, Math.ceil((Number(remaining) / Number(monthlyPace)) * daysPerMonth))
        : null;
    const money = (units: bigint) => unitsToDecimal(units, goal.currency);
    return {
      uuid: goal.id,
      name: goal.name,
      color: goal.color,
      currency: goal.currency,
      target_amount: money(target),
      target_cents: Number(target),
      target_date: goal.targetDate,
      current_amount: money(current),
      current_cents: Number(current),
      remaining: money(remaining),
      percent: target > 0n ? Number(divided(current * 1000n, target)) / 10 : 0,
      last_90_days: money(lastDays),
      monthly_pace: money(monthlyPace),
      monthly_needed: monthlyNeeded === null ? null : money(monthlyNeeded),
      months_left: monthsLeft,
      projected_date: projectedDate,
      status,
      accounts: linked,
      contributions: contributions.map((contribution) => ({
        uuid: contribution.id,
        date: contribution.date,
        amount: money(BigInt(contribution.amountCents)),
        note: contribution.note,
      })),
      created_at: goal.createdAt,
      updated_at: goal.updatedAt,
    };
  };
}

/** The goals of a read, with their figures; `overrides` puts a write's own rows in place of what was read. */
export function goalsAnswer(
  rows: GoalReadRows,
  today: string,
  overrides: { goal?: GoalRow; links?: string[]; contributions?: ContributionRow[] } = {},
) {
  const figuresOf = goalFigures(rows, today);
  const goalRows = overrides.goal
    ? [...rows.goalRows.filter((goal) => goal.id !== overrides.goal!.id), overrides.goal]
    : rows.goalRows;
  const answers = goalRows.map((goal) => {
    const isOverridden = goal.id === overrides.goal?.id;
    const links =
      isOverridden && overrides.links
        ? overrides.links
        : rows.linkRows.filter((link) => link.goalId === goal.id).map((link) => link.accountId);
    const contributions =
      isOverridden && overrides.contributions
        ? overrides.contributions
        : rows.contributionRows.filter((contribution) => contribution.goalId === goal.id);
    return figuresOf(goal, links, contributions);
  });
  const unconverted = [
    ...new Set(
      answers.flatMap((goal) =>
        goal.accounts.filter((account) => account.converted_balance === null).map((account) => account.currency),
      ),
    ),
  ].sort();
  return { goals: answers, unconverted };
}

async function readGoals(ctx: Ctx, workspaceId: string, goalId?: string) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    workspaceId,
    "workspace.read",
    goalReads(ctx, workspaceId, goalId),
  );
  return { ...goalsAnswer(rows, todayIn(workspace.timeZone, ctx.clock.now())), workspace };
}

/** GET /goals: every goal with its progress, oldest first. */
export async function listGoals({ ctx, input }: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof goalListSchema>> {
  const { goals: data, unconverted } = await readGoals(ctx, input.workspaceId);
  return { data, meta: { unconverted_currencies: unconverted } };
}

export async function getGoal({ ctx, input }: ServiceCall<GoalRef>): Promise<GoalResponse> {
  const { goals: found } = await readGoals(ctx, input.workspaceId, input.goalId);
  if (!found[0]) throw goalNotFound();
  return found[0];
}

/** The linked accounts must be the workspace's; the date, after today. */
function checkedGoal(input: GoalInput, rows: GoalReadRows, today: string) {
  const known = new Set(rows.accountRows.map((account) => account.id));
  if (input.account_ids.some((id) => !known.has(id))) throw fieldError("account_ids", "errors:fields.goalAccount");
  if (input.target_date && input.target_date <= today) throw fieldError("target_date", "errors:fields.targetDate");
}

/** POST /goals: in the workspace's currency; links the accounts whose balances count. */
export async function createGoal({ ctx, input }: ServiceCall<WorkspaceRef & GoalInput>): Promise<GoalResponse> {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "finances.write",
    goalReads(ctx, input.workspaceId, ""),
  );
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  checkedGoal(input, rows, today);
  const now = ctx.clock.now().toISOString();
  const goal: GoalRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    name: input.name,
    targetCents: unitsIn(input.target_amount, workspace.currency, "target_amount"),
    currency: workspace.currency,
    targetDate: input.target_date ?? null,
    color: input.color,
    createdBy: actorUserId(ctx.actor),
    revision: 0,
    createdAt: now,
    updatedAt: null,
  };
  await batchOfStatements(ctx.db, [
    ctx.db.insert(goals).values(goal),
    ...(input.account_ids.length
      ? [ctx.db.insert(goalAccounts).values(input.account_ids.map((accountId) => ({ goalId: goal.id, accountId })))]
      : []),
  ]);
  return goalsAnswer(rows, today, { goal, links: input.account_ids, contributions: [] }).goals.at(-1)!;
}

/** The goal a write changes, with everything its answer needs, read at once. */
async function readGoalToChange(ctx: Ctx, input: GoalRef) {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "finances.write",
    goalReads(ctx, input.workspaceId, input.goalId),
  );
  const goal = rows.goalRows[0];
  if (!goal) throw goalNotFound();
  return { rows, goal, today: todayIn(workspace.timeZone, ctx.clock.now()) };
}

/** PUT /goals/{id}: name, target, date, colour and the linked accounts, all replaced. */
export async function updateGoal({ ctx, input }: ServiceCall<GoalRef & GoalInput>): Promise<GoalResponse> {
  const { rows, goal: previous, today } = await readGoalToChange(ctx, input);
  checkedGoal(input, rows, today);
  const goal: GoalRow = {
    ...previous,
    name: input.name,
    targetCents: unitsIn(input.target_amount, previous.currency, "target_amount"),
    targetDate: input.target_date ?? null,
    color: input.color,
    revision: previous.revision + 1,
    updatedAt: ctx.clock.now().toISOString(),
  };
  const { id, workspaceId, createdAt, createdBy, currency, ...changes } = goal;
  // Every statement applies only while the goal is at the revision read: a racing edit wins whole.
  const atRevisionRead = and(
    sql`exists (select 1 from ${goals} where ${goals.id} = ${id} and ${goals.revision} = ${previous.revision})`,
    actorStillMay(ctx, input.workspaceId, "finances.write"),
  );
  const updated = await batchEndingWith(
    ctx.db,
    [
      ctx.db.delete(goalAccounts).where(and(eq(goalAccounts.goalId, id), atRevisionRead)),
      ...(input.account_ids.length
        ? [
            ctx.db.insert(goalAccounts).select(
              ctx.db
                .select({ goalId: sql`${id}`.as("goal_id"), accountId: accounts.id })
                .from(accounts)
                .where(and(inArray(accounts.id, input.account_ids), atRevisionRead)),
            ),
          ]
        : []),
    ],
    ctx.db
      .update(goals)
      .set(changes)
      .where(
        and(
          eq(goals.id, id),
          eq(goals.revision, previous.revision),
          actorStillMay(ctx, input.workspaceId, "finances.write"),
        ),
      ),
  );
  if (updated.rowsAffected !== 1) throw new AppError("GOAL_CHANGED");
  return goalsAnswer(rows, today, { goal, links: input.account_ids }).goals.find((answer) => answer.uuid === id)!;
}

/** DELETE /goals/{id}: the goal, its links and contributions; no money moves. */
export async function deleteGoal({ ctx, input }: ServiceCall<GoalRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(goals)
    .where(
      and(
        eq(goals.workspaceId, input.workspaceId),
        eq(goals.id, isUuid(input.goalId) ? input.goalId : ""),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    );
  if (deleted.rowsAffected !== 1) throw goalNotFound();
  return { message: "Goal deleted" };
}

/** POST /goals/{id}/contributions: money put aside (or taken out) by hand; answers the goal. */
export async function addContribution({ ctx, input }: ServiceCall<GoalRef & ContributionInput>): Promise<GoalResponse> {
  const { rows, goal, today } = await readGoalToChange(ctx, input);
  const contribution: ContributionRow = {
    id: newId(),
    goalId: goal.id,
    date: input.date ?? today,
    amountCents: unitsIn(input.amount, goal.currency, "amount"),
    note: input.note ?? null,
    createdBy: actorUserId(ctx.actor),
    createdAt: ctx.clock.now().toISOString(),
  };
  const inserted = await ctx.db.insert(goalContributions).select(
    ctx.db
      .select({
        id: sql`${contribution.id}`.as("id"),
        goalId: sql`${contribution.goalId}`.as("goal_id"),
        date: sql`${contribution.date}`.as("date"),
        amountCents: sql`${contribution.amountCents}`.as("amount_cents"),
        note: sql`${contribution.note}`.as("note"),
        createdBy: sql`${contribution.createdBy}`.as("created_by"),
        createdAt: sql`${contribution.createdAt}`.as("created_at"),
      })
      .from(goals)
      .where(and(eq(goals.id, goal.id), actorStillMay(ctx, input.workspaceId, "finances.write"))),
  );
  if (inserted.rowsAffected !== 1) throw goalNotFound();
  const contributions = [...rows.contributionRows.filter((row) => row.goalId === goal.id), contribution].sort(
    (a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt),
  );
  return goalsAnswer(rows, today, { goal, contributions }).goals.find((answer) => answer.uuid === goal.id)!;
}

/** DELETE /goals/{id}/contributions/{contributionId}. */
export async function deleteContribution({ ctx, input }: ServiceCall<GoalRef & { contributionId: string }>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(goalContributions)
    .where(
      and(
        eq(goalContributions.id, isUuid(input.contributionId) ? input.contributionId : ""),
        eq(goalContributions.goalId, isUuid(input.goalId) ? input.goalId : ""),
        sql`${goalContributions.goalId} in (select ${goals.id} from ${goals} where ${goals.workspaceId} = ${input.workspaceId})`,
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    );
  if (deleted.rowsAffected !== 1) throw contributionNotFound();
  return { message: "Contribution deleted" };
}

/** GET /analytics/goals-progress: every goal's figures (advanced analytics). */
export async function goalsProgress({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof goalsProgressSchema>> {
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
    ...goalReads(ctx, input.workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  exactRange({ from: today, to: today }, today, "goals-progress", rows);
  const { goals: data, unconverted } = goalsAnswer(rows, today);
  return { currency: workspace.currency, today, goals: data, unconverted_currencies: unconverted };
}
