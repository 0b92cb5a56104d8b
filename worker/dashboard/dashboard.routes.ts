import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import {
  creditCardSpendingSchema,
  dashboardStatsSchema,
  monthlyExpensesSchema,
  monthlyIncomeSchema,
  virtualBalanceSchema,
} from "./dashboard.responses.ts";
import {
  getCreditCardSpending,
  getDashboardStats,
  getMonthlyExpenses,
  getMonthlyIncome,
  getVirtualBalance,
  virtualBalanceQuerySchema,
} from "./dashboard.service.ts";

const base = "/:workspaceId/dashboard";
const tag = "Dashboard";

/** /workspaces/{workspaceId}/dashboard… (docs/api.md#dashboard): reads for every member, viewers included. */
export const dashboardRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    `${base}/stats`,
    describeRoute({
      tag,
      summary: "Every figure of the dashboard",
      description:
        "The three monthly figures as their own routes answer them, and the rest in one read. Reading it fetches, " +
        "after answering, the rates of the other currencies that are more than an hour old.",
      answer: answers.data(dashboardStatsSchema),
    }),
    async (c) => c.json({ data: await getDashboardStats({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/monthly-income`,
    describeRoute({
      tag,
      summary: "This month's income beside last month's",
      answer: answers.data(monthlyIncomeSchema),
    }),
    async (c) => c.json({ data: await getMonthlyIncome({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/monthly-expenses`,
    describeRoute({
      tag,
      summary: "This month's expenses beside last month's",
      answer: answers.data(monthlyExpensesSchema),
    }),
    async (c) => c.json({ data: await getMonthlyExpenses({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/credit-card-spending`,
    describeRoute({
      tag,
      summary: "This month's credit card spending beside last month's",
      answer: answers.data(creditCardSpendingSchema),
    }),
    async (c) => c.json({ data: await getCreditCardSpending({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/virtual-balance`,
    describeRoute({
      tag,
      summary: "The balance projected to a day",
      description:
        "`end_date` (today or later; 422 otherwise) or `horizon`: `end_of_week` (the coming Sunday), `end_of_month` " +
        "(the default) or `next_15_days`; `end_date` wins. What is held or still to come in another currency counts " +
        "at the latest kept rate.",
      answer: answers.data(virtualBalanceSchema),
    }),
    validate("query", virtualBalanceQuerySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("query") };
      return c.json({ data: await getVirtualBalance({ ctx: c.get("ctx"), input }) });
    },
  );
