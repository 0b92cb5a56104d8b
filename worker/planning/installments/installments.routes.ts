import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import type { ErrorCode } from "../../http/errors.ts";
import { answers, describeRoute, messageSchema } from "../../http/openapi.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { idempotencyKeyOf, sendAnswer } from "../../idempotency/idempotency.http.ts";
import { workspaceWriteRequest } from "../../idempotency/idempotent-write.ts";
import {
  executeAllInstallments,
  installmentStatistics,
  overdueInstallments,
  upcomingInstallments,
} from "./installment-overview.service.ts";
import {
  executeAllInstallmentsSchema,
  installmentPlanDetailSchema,
  installmentPlanListSchema,
  installmentStatisticsSchema,
  overdueInstallmentsSchema,
  upcomingInstallmentsSchema,
} from "./installments.responses.ts";
import {
  installmentPlanEditSchema,
  installmentPlanPayloadSchema,
  installmentPlanSchema,
  normaliseInstallmentPlanBody,
  recordInstallmentPaymentSchema,
  upcomingDaysSchema,
} from "./installments.schemas.ts";
import {
  cancelInstallmentPlan,
  createInstallmentPlan,
  deleteInstallmentPlan,
  executeInstallmentPayment,
  getInstallmentPlan,
  listInstallmentPlans,
  pauseInstallmentPlan,
  recordInstallmentPayment,
  resumeInstallmentPlan,
  updateInstallmentPlan,
} from "./installments.service.ts";

const base = "/:workspaceId/installment-plans";
const createSchema = z.preprocess(normaliseInstallmentPlanBody, installmentPlanSchema);
const tag = "Installment plans";

/** What an action on a plan paid from an account can meet (pause, resume, paying an installment). */
const accountPlanRefusals: ErrorCode[] = [
  "INSTALLMENT_PLAN_ON_CARD",
  "INSTALLMENT_PLAN_CANCELLED",
  "PLANNED_ITEM_CHANGED",
];

/**
 * /workspaces/{workspaceId}/installment-plans… (docs/api.md#installment-plans); the calculator is in
 * calculators.routes.ts.
 */
