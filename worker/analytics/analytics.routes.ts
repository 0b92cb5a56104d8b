import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
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

/**
 * /workspaces/{workspaceId}/analytics/… (docs/api.md#analytics): the reports, in the workspace's currency. The
 * budgets' and goals' reports, built on these, are routed by budgets.routes.ts and goals.routes.ts.
 */
export const analyticsRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(`${base}/spending-trends`, validate("query", spendingTrendsQuerySchema), async (c) =>
    c.json({ data: await spendingTrends({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  )
  .get(`${base}/category-breakdown`, validate("query", categoryBreakdownQuerySchema), async (c) =>
    c.json({
      data: await categoryBreakdown({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
    }),
  )
  .get(`${base}/income-vs-expenses`, validate("query", rangeQuerySchema), async (c) =>
    c.json({
      data: await incomeVsExpenses({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
    }),
  )
  .get(`${base}/account-performance`, validate("query", rangeQuerySchema), async (c) =>
    c.json({
      data: await accountPerformance({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
    }),
  )
  .get(`${base}/cash-flow`, validate("query", rangeQuerySchema), async (c) =>
    c.json({ data: await cashFlow({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  )
  .get(`${base}/balance-trend`, validate("query", balanceTrendQuerySchema), async (c) =>
    c.json({ data: await balanceTrend({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  );
