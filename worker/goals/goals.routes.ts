import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { contributionSchema, goalSchema } from "./goals.schemas.ts";
import {
  addContribution,
  createGoal,
  deleteContribution,
  deleteGoal,
  getGoal,
  goalsProgress,
  listGoals,
  updateGoal,
} from "./goals.service.ts";

const base = "/:workspaceId/goals";

/** /workspaces/{workspaceId}/goals…: targets with linked accounts and contributions by hand; and their analytics report. */
export const goalRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json(await listGoals({ ctx: c.get("ctx"), input: c.req.param() })))
  .post(base, validate("json", goalSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createGoal({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:goalId`, async (c) => c.json({ data: await getGoal({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .put(`${base}/:goalId`, validate("json", goalSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateGoal({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:goalId`, async (c) =>
    c.json({ data: await deleteGoal({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:goalId/contributions`, validate("json", contributionSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await addContribution({ ctx: c.get("ctx"), input }) }, 201);
  })
  .delete(`${base}/:goalId/contributions/:contributionId`, async (c) =>
    c.json({ data: await deleteContribution({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get("/:workspaceId/analytics/goals-progress", async (c) =>
    c.json({ data: await goalsProgress({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
