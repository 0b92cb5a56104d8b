import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import {
  getCreditCardSpending,
  getDashboardStats,
  getMonthlyExpenses,
  getMonthlyIncome,
  getVirtualBalance,
  virtualBalanceQuerySchema,
} from "./dashboard.service.ts";

const base = "/:workspaceId/dashboard";

/** /workspaces/{workspaceId}/dashboard… (docs/api.md#dashboard): reads for every member, viewers included. */
export const dashboardRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(`${base}/stats`, async (c) =>
    c.json({ data: await getDashboardStats({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(`${base}/monthly-income`, async (c) =>
    c.json({ data: await getMonthlyIncome({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(`${base}/monthly-expenses`, async (c) =>
    c.json({ data: await getMonthlyExpenses({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(`${base}/credit-card-spending`, async (c) => {
    return c.json({ data: await getCreditCardSpending({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .get(`${base}/virtual-balance`, validate("query", virtualBalanceQuerySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("query") };
    return c.json({ data: await getVirtualBalance({ ctx: c.get("ctx"), input }) });
  });
