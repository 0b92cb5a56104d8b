/**
 * The workspace's installments across plans (docs/api.md#installment-plans): upcoming, overdue, the statistics, and
 * "execute all" for the plans paid from an account. One read round trip each; a workspace has tens
 * of plans, so their schedules are worked out here rather than stored.
 */
import type { z } from "zod";
import type { Currency } from "../../../db/enums.ts";
import { batchOfStatements, type RowsByName } from "../../../db/named-batch.ts";
import type { ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import { unitsToDecimal } from "../../ledger/amounts.ts";
import { addDays, todayIn } from "../../ledger/dates.ts";
import { runPostingBatch } from "../posting.ts";
import { referencesIn } from "../planned-reads.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import { installmentsOf, isCardPlan, toInstallmentPlanResponse } from "./installment-plan-view.ts";
import { installmentListQueries } from "./installments.service.ts";
import { advancedPlan, dueInstallments, installmentKind } from "./installments.kind.ts";
import { advanceStatement, occurrencesPosting } from "../planned-kind.ts";
import { failureReasonOf, revised } from "../planned-template.ts";
import { AppError } from "../../http/errors.ts";
import type {
  executeAllInstallmentsSchema,
  installmentStatisticsSchema,
  overdueInstallmentsSchema,
  upcomingInstallmentsSchema,
} from "./installments.responses.ts";

type ListRows = RowsByName<ReturnType<typeof installmentListQueries>>;

/** Each plan with its answer and its installments, from the rows of `installmentListQueries`. */
export function overviewFrom(workspaceId: string, rows: ListRows, today: string) {
  const found = referencesIn(workspaceId, rows);
  const plans = rows.planRows.map((plan) => ({
    plan,
    response: toInstallmentPlanResponse(plan, rows.claimRows, found, today),
    installments: installmentsOf(plan, rows.claimRows, found.lookup, today),
  }));
  return { plans, today, found };
}

async function overview(ctx: ServiceCall["ctx"], workspaceId: string, permission: "workspace.read" | "finances.write") {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    workspaceId,
    permission,
    installmentListQueries(ctx, workspaceId),
  );
  return overviewFrom(workspaceId, rows, todayIn(workspace.timeZone, ctx.clock.now()));
}

type Overview = Awaited<ReturnType<typeof overview>>;

