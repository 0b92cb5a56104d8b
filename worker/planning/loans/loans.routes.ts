import { Hono } from "hono";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import type { ErrorCode } from "../../http/errors.ts";
import { answers, describeRoute, messageSchema } from "../../http/openapi.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { idempotencyKeyOf, sendAnswer } from "../../idempotency/idempotency.http.ts";
import { workspaceWriteRequest } from "../../idempotency/idempotent-write.ts";
import { upcomingDaysSchema } from "../installments/installments.schemas.ts";
import {
  loanDetailSchema,
  loanListSchema,
  loanStatisticsSchema,
  payoffResponseSchema,
  upcomingLoanPaymentsSchema,
} from "./loans.responses.ts";
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
const tag = "Loans";

/** What a payment can meet besides its fields: a loan no longer active, one changed meanwhile, a balance past the bound. */
const paymentRefusals: ErrorCode[] = ["LOAN_NOT_ACTIVE", "PLANNED_ITEM_CHANGED", "BALANCE_OUT_OF_RANGE"];

/** /workspaces/{workspaceId}/loans… (docs/api.md#loans); the calculators are in calculators.routes.ts. */
export const loanRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every loan, with its progress",
      description:
        "Active, paid off, defaulted and refinanced, latest start first; a loan's schedule and payments are on its own answer.",
      answer: answers.json(loanListSchema),
    }),
    async (c) => c.json(await listLoans({ ctx: c.get("ctx"), input: c.req.param() })),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Record a loan",
      description:
        "`payment_account_id` is an active account of this workspace, and the loan's currency is its own; " +
        "`first_payment_date` is after `start_date` (default one period after it). The money borrowed is not posted: " +
        "record it as income where it arrived. Refused at `principal_amount` when a payment, its fee included, would " +
        "be more than one transaction may hold. Answers the loan with its schedule.",
      answer: answers.created(loanDetailSchema),
      body: loanSchema,
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanSchema)) };
      return c.json({ data: await createLoan({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    "/:workspaceId/loans-statistics",
    describeRoute({
      tag,
      summary: "What the active loans owe and take a month",
      description: "Per currency, never converted.",
      answer: answers.data(loanStatisticsSchema),
    }),
    async (c) => c.json({ data: await loanStatistics({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/loans-upcoming",
    describeRoute({
      tag,
      summary: "Loan payments falling due soon",
      description: "The active loans' payments dated up to `days` ahead, and any whose date passed unpaid, by date.",
      answer: answers.json(upcomingLoanPaymentsSchema),
    }),
    validate("query", upcomingDaysSchema),
    async (c) =>
      c.json(await upcomingLoanPayments({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } })),
  )
  .get(
    `${base}/:loanId`,
    describeRoute({
      tag,
      summary: "A loan with its schedule and payments",
      description: "The payments ahead, those recorded, and what paying it off today takes.",
      answer: answers.data(loanDetailSchema),
    }),
    async (c) => c.json({ data: await getLoan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:loanId`,
    describeRoute({
      tag,
      summary: "Change a loan's words and terms ahead",
      description:
        "Its words, rate type, what extra payments do and the fee of the payments ahead; the money stays. `status` " +
        "`defaulted` marks an active loan whose payments stopped (none is projected; it still counts as owed), " +
        "`active` undoes it; a loan paid off or refinanced keeps its status (`LOAN_NOT_ACTIVE`).",
      answer: answers.data(loanDetailSchema),
      body: loanEditSchema,
      errors: ["LOAN_NOT_ACTIVE", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, loanEditSchema)) };
      return c.json({ data: await updateLoan({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:loanId`,
    describeRoute({
      tag,
      summary: "Delete a loan",
      description: "The loan and its payments' records go; the expenses they posted stay.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteLoan({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:loanId/record-payment`,
    describeRoute({
      tag,
      summary: "Record a loan payment",
      description:
        "In one batch: the payment's record, the expense from the payment account dated `date` (default today), and " +
        "the loan's new state — refused whole when the loan changed meanwhile. `kind: extra` pays principal ahead (no " +
        "fee, no period gone). Paying everything owed closes it (`paid_off`). Refused at `amount` below the interest " +
        "and fees due, above the payoff, or short of the schedule so that a payment ahead would be more than one " +
        "transaction may hold; at `date` before the last payment. Answers the loan.",
      answer: answers.created(loanDetailSchema),
      body: loanPaymentSchema,
      isIdempotent: true,
      errors: paymentRefusals,
    }),
    async (c) => {
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
    },
  )
  .get(
    `${base}/:loanId/payoff`,
    describeRoute({
      tag,
      summary: "What paying a loan off would take",
      description: "On `date` (default today): the balance, the interest accrued by then and the period's fee.",
      answer: answers.data(payoffResponseSchema),
      errors: ["LOAN_NOT_ACTIVE"],
    }),
    validate("query", payoffSchema),
    async (c) =>
      c.json({ data: await loanPayoff({ ctx: c.get("ctx"), input: { ...c.req.param(), ...c.req.valid("query") } }) }),
  )
  .post(
    `${base}/:loanId/pay-off`,
    describeRoute({
      tag,
      summary: "Pay a loan off",
      description:
        "The payoff amount on `date` (default today), paid and posted as a payment is; the loan is `paid_off`. " +
        "Answers the loan.",
      answer: answers.created(loanDetailSchema),
      body: payoffSchema,
      isIdempotent: true,
      errors: paymentRefusals,
    }),
    async (c) => {
      const { idempotencyKey } = idempotencyKeyOf(c);
      const body = await parseJsonBody(c.req.raw, payoffSchema);
      const params = c.req.param();
      const request = workspaceWriteRequest(idempotencyKey, params.workspaceId, `loans/${params.loanId}/pay-off`, body);
      return sendAnswer(c, await payOffLoan({ ctx: c.get("ctx"), input: { ...params, ...body } }, request));
    },
  )
  .post(
    `${base}/:loanId/refinance`,
    describeRoute({
      tag,
      summary: "Refinance a loan",
      description:
        "New terms for what is owed today (the balance and the interest accrued): a new loan starting today, linked " +
        "by `refinanced_from_id`; the old one becomes `refinanced`, its history kept. No money moves. Refused at " +
        "`term_months` when a new payment would be more than one transaction may hold. Answers the new loan.",
      answer: answers.created(loanDetailSchema),
      body: refinanceSchema,
      errors: ["LOAN_NOT_ACTIVE", "PLANNED_ITEM_CHANGED"],
    }),
    async (c) => {
      const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, refinanceSchema)) };
      return c.json({ data: await refinanceLoan({ ctx: c.get("ctx"), input }) }, 201);
    },
  );