export const installmentRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every installment plan, with its progress",
      description: "Latest purchase first; a plan's installments are on its own answer.",
      answer: answers.json(installmentPlanListSchema),
    }),
    async (c) => c.json(await listInstallmentPlans({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Record a purchase paid in installments",
      description:
        "From a credit card (a card acting as debit is refused at `origin`) or an account; the plan's currency is " +
        "theirs. On a card every installment not already paid is posted now, in the plan's own batch, each in its " +
        "statement: the plan is refused whole (`INSUFFICIENT_CREDIT`) when the remainder does not fit the limit, and " +
        "its first payment date and day of month are the card's. On an account `first_payment_date` is required " +
        "and `day_of_month` defaults to its day; each installment is posted on its date. `installments_paid`: how " +
        "many were paid before the plan is recorded here (shown paid, never posted). Answers the plan with its schedule.",
      answer: answers.created(installmentPlanDetailSchema),
      body: installmentPlanPayloadSchema,
      isIdempotent: true,
      errors: ["INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE"],
    }),
    async (c) => {
      const { idempotencyKey } = idempotencyKeyOf(c);
      const body = await parseJsonBody(c.req.raw, createSchema);
      const { workspaceId } = c.req.param();
      const request = workspaceWriteRequest(idempotencyKey, workspaceId, "installment-plans", body);
      return sendAnswer(
        c,
        await createInstallmentPlan({ ctx: c.get("ctx"), input: { workspaceId, ...body } }, request),
      );
    },
  )
  .get(
    "/:workspaceId/installment-plans-upcoming",
    describeRoute({
      tag,
      summary: "Installments falling due soon",
      description:
        "Across plans, the installments still owed dated from today to `days` ahead, and the overdue ones, by date.",
      answer: answers.json(upcomingInstallmentsSchema),
    }),
    validate("query", upcomingDaysSchema),
    async (c) =>
      c.json(await upcomingInstallments({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } })),
  )
  .get(
    "/:workspaceId/installment-plans-overdue",
    describeRoute({
      tag,
      summary: "Overdue installments",
      description: "Installments whose date passed without being posted (a paused or failing plan), by date.",
      answer: answers.json(overdueInstallmentsSchema),
    }),
    async (c) => c.json(await overdueInstallments({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .get(
    "/:workspaceId/installment-plans-statistics",
    describeRoute({
      tag,
      summary: "What the running plans take and still ask for",
      description: "Per currency (never converted) and per card or account.",
      answer: answers.data(installmentStatisticsSchema),
    }),
    async (c) => c.json({ data: await installmentStatistics({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    "/:workspaceId/installment-plans-execute-all",
    describeRoute({
      tag,
      summary: "Post every installment due on the account plans",
      description:
        "Every installment due by today on the active plans paid from an account, posted now — one batch per plan, " +
        "so one that cannot be posted (an archived account) is reported in `failed` and the others go on.",
      answer: answers.data(executeAllInstallmentsSchema),
    }),
    async (c) => c.json({ data: await executeAllInstallments({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/:planId`,
    describeRoute({
      tag,
      summary: "An installment plan with its schedule",
      description: "On a card, each installment's statement too.",
      answer: answers.data(installmentPlanDetailSchema),
    }),
    async (c) => c.json({ data: await getInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:planId`,
    describeRoute({
      tag,
      summary: "Change a plan's words and tags",
      description:
        "The amounts, dates and payment source are fixed (cancel it and record a new plan to change them); " +
        "installments already posted keep their descriptions.",
      answer: answers.data(installmentPlanDetailSchema),
      body: installmentPlanEditSchema,
      errors: ["INSTALLMENT_PLAN_CANCELLED", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, installmentPlanEditSchema)) };
      return c.json({ data: await updateInstallmentPlan({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:planId`,
    describeRoute({
      tag,
      summary: "Delete an installment plan",
      description:
        "As a cancel would leave it (a card's installments of later statements dropped); the transactions already " +
        "posted stay, still showing the plan's name.",
      answer: answers.data(messageSchema),
      errors: ["PLANNED_ITEM_CHANGED"],
    }),
    async (c) => c.json({ data: await deleteInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:planId/cancel`,
    describeRoute({
      tag,
      summary: "Cancel an installment plan",
      description:
        "Irreversible: nothing more is posted. On a card the installments dated after today are deleted, freeing the " +
        "limit they held; those already on a statement stay, as the bank charged them. On an account what was " +
        "posted stays.",
      answer: answers.data(installmentPlanDetailSchema),
      errors: ["INSTALLMENT_PLAN_CANCELLED", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => c.json({ data: await cancelInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:planId/pause`,
    describeRoute({
      tag,
      summary: "Pause a plan paid from an account",
      description: "Nothing is posted while it is paused; installments whose date passes show as `overdue`.",
      answer: answers.data(installmentPlanDetailSchema),
      errors: [...accountPlanRefusals, "INSTALLMENT_PLAN_NOT_ACTIVE"],
    }),
    async (c) => c.json({ data: await pauseInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:planId/resume`,
    describeRoute({
      tag,
      summary: "Resume a paused plan",
      description: "Posting goes on; the executor posts what fell due meanwhile, each dated its own date.",
      answer: answers.data(installmentPlanDetailSchema),
      errors: [...accountPlanRefusals, "INSTALLMENT_PLAN_NOT_PAUSED"],
    }),
    async (c) => c.json({ data: await resumeInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:planId/execute-payment`,
    describeRoute({
      tag,
      summary: "Pay the next installment now",
      description:
        "An active plan paid from an account: the next installment is posted with its claim (the executor never " +
        "posts it again), dated its own date once that has come, today when paid ahead. `INSTALLMENT_PLAN_NOT_ACTIVE` " +
        "also when nothing is left; refused as a transaction is when the account was archived.",
      answer: answers.data(installmentPlanDetailSchema),
      errors: [...accountPlanRefusals, "INSTALLMENT_PLAN_NOT_ACTIVE", "VALIDATION_FAILED", "BALANCE_OUT_OF_RANGE"],
    }),
    async (c) => c.json({ data: await executeInstallmentPayment({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:planId/record-payment`,
    describeRoute({
      tag,
      summary: "Link a recorded expense as the next installment",
      description:
        "An expense already recorded from the plan's account becomes the next installment's payment — claimed and " +
        "linked in one batch, nothing posted, so the money never moves twice. Refused at `transaction_id` when it is " +
        "not an expense of this workspace from that account or already pays a planned item, at `amount` when the " +
        "transaction's amount (or the one sent) is not the installment's.",
      answer: answers.data(installmentPlanDetailSchema),
      body: recordInstallmentPaymentSchema,
      errors: [...accountPlanRefusals, "INSTALLMENT_PLAN_NOT_ACTIVE"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, recordInstallmentPaymentSchema)) };
      return c.json({ data: await recordInstallmentPayment({ ctx: c.get("ctx"), input }) });
    },
  );
