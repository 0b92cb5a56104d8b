import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import type { ErrorCode } from "../../http/errors.ts";
import { answers, describeRoute, messageSchema } from "../../http/openapi.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { postingRefusals } from "../planned.responses.ts";
import { normaliseTemplateBody } from "../planned.schemas.ts";
import {
  dueOccurrenceSchema,
  recurringExecutionSchema,
  recurringListSchema,
  recurringResponseSchema,
} from "./recurring.responses.ts";
import { recurringFiltersSchema, recurringPayloadSchema, recurringSchema } from "./recurring.schemas.ts";
import {
  createRecurringTransaction,
  deleteRecurringTransaction,
  executeRecurringTransaction,
  getRecurringTransaction,
  listDueRecurringOccurrences,
  listRecurringTransactions,
  pauseRecurringTransaction,
  resumeRecurringTransaction,
  updateRecurringTransaction,
} from "./recurring.service.ts";

const base = "/:workspaceId/recurring-transactions";
const bodySchema = z.preprocess(normaliseTemplateBody, recurringSchema);
const tag = "Recurring transactions";

/** Every write needs beta access (docs/api.md#recurring-transactions), after a 404 for a rule that does not exist. */
const betaWrite: ErrorCode[] = ["BETA_REQUIRED"];

const ruleFields =
  "The fields of a scheduled transaction without its date, with `name` and the rule; `day_of_month` (and `month`) " +
  "default to the start date's. Refused at the field: a weekly rule without days (\"Choose at least one day of the " +
  'week"), a weekend rule on a daily or weekly one, an end before the start, a rule that gives no date before its ' +
  "end, a count it cannot reach before 2199-12-31.";

/** /workspaces/{workspaceId}/recurring-transactions… (docs/api.md#recurring-transactions; beta). */
export const recurringRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "The workspace's recurring transactions",
      description:
        "A page: active rules first, then paused, then inactive, each soonest due first. Any member may read them; " +
        "`meta.has_beta_access` says whether writes are allowed.",
      answer: answers.json(recurringListSchema),
    }),
    validate("query", recurringFiltersSchema),
    async (c) =>
      c.json(
        await listRecurringTransactions({
          ctx: c.get("ctx"),
          input: { ...c.req.param(), filters: c.req.valid("query") },
        }),
      ),
  )
  .get(
    "/:workspaceId/recurring-transactions-due",
    describeRoute({
      tag,
      summary: "Occurrences due and not posted yet",
      description:
        "Each active rule's occurrences whose posting day has come (the executor posts them on its next tick), the " +
        "rules soonest due first.",
      answer: answers.data(z.array(dueOccurrenceSchema)),
    }),
    async (c) => c.json({ data: await listDueRecurringOccurrences({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a recurring transaction",
      description: `${ruleFields} \`start_date\` is today or later. It is active from then.`,
      answer: answers.created(recurringResponseSchema),
      body: recurringPayloadSchema,
      errors: betaWrite,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
      return c.json({ data: await createRecurringTransaction({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:recurringId`,
    describeRoute({ tag, summary: "A recurring transaction", answer: answers.data(recurringResponseSchema) }),
    async (c) => c.json({ data: await getRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:recurringId`,
    describeRoute({
      tag,
      summary: "Rewrite a recurring transaction",
      description:
        `${ruleFields} Only occurrences still to come change: what was posted stays, and the next date is worked ` +
        "out again from today (and after the last occurrence posted). A paused rule stays paused; an ended one whose " +
        "end date or count was raised is active again. `PLANNED_ITEM_CHANGED` when it changed meanwhile.",
      answer: answers.data(recurringResponseSchema),
      body: recurringPayloadSchema,
      errors: [...betaWrite, "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
      return c.json({ data: await updateRecurringTransaction({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:recurringId`,
    describeRoute({
      tag,
      summary: "Delete a recurring transaction",
      description: "The transactions it posted stay, still showing where they came from.",
      answer: answers.data(messageSchema),
      errors: betaWrite,
    }),
    async (c) => c.json({ data: await deleteRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:recurringId/execute`,
    describeRoute({
      tag,
      summary: "Post the next occurrence now",
      description:
        "Posted in one batch with the occurrence's claim, and the rule advanced: dated its posting day once that has " +
        "come, today when run ahead. Refused as a transaction is when a leg was archived or deleted since, or the " +
        "card has no credit left.",
      answer: answers.data(recurringExecutionSchema),
      errors: [...betaWrite, "RECURRING_NOT_ACTIVE", "PLANNED_ITEM_CHANGED", ...postingRefusals],
    }),
    async (c) => c.json({ data: await executeRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:recurringId/pause`,
    describeRoute({
      tag,
      summary: "Pause a recurring transaction",
      description: "Occurrences while it is paused are skipped, not queued.",
      answer: answers.data(recurringResponseSchema),
      errors: [...betaWrite, "RECURRING_NOT_ACTIVE", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => c.json({ data: await pauseRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:recurringId/resume`,
    describeRoute({
      tag,
      summary: "Resume a paused recurring transaction",
      description: "From its first occurrence on or after today; `inactive` when none is left.",
      answer: answers.data(recurringResponseSchema),
      errors: [...betaWrite, "RECURRING_NOT_PAUSED", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => c.json({ data: await resumeRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
