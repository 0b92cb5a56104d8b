import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { AppError } from "../http/errors.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { jobRunSchema } from "../jobs/job-run.responses.ts";
import { runDueItems } from "../jobs/runner.ts";
import { operatorJobs } from "./cron-executors.ts";

/** Equal strings, compared in time that does not depend on where they first differ. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** The operator's bearer secret, checked before anything runs: 404 without one configured, 401 for another. */
async function checkOperator(c: Context<ApiEnv>) {
  const expected = c.env.OPERATOR_TOKEN;
  if (!expected) throw new AppError("NOT_FOUND");
  const given = c.req.header("Authorization")?.replace(/^Bearer\s+/i, "") ?? "";
  if (!(await sameSecret(given, expected))) throw new AppError("UNAUTHENTICATED");
}

const operatorDescription =
  "For an operator: `Authorization: Bearer <OPERATOR_TOKEN>`, a secret of the Worker's environment — never a " +
  "user's session. Without the secret configured the route answers 404; with another token, 401.";

/**
 * An operator's manual runs of the cron's parts, with the OPERATOR_TOKEN secret as a bearer token — never a
 * user's session. Without the secret configured the routes do not exist (404). A run is recorded like a
 * cron run, its trigger "manual".
 */
export const operatorRoutes = new Hono<ApiEnv>()
  .post(
    "/jobs/due-items/run",
    describeRoute({
      tag: "Operator",
      summary: "Run the due-items job now",
      description: `${operatorDescription} The run posts what is due as the cron's does, and is recorded like one, its trigger \`manual\`.`,
      answer: answers.data(jobRunSchema),
      errors: ["NOT_FOUND", "UNAUTHENTICATED"],
    }),
    async (c) => {
      await checkOperator(c);
      const outcome: z.infer<typeof jobRunSchema> = await runDueItems(
        c.get("services"),
        "manual",
        operatorJobs["due-items"],
      );
      return c.json({ data: outcome });
    },
  )
  .post(
    "/jobs/reminders/run",
    describeRoute({
      tag: "Operator",
      summary: "Decide and send the reminders now",
      description: `${operatorDescription} As the cron's tick does: the day of each workspace not decided yet is decided, and what has come due is sent; nothing is sent twice. Recorded as the job \`reminders\`, its trigger \`manual\`.`,
      answer: answers.data(jobRunSchema),
      errors: ["NOT_FOUND", "UNAUTHENTICATED"],
    }),
    async (c) => {
      await checkOperator(c);
      const outcome = await runDueItems(c.get("services"), "manual", operatorJobs.reminders, "reminders");
      return c.json({ data: outcome });
    },
  );
