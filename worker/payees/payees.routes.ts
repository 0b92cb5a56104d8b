import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { payeeResponseSchema } from "./payees.responses.ts";
import { mergePayeeSchema, payeeSchema } from "./payees.schemas.ts";
import { createPayee, deletePayee, getPayee, listPayees, mergePayee, renamePayee } from "./payees.service.ts";

const base = "/:workspaceId/payees";

const tag = "Payees";

/** /workspaces/{workspaceId}/payees… (reads: any member; writes: owner, admin or member); a payee's transactions are listed by GET /transactions?payee_id=. */
export const payeeRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every payee of the workspace",
      description: "By name (letter case aside), each with how many transactions name it and what they moved.",
      answer: answers.data(z.array(payeeResponseSchema)),
    }),
    async (c) => c.json({ data: await listPayees({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a payee",
      description: "The name is unique in the workspace whatever the letter case (`PAYEE_NAME_TAKEN` at `name`).",
      answer: answers.created(payeeResponseSchema),
      errors: ["PAYEE_NAME_TAKEN"],
    }),
    validate("json", payeeSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createPayee({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:payeeId`,
    describeRoute({ tag, summary: "A payee", answer: answers.data(payeeResponseSchema) }),
    async (c) => c.json({ data: await getPayee({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:payeeId`,
    describeRoute({
      tag,
      summary: "Rename a payee",
      description:
        "The payee keeps the names it was known by and learns the new one: a bank's line that reads like either is " +
        "filed under it. A name another payee has is refused (`PAYEE_NAME_TAKEN` at `name`): merge them instead.",
      answer: answers.data(payeeResponseSchema),
      errors: ["PAYEE_NAME_TAKEN"],
    }),
    validate("json", payeeSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await renamePayee({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    `${base}/:payeeId/merge`,
    describeRoute({
      tag,
      summary: "Merge a payee into another",
      description:
        "The payee is deleted; its transactions and every name it was known by (its own too) become `into`'s, in one " +
        "write. 422 at `into` for the payee itself or one not of the workspace; `PAYEES_CHANGED` when either was " +
        "merged or deleted meanwhile. Answers the survivor with its new totals.",
      answer: answers.data(payeeResponseSchema),
      errors: ["PAYEES_CHANGED"],
    }),
    validate("json", mergePayeeSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await mergePayee({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:payeeId`,
    describeRoute({
      tag,
      summary: "Delete a payee",
      description: "Its transactions stay, without a payee; the names it was known by are forgotten.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deletePayee({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
