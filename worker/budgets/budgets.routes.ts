import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { rangeQuerySchema } from "../analytics/analytics.schemas.ts";
import { budgetSchema, budgetUpdateSchema } from "./budgets.schemas.ts";
import { budgetAnalysis, createBudget, deleteBudget, getBudget, listBudgets, updateBudget } from "./budgets.service.ts";

const base = "/:workspaceId/budgets";

/** /workspaces/{workspaceId}/budgets…: monthly limits by tag, or on all spending; and their analytics report. */
export const budgetRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json(await listBudgets({ ctx: c.get("ctx"), input: c.req.param() })))
  .post(base, validate("json", budgetSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createBudget({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:budgetId`, async (c) => c.json({ data: await getBudget({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .put(`${base}/:budgetId`, validate("json", budgetUpdateSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateBudget({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:budgetId`, async (c) =>
    c.json({ data: await deleteBudget({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get("/:workspaceId/analytics/budget-analysis", validate("query", rangeQuerySchema), async (c) =>
    c.json({ data: await budgetAnalysis({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  );
