import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { goalListSchema, goalResponseSchema, goalsProgressSchema } from "./goals.responses.ts";
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
const tag = "Goals";

const goalFields =
  "`target_amount` in the workspace's currency (the goal keeps it); `target_date`, if any, after today; " +
  "`account_ids`: at most 20 accounts of this workspace whose balances count towards it.";

/**
 * /workspaces/{workspaceId}/goals…: targets with linked accounts and contributions by hand; and their analytics
 * report. Reads: any member; writes: owner, admin or member; every plan.
 */
export const goalRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every goal, with its progress",
      description: "Oldest first.",
      answer: answers.json(goalListSchema),
    }),
    async (c) => c.json(await listGoals({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a goal",
      description: goalFields,
      answer: answers.created(goalResponseSchema),
    }),
    validate("json", goalSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createGoal({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:goalId`,
    describeRoute({ tag, summary: "A goal", answer: answers.data(goalResponseSchema) }),
    async (c) => c.json({ data: await getGoal({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:goalId`,
    describeRoute({
      tag,
      summary: "Rewrite a goal",
      description:
        `Every field is replaced, the linked accounts too. ${goalFields} \`GOAL_CHANGED\` when someone else changed ` +
        "it meanwhile (reload and retry).",
      answer: answers.data(goalResponseSchema),
      errors: ["GOAL_CHANGED"],
    }),
    validate("json", goalSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateGoal({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:goalId`,
    describeRoute({
      tag,
      summary: "Delete a goal",
      description: "Its links and contributions go with it; no money moves.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteGoal({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:goalId/contributions`,
    describeRoute({
      tag,
      summary: "Add money to a goal by hand",
      description:
        "`amount` in the goal's currency, not zero (negative takes money out); `date` defaults to today. " +
        "Answers the goal.",
      answer: answers.created(goalResponseSchema),
    }),
    validate("json", contributionSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await addContribution({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .delete(
    `${base}/:goalId/contributions/:contributionId`,
    describeRoute({ tag, summary: "Delete a contribution", answer: answers.data(messageSchema) }),
    async (c) => c.json({ data: await deleteContribution({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/analytics/goals-progress",
    describeRoute({
      tag: "Analytics",
      summary: "Every goal's progress",
      description: "Advanced analytics. The goals as `GET …/goals` answers them, as of today.",
      answer: answers.data(goalsProgressSchema),
      errors: ["PLAN_UPGRADE_REQUIRED"],
    }),
    async (c) => c.json({ data: await goalsProgress({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
