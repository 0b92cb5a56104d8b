import { eq } from "drizzle-orm";
import { sharedBatches } from "../../db/named-batch.ts";
import { workspaces } from "../../db/schema/index.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { RangeQuery } from "../analytics/analytics.schemas.ts";
import {
  accountPerformance,
  balanceTrend,
  cashFlow,
  categoryBreakdown,
  incomeVsExpenses,
} from "../analytics/analytics.service.ts";
import { settledReport } from "../analytics/report-outcome.ts";
import { budgetAnalysis } from "../budgets/budgets.service.ts";
import { goalsProgress } from "../goals/goals.service.ts";
import type { Language } from "../i18n/language.ts";
import { todayIn } from "../ledger/dates.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { analyticsReportPages } from "./analytics-pdf.layout.ts";
import { analyticsReportWords } from "./analytics-pdf.sections.ts";
import { writePdf } from "./pdf.ts";
import { requireExportFeatures } from "./transaction-rows.ts";

export type AnalyticsPdfInput = RangeQuery & { workspaceId: string; language: Language };

/**
 * Every report the PDF holds, read as the analytics page reads them: each service sends its own
 * checks and reads, and sharedBatches sends them all, with the plan and the workspace's name, as ONE
 * batch. The summary (income vs expenses) reads any range every plan may export, so its refusal is
 * the range's own (422); the other reports say in their section why they are missing.
 */
function readReports(call: ServiceCall<AnalyticsPdfInput>) {
  const ctx = { ...call.ctx, db: sharedBatches(call.ctx.db) };
  const { workspaceId, from, to } = call.input;
  const range = { workspaceId, from, to };
  return {
    access: readInWorkspace(ctx, workspaceId, "workspace.read", {
      ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
      workspaceRows: ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    }),
    summary: incomeVsExpenses({ ctx, input: range }),
    breakdown: settledReport(categoryBreakdown({ ctx, input: { ...range, type: "expense" } })),
    accounts: settledReport(accountPerformance({ ctx, input: range })),
    balance: settledReport(balanceTrend({ ctx, input: range })),
    cashFlow: settledReport(cashFlow({ ctx, input: range })),
    budgets: settledReport(budgetAnalysis({ ctx, input: range })),
    goals: settledReport(goalsProgress({ ctx, input: { workspaceId } })),
  };
}

/**
 * GET /exports/analytics.pdf: the analytics page's reports over one range as an A4 report in the
 * person's language. A paid format (requireExportFeatures); the reports the plan lacks (advanced
 * analytics) are a line saying which plan has them. Refusals come in the API's order: the session
 * and membership (401, 404), then the plan (403), then the range (422).
 */
export async function exportAnalyticsPdf(call: ServiceCall<AnalyticsPdfInput>) {
  const { ctx, input } = call;
  const reads = readReports(call);
  // One batch answers them all: wait for every one, so none is left rejected and unobserved.
  await Promise.allSettled(Object.values(reads));
  const { workspace, rows } = await reads.access;
  requireExportFeatures(rows.ownerTierRows);
  const summary = await reads.summary;
  const workspaceName = rows.workspaceRows[0]?.name ?? "";
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const pages = analyticsReportPages({
    language: input.language,
    workspaceName,
    generatedOn: today,
    summary,
    breakdown: await reads.breakdown,
    accounts: await reads.accounts,
    balance: await reads.balance,
    cashFlow: await reads.cashFlow,
    budgets: await reads.budgets,
    goals: await reads.goals,
  });
  const words = analyticsReportWords(input.language);
  const bytes = await writePdf({
    pages,
    title: `${words.title} · ${workspaceName}`,
    language: input.language,
    createdAt: ctx.clock.now(),
  });
  return { bytes, fileName: `${words.fileName.replace("{{date}}", today)}.pdf` };
}
