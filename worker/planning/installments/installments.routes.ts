import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
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
  installmentPlanEditSchema,
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

/**
 * /workspaces/{workspaceId}/installment-plans… (docs/api.md#installment-plans); the calculator is in
 * calculators.routes.ts.
 */
export const installmentRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json(await listInstallmentPlans({ ctx: c.get("ctx"), input: c.req.param() })))
  .post(base, async (c) => {
    const { idempotencyKey } = idempotencyKeyOf(c);
    const body = await parseJsonBody(c.req.raw, createSchema);
    const { workspaceId } = c.req.param();
    const request = workspaceWriteRequest(idempotencyKey, workspaceId, "installment-plans", body);
    return sendAnswer(c, await createInstallmentPlan({ ctx: c.get("ctx"), input: { workspaceId, ...body } }, request));
  })
  .get("/:workspaceId/installment-plans-upcoming", validate("query", upcomingDaysSchema), async (c) =>
    c.json(await upcomingInstallments({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } })),
  )
  .get("/:workspaceId/installment-plans-overdue", async (c) =>
    c.json(await overdueInstallments({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .get("/:workspaceId/installment-plans-statistics", async (c) =>
    c.json({ data: await installmentStatistics({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post("/:workspaceId/installment-plans-execute-all", async (c) =>
    c.json({ data: await executeAllInstallments({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(`${base}/:planId`, async (c) =>
    c.json({ data: await getInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(`${base}/:planId`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, installmentPlanEditSchema)) };
    return c.json({ data: await updateInstallmentPlan({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:planId`, async (c) =>
    c.json({ data: await deleteInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:planId/cancel`, async (c) =>
    c.json({ data: await cancelInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:planId/pause`, async (c) =>
    c.json({ data: await pauseInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:planId/resume`, async (c) =>
    c.json({ data: await resumeInstallmentPlan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:planId/execute-payment`, async (c) =>
    c.json({ data: await executeInstallmentPayment({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:planId/record-payment`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, recordInstallmentPaymentSchema)) };
    return c.json({ data: await recordInstallmentPayment({ ctx: c.get("ctx"), input }) });
  });
