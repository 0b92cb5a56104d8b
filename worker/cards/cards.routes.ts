import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../http/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { queryWholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { idempotencyKeyOf, sendAnswer } from "../idempotency/idempotency.http.ts";
import { isIsoDate } from "../ledger/dates.ts";
import { payCard, purchaseWithCard } from "./card-money.service.ts";
import { cardSchema, paymentSchema, purchaseSchema } from "./cards.schemas.ts";
import { createCard, deleteCard, getCard, listCards, listCardsOfAccount, updateCard } from "./cards.service.ts";
import { getCardStatement, getCardStatements } from "./statements.service.ts";

const base = "/:workspaceId/cards";
const statementsQuery = z.object({ count: queryWholeNumberSchema("errors:fields.invalid", 1, 24).default(6) });
const statementParams = z.object({ closing_date: z.string().refine(isIsoDate, "errors:fields.date") });

/** /workspaces/{workspaceId}/cards… (SPEC §7 Cards), statements included, and an account's cards. */
export const cardRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json({ data: await listCards({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .post(base, validate("json", cardSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createCard({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:cardId`, async (c) => c.json({ data: await getCard({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .put(`${base}/:cardId`, validate("json", cardSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateCard({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:cardId`, async (c) =>
    c.json({ data: await deleteCard({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:cardId/purchase`, validate("json", purchaseSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json"), ...idempotencyKeyOf(c) };
    return sendAnswer(c, await purchaseWithCard({ ctx: c.get("ctx"), input }));
  })
  .post(`${base}/:cardId/payment`, validate("json", paymentSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json"), ...idempotencyKeyOf(c) };
    return sendAnswer(c, await payCard({ ctx: c.get("ctx"), input }));
  })
  .get(`${base}/:cardId/statements`, validate("query", statementsQuery), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("query") };
    return c.json({ data: await getCardStatements({ ctx: c.get("ctx"), input }) });
  })
  .get(`${base}/:cardId/statements/:closing_date`, validate("param", statementParams), async (c) => {
    const { workspaceId, cardId } = c.req.param();
    const input = { workspaceId, cardId, closingDate: c.req.valid("param").closing_date };
    return c.json({ data: await getCardStatement({ ctx: c.get("ctx"), input }) });
  })
  .get("/:workspaceId/accounts/:accountId/cards", async (c) =>
    c.json({ data: await listCardsOfAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