/** Installments still owed, in date order, with their plan's name and where they are paid from. */
function owedInstallments(view: Overview, keep: (date: string, state: string) => boolean) {
  return view.plans
    .flatMap(({ plan, response, installments }) =>
      installments
        .filter((item) => keep(item.date, item.state))
        .map((item) => ({
          plan_id: plan.id,
          description: plan.description,
          merchant: plan.merchant,
          number: item.number,
          installments_count: plan.installmentCount,
          date: item.date,
          amount: unitsToDecimal(item.paymentCents, plan.currency),
          currency: plan.currency,
          state: item.state,
          payment_method: response.payment_method,
          origin: response.origin,
          statement: item.statement,
        })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.plan_id.localeCompare(b.plan_id));
}

const owedStates = new Set(["scheduled", "due", "overdue", "upcoming"]);

/** GET /installment-plans-upcoming?days=30: what falls due from today to `days` ahead (overdue ones first). */
export async function upcomingInstallments({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { days: number }>): Promise<z.infer<typeof upcomingInstallmentsSchema>> {
  const view = await overview(ctx, input.workspaceId, "workspace.read");
  const end = addDays(view.today, input.days);
  const data = owedInstallments(
    view,
    (date, state) => owedStates.has(state) && date <= end && (date >= view.today || state === "overdue"),
  );
  return { data, meta: { today: view.today, end_date: end } };
}

/** GET /installment-plans-overdue: installments whose date passed without being posted (paused or failing plans). */
export async function overdueInstallments({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof overdueInstallmentsSchema>> {
  const view = await overview(ctx, input.workspaceId, "workspace.read");
  return { data: owedInstallments(view, (_date, state) => state === "overdue"), meta: { today: view.today } };
}

type Totals = { plans: number; monthlyCents: bigint; remainingCents: bigint };

/**
 * GET /installment-plans-statistics: the plans still running, what they take a month and what is
 * left, per currency (nothing is converted) and per card or account.
 */
export async function installmentStatistics({ ctx, input }: ServiceCall<WorkspaceRef>) {
  return statisticsOf(await overview(ctx, input.workspaceId, "workspace.read"));
}

/** The statistics of an overview: the plans still running, per currency and per card or account. */
export function statisticsOf(view: Overview): z.infer<typeof installmentStatisticsSchema> {
  const running = view.plans.filter(({ response }) => !["completed", "cancelled"].includes(response.status));
  const byCurrency = new Map<Currency, Totals>();
  const bySource = new Map<
    string,
    Totals & { origin: (typeof running)[number]["response"]["origin"]; currency: Currency }
  >();
  for (const { plan, response, installments } of running) {
    const remaining = installments.reduce(
      (sum, item) => (owedStates.has(item.state) ? sum + item.paymentCents : sum),
      0n,
    );
    const monthly = BigInt(plan.amountCents);
    const currency = byCurrency.get(plan.currency) ?? { plans: 0, monthlyCents: 0n, remainingCents: 0n };
    byCurrency.set(plan.currency, {
      plans: currency.plans + 1,
      monthlyCents: currency.monthlyCents + monthly,
      remainingCents: currency.remainingCents + remaining,
    });
    const key = plan.origin ?? "";
    const source = bySource.get(key) ?? {
      plans: 0,
      monthlyCents: 0n,
      remainingCents: 0n,
      origin: response.origin,
      currency: plan.currency,
    };
    bySource.set(key, {
      ...source,
      plans: source.plans + 1,
      monthlyCents: source.monthlyCents + monthly,
      remainingCents: source.remainingCents + remaining,
    });
  }
  const totals = (entry: Totals, currency: string) => ({
    active_plans: entry.plans,
    monthly_commitment: unitsToDecimal(entry.monthlyCents, currency),
    total_remaining: unitsToDecimal(entry.remainingCents, currency),
  });
  return {
    active_plans: running.length,
    overdue_plans: running.filter(({ response }) => response.status === "overdue").length,
    by_currency: [...byCurrency].map(([currency, entry]) => ({ currency, ...totals(entry, currency) })),
    by_payment_source: [...bySource.values()].map((entry) => ({
      origin: entry.origin,
      currency: entry.currency,
      ...totals(entry, entry.currency),
    })),
    today: view.today,
  };
}

/**
 * POST /installment-plans-execute-all: every installment due by today on the workspace's active
 * account plans, posted now — one batch per plan with its claims, so one that cannot be posted
 * (an archived account) keeps its reason and the others go on.
 */
export async function executeAllInstallments({
  ctx,
  input,
}: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof executeAllInstallmentsSchema>> {
  const view = await overview(ctx, input.workspaceId, "finances.write");
  let posted = 0;
  const failed: { plan_id: string; reason: string }[] = [];
  for (const { plan } of view.plans) {
    if (plan.status !== "active" || isCardPlan(plan)) continue;
    const due = dueInstallments(plan, view.today, plan.installmentCount);
    if (due.length === 0) continue;
    try {
      const posting = occurrencesPosting(ctx, installmentKind, plan, due, view.found);
      const advance = advanceStatement(ctx, "installment", plan, revised(ctx, plan, advancedPlan(plan, due.length)));
      await runPostingBatch(batchOfStatements(ctx.db, [...posting.statements, advance]));
      posted += due.length;
    } catch (error) {
      if (error instanceof AppError && error.code === "PLANNED_ITEM_CHANGED") continue;
      const reason = failureReasonOf(error);
      if (reason === null) throw error;
      failed.push({ plan_id: plan.id, reason });
    }
  }
  return { posted, failed };
}
