import { Hono } from "hono";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { parseJsonBody } from "../../http/validation.ts";
import { installmentCalculationSchema, loanAmortizationSchema, loanCalculationSchema } from "./calculators.schemas.ts";
import { calculateInstallments, calculateLoan, loanAmortization } from "./calculators.service.ts";

/** The calculators (docs/api.md#calculators): any member, nothing saved. */
export const calculatorRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post("/:workspaceId/installment-plans/calculate", async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, installmentCalculationSchema)) };
    return c.json({ data: await calculateInstallments({ ctx: c.get("ctx"), input }) });
  })
  .post("/:workspaceId/loans/calculate", async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanCalculationSchema)) };
    return c.json({ data: await calculateLoan({ ctx: c.get("ctx"), input }) });
  })
  .post("/:workspaceId/loans/amortization", async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanAmortizationSchema)) };
    return c.json({ data: await loanAmortization({ ctx: c.get("ctx"), input }) });
  });
