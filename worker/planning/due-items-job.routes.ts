import { Hono } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { AppError } from "../http/errors.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { dueItemExecutors } from "./due-item-executors.ts";
import { dueItemsRunSchema } from "./due-items-job.responses.ts";
import { runDueItems } from "../jobs/runner.ts";

/** Equal strings, compared in time that does not depend on where they first differ. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/**
 * POST /api/admin/jobs/due-items/run: an operator's manual run of the due-items job, with the
 * OPERATOR_TOKEN secret as a bearer token — never a user's session. Without the secret configured
 * the route does not exist (404). The run is recorded like a cron run, its trigger "manual".
 */
export const dueItemsJobRoutes = new Hono<ApiEnv>().post(
  "/jobs/due-items/run",
  describeRoute({
    tag: "Operator",
    summary: "Run the due-items job now",
    description:
      "For an operator: `Authorization: Bearer <OPERATOR_TOKEN>`, a secret of the Worker's environment — never a " +
      "user's session. Without the secret configured the route answers 404; with another token, 401. The run posts " +
      "what is due as the cron's does, and is recorded like one, its trigger `manual`.",
    answer: answers.data(dueItemsRunSchema),
    errors: ["NOT_FOUND", "UNAUTHENTICATED"],
  }),
  async (c) => {
    const expected = c.env.OPERATOR_TOKEN;
    if (!expected) throw new AppError("NOT_FOUND");
    const given = c.req.header("Authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    if (!(await sameSecret(given, expected))) throw new AppError("UNAUTHENTICATED");
    const outcome: z.infer<typeof dueItemsRunSchema> = await runDueItems(c.get("services"), "manual", dueItemExecutors);
    return c.json({ data: outcome });
  },
);
