import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { rangeQuerySchema } from "../analytics/analytics.schemas.ts";
import { budgetAnalysisSchema, budgetListSchema, budgetResponseSchema } from "./budgets.responses.ts";
import { budgetSchema, budgetUpdateSchema } from "./budgets.schemas.ts";
import { budgetAnalysis, createBudget, deleteBudget, getBudget, listBudgets, updateBudget } from "./budgets.service.ts";

const base = "/:workspaceId/budgets";
const tag = "Budgets";

const budgetFields =
  "`amount` is a month's limit in the workspace's currency; with `rollover`, what a month leaves unspent is added " +
  "to the next (an overspent month carries nothing); `start_month` (YYYY-MM) defaults to this month.";

/**
 * /workspaces/{workspaceId}/budgets…: monthly limits by tag, or on all spending; and their analytics report.
 * Reads: any member; writes: owner, admin or member; every plan.
 */
export const budgetRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every budget, with this month's figures",
      description: "The one on all spending first, then by tag name.",
      answer: answers.json(budgetListSchema),
    }),
    async (c) => c.json(await listBudgets({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a budget",
      description:
        `A tag's (\`tag_id\`) or, without one, on all spending. ${budgetFields} ` +
        "`BUDGET_EXISTS` at `tag_id` when the tag (or all spending) has one already.",
      answer: answers.created(budgetResponseSchema),
      errors: ["BUDGET_EXISTS"],
    }),
    validate("json", budgetSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createBudget({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:budgetId`,
    describeRoute({ tag, summary: "A budget", answer: answers.data(budgetResponseSchema) }),
    async (c) => c.json({ data: await getBudget({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:budgetId`,
    describeRoute({
      tag,
      summary: "Change a budget",
      description:
        `${budgetFields} The tag stays: delete the budget and create another. \`BUDGET_CHANGED\` when someone else ` +
        "changed it meanwhile (reload and retry).",
      answer: answers.data(budgetResponseSchema),
      errors: ["BUDGET_CHANGED"],
    }),
    validate("json", budgetUpdateSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateBudget({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:budgetId`,
    describeRoute({
      tag,
      summary: "Delete a budget",
      description: "No money moves. Deleting a tag deletes its budget too.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteBudget({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/analytics/budget-analysis",
    describeRoute({
      tag: "Analytics",
      summary: "Each budget over the months of a range",
      description:
        "Advanced analytics. The calendar months the range touches, from each budget's first: the period's " +
        "`budgeted` (the months' amounts), `carried` into its first month, `available`, `spent`, `remaining` " +
        "(negative when over), `percent_used` and `status`, and each month's.",
      answer: answers.data(budgetAnalysisSchema),
      errors: ["PLAN_UPGRADE_REQUIRED"],
    }),
    validate("query", rangeQuerySchema),
    async (c) =>
      c.json({
        data: await budgetAnalysis({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }),
      }),
  );
