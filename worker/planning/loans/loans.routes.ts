import { Hono } from "hono";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { idempotencyKeyOf, sendAnswer } from "../../idempotency/idempotency.http.ts";
import { workspaceWriteRequest } from "../../idempotency/idempotent-write.ts";
import { upcomingDaysSchema } from "../installments/installments.schemas.ts";
import { loanEditSchema, loanPaymentSchema, loanSchema, payoffSchema, refinanceSchema } from "./loans.schemas.ts";
import {
  createLoan,
  deleteLoan,
  getLoan,
  listLoans,
  loanPayoff,
  loanStatistics,
  payOffLoan,
  recordLoanPayment,
  refinanceLoan,
  updateLoan,
  upcomingLoanPayments,
} from "./loans.service.ts";

const base = "/:workspaceId/loans";

/** /workspaces/{workspaceId}/loans… (docs/api.md#loans); the calculators are in calculators.routes.ts. */
export const loanRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json(await listLoans({ ctx: c.get("ctx"), input: c.req.param() })))
  .post(base, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanSchema)) };
    return c.json({ data: await createLoan({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get("/:workspaceId/loans-statistics", async (c) =>
    c.json({ data: await loanStatistics({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get("/:workspaceId/loans-upcoming", validate("query", upcomingDaysSchema), async (c) =>
    c.json(await upcomingLoanPayments({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } })),
  )
  .get(`${base}/:loanId`, async (c) => c.json({ data: await getLoan({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .put(`${base}/:loanId`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanEditSchema)) };
    return c.json({ data: await updateLoan({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:loanId`, async (c) =>
    c.json({ data: await deleteLoan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:loanId/record-payment`, async (c) => {
    const { idempotencyKey } = idempotencyKeyOf(c);
    const body = await parseJsonBody(c.req.raw, loanPaymentSchema);
    const params = c.req.param();
    const request = workspaceWriteRequest(
      idempotencyKey,
      params.workspaceId,
      `loans/${params.loanId}/record-payment`,
      body,
    );
    return sendAnswer(c, await recordLoanPayment({ ctx: c.get("ctx"), input: { ...params, ...body } }, request));
  })
  .get(`${base}/:loanId/payoff`, validate("query", payoffSchema), async (c) =>
    c.json({ data: await loanPayoff({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  )
  .post(`${base}/:loanId/pay-off`, async (c) => {
    const { idempotencyKey } = idempotencyKeyOf(c);
    const body = await parseJsonBody(c.req.raw, payoffSchema);
    const params = c.req.param();
    const request = workspaceWriteRequest(idempotencyKey, params.workspaceId, `loans/${params.loanId}/pay-off`, body);
    return sendAnswer(c, await payOffLoan({ ctx: c.get("ctx"), input: { ...params, ...body } }, request));
  })
  .post(`${base}/:loanId/refinance`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, refinanceSchema)) };
    return c.json({ data: await refinanceLoan({ ctx: c.get("ctx"), input }) }, 201);
  });
