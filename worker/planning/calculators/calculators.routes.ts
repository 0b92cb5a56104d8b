import { Hono } from "hono";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { answers, describeRoute } from "../../http/openapi.ts";
import { parseJsonBody } from "../../http/validation.ts";
import {
  installmentCalculationResponseSchema,
  loanAmortizationResponseSchema,
  loanCalculationResponseSchema,
} from "./calculators.responses.ts";
import { installmentCalculationSchema, loanAmortizationSchema, loanCalculationSchema } from "./calculators.schemas.ts";
import { calculateInstallments, calculateLoan, loanAmortization } from "./calculators.service.ts";

const tag = "Calculators";

const loanTerms =
  "`interest_rate` is per `interest_rate_period`, a yearly rate made the period's nominally or effectively as " +
  "`rate_conversion` says; payments are monthly, every 14 days (26 a year) or every 7 (52 a year), as many as the " +
  "term in months × payments a year ÷ 12, rounded.";

/** The calculators (docs/api.md#calculators): any member, nothing saved. */
export const calculatorRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(
    "/:workspaceId/installment-plans/calculate",
    describeRoute({
      tag,
      summary: "What a purchase in installments would cost",
      description:
        "`principal` split in `months` installments at `interest_rate` percent a month (default 0, equal parts). " +
        "With `first_payment_date` each row is dated, monthly from it (a day 31 falls on a shorter month's last day).",
      answer: answers.data(installmentCalculationResponseSchema),
      body: installmentCalculationSchema,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, installmentCalculationSchema)) };
      return c.json({ data: await calculateInstallments({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    "/:workspaceId/loans/calculate",
    describeRoute({
      tag,
      summary: "What a loan's payments would be",
      description: loanTerms,
      answer: answers.data(loanCalculationResponseSchema),
      body: loanCalculationSchema,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanCalculationSchema)) };
      return c.json({ data: await calculateLoan({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    "/:workspaceId/loans/amortization",
    describeRoute({
      tag,
      summary: "A loan's whole schedule",
      description: `${loanTerms} Every payment is dated from \`start_date\`, the first payment's date.`,
      answer: answers.data(loanAmortizationResponseSchema),
      body: loanAmortizationSchema,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanAmortizationSchema)) };
      return c.json({ data: await loanAmortization({ ctx: c.get("ctx"), input }) });
    },
  );
