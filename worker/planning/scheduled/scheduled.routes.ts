import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../../http/openapi.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { postingRefusals } from "../planned.responses.ts";
import { normaliseTemplateBody } from "../planned.schemas.ts";
import { scheduledListSchema, scheduledResponseSchema } from "./scheduled.responses.ts";
import { scheduledFiltersSchema, scheduledPayloadSchema, scheduledSchema } from "./scheduled.schemas.ts";
import {
  cancelScheduledTransaction,
  createScheduledTransaction,
  deleteScheduledTransaction,
  executeScheduledTransaction,
  getScheduledTransaction,
  listScheduledTransactions,
  updateScheduledTransaction,
} from "./scheduled.service.ts";

const base = "/:workspaceId/scheduled-transactions";
const bodySchema = z.preprocess(normaliseTemplateBody, scheduledSchema);
const tag = "Scheduled transactions";

const itemFields =
  "The fields of a transaction in its `origin_id` form, checked by the same rules (a card purchase is an expense " +
  "from a card, a card payment `pay_credit_card`), with `scheduled_date` and `notes`.";

/** /workspaces/{workspaceId}/scheduled-transactions… (docs/api.md#scheduled-transactions). */
export const scheduledRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "The workspace's scheduled transactions",
      description: "A page, soonest date first; `from` and `to` narrow it by `scheduled_date`, both days included.",
      answer: answers.json(scheduledListSchema),
    }),
    validate("query", scheduledFiltersSchema),
    async (c) =>
      c.json(
        await listScheduledTransactions({
          ctx: c.get("ctx"),
          input: { ...c.req.param(), filters: c.req.valid("query") },
        }),
      ),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Schedule a transaction",
      description:
        `${itemFields} \`scheduled_date\` is today or later in the workspace's time zone ` +
        '(422 "Choose today or a later date"). It is posted on that date, dated that day.',
      answer: answers.created(scheduledResponseSchema),
      body: scheduledPayloadSchema,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
      return c.json({ data: await createScheduledTransaction({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:scheduledId`,
    describeRoute({ tag, summary: "A scheduled transaction", answer: answers.data(scheduledResponseSchema) }),
    async (c) => c.json({ data: await getScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:scheduledId`,
    describeRoute({
      tag,
      summary: "Rewrite a pending scheduled transaction",
      description:
        `${itemFields} Every field is replaced; a date left unchanged may already be past. A failure it had is ` +
        "cleared: it is tried afresh. `SCHEDULED_NOT_PENDING` once it was executed or cancelled; " +
        "`PLANNED_ITEM_CHANGED` when it changed or was posted meanwhile (reload and retry).",
      answer: answers.data(scheduledResponseSchema),
      body: scheduledPayloadSchema,
      errors: ["SCHEDULED_NOT_PENDING", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
      return c.json({ data: await updateScheduledTransaction({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:scheduledId`,
    describeRoute({
      tag,
      summary: "Delete a scheduled transaction",
      description: "In any status; a transaction it posted stays, still showing where it came from.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:scheduledId/execute`,
    describeRoute({
      tag,
      summary: "Post a scheduled transaction now",
      description:
        "Posted in one batch with its claim, so the executor cannot post it too: dated its scheduled date once that " +
        "has come, today when run ahead. Answers it `executed`, with its `transaction_id`; sent again, " +
        "`SCHEDULED_NOT_PENDING` — it is never posted twice. Refused as a transaction is when a leg was archived or " +
        "deleted since, or the card has no credit left.",
      answer: answers.data(scheduledResponseSchema),
      errors: ["SCHEDULED_NOT_PENDING", "PLANNED_ITEM_CHANGED", ...postingRefusals],
    }),
    async (c) => c.json({ data: await executeScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:scheduledId/cancel`,
    describeRoute({
      tag,
      summary: "Cancel a scheduled transaction",
      description: "It is never posted; the item stays, `cancelled`.",
      answer: answers.data(scheduledResponseSchema),
      errors: ["SCHEDULED_NOT_PENDING", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => c.json({ data: await cancelScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
