import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, type RouteDescription } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import {
  accountPerformanceSchema,
  balanceTrendSchema,
  cashFlowSchema,
  categoryBreakdownSchema,
  incomeVsExpensesSchema,
  spendingTrendsSchema,
} from "./analytics.responses.ts";
import {
  balanceTrendQuerySchema,
  categoryBreakdownQuerySchema,
  rangeQuerySchema,
  spendingTrendsQuerySchema,
} from "./analytics.schemas.ts";
import {
  accountPerformance,
  balanceTrend,
  cashFlow,
  categoryBreakdown,
  incomeVsExpenses,
  spendingTrends,
} from "./analytics.service.ts";

const base = "/:workspaceId/analytics";

const freeReport =
  "On every plan; without advanced analytics, for ranges from the first day of the month 11 months ago.";
const advancedReport = "Advanced analytics.";

/** A report: its range is refused at a field (422) or, past what the plan reads, with PLAN_UPGRADE_REQUIRED. */
const report = (description: Omit<RouteDescription, "tag" | "errors">) =>
  describeRoute({ tag: "Analytics", errors: ["PLAN_UPGRADE_REQUIRED"], ...description });

/**
 * /workspaces/{workspaceId}/analytics/… (docs/api.md#analytics): the reports, in the workspace's currency, for any
 * member. The budgets' and goals' reports, built on these, are routed by budgets.routes.ts and goals.routes.ts.
 */
export const analyticsRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    `${base}/spending-trends`,
    report({
      summary: "Spending per day, week or month, beside the range before",
      description:
        `${freeReport} \`group_by\`: \`day\` (ranges up to 366 days), \`week\` (7 days counted from \`from\`) or ` +
        "`month`, the default (calendar months, the first and last cut to the range).",
      answer: answers.data(spendingTrendsSchema),
    }),
    validate("query", spendingTrendsQuerySchema),
    async (c) =>
      c.json({
        data: await spendingTrends({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  )
  .get(
    `${base}/category-breakdown`,
    report({
      summary: "Spending (or income) by tag",
      description: `${advancedReport} \`type\`: \`expense\`, the default, or \`income\`.`,
      answer: answers.data(categoryBreakdownSchema),
    }),
    validate("query", categoryBreakdownQuerySchema),
    async (c) =>
      c.json({
        data: await categoryBreakdown({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  )
  .get(
    `${base}/income-vs-expenses`,
    report({
      summary: "Income, expenses, net and savings rate per month",
      description: freeReport,
      answer: answers.data(incomeVsExpensesSchema),
    }),
    validate("query", rangeQuerySchema),
    async (c) =>
      c.json({
        data: await incomeVsExpenses({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  )
  .get(
    `${base}/account-performance`,
    report({
      summary: "Each account's opening, inflows, outflows and closing",
      description: advancedReport,
      answer: answers.data(accountPerformanceSchema),
    }),
    validate("query", rangeQuerySchema),
    async (c) =>
      c.json({
        data: await accountPerformance({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  )
  .get(
    `${base}/cash-flow`,
    report({
      summary: "Where the money came from and went, and what the coming days hold",
      description:
        `${advancedReport} Links of income by tag into each account or card and of spending by tag out of each (a ` +
        "transaction with several tags is a link under each, so links may add up past the totals); `projection` is " +
        "what the coming 30, 60 and 90 days hold already, at the latest kept rates (docs/api.md#analytics).",
      answer: answers.data(cashFlowSchema),
    }),
    validate("query", rangeQuerySchema),
    async (c) =>
      c.json({ data: await cashFlow({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  )
  .get(
    `${base}/balance-trend`,
    report({
      summary: "The total balance at the end of each day, projected past today",
      description:
        `${freeReport} At most 366 days, ending at most 366 days after today (422 at \`to\`). When the range reaches ` +
        "today, `projection_days` (0–90, default 0) runs it on to at least that many days after today.",
      answer: answers.data(balanceTrendSchema),
    }),
    validate("query", balanceTrendQuerySchema),
    async (c) =>
      c.json({
        data: await balanceTrend({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  );
