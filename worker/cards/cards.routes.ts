import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { queryWholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { idempotencyKeyOf, sendAnswer } from "../idempotency/idempotency.http.ts";
import { isIsoDate } from "../ledger/dates.ts";
import { transactionResponseSchema } from "../transactions/transactions.responses.ts";
import { payCard, purchaseWithCard } from "./card-money.service.ts";
import { cardResponseSchema, cardStatementSchema, cardStatementsSchema } from "./cards.responses.ts";
import { cardSchema, paymentSchema, purchaseSchema } from "./cards.schemas.ts";
import { createCard, deleteCard, getCard, listCards, listCardsOfAccount, updateCard } from "./cards.service.ts";
import { getCardStatement, getCardStatements } from "./statements.service.ts";

const base = "/:workspaceId/cards";
const statementsQuery = z.object({ count: queryWholeNumberSchema("errors:fields.invalid", 1, 24).default(6) });
const statementParams = z.object({ closing_date: z.string().refine(isIsoDate, "errors:fields.date") });

const tag = "Cards";

/** What a purchase or a payment can meet besides its fields. */
const ledgerRefusals = ["INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE", "REFERENCED_ITEM_DELETED"] as const;

const cardFields =
  "`account_uuid` must be an active account of this workspace; the card's currency is its account's. `mode` is read " +
  "only for a hybrid card (default `credit`). `credit_limit` is required and above 0 when the card acts as credit, " +
  "dropped in debit mode. `billing_cycle_day` (default 1) is the closing day; `due_day` left out or null is 10 days " +
  "after it. `color` is one of the 16 card presets (default `#F44336`).";

/** /workspaces/{workspaceId}/cards… (reads: any member; writes: owner, admin or member), statements included, and an account's cards. */
export const cardRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every card of the workspace",
      description: "Oldest first, archived ones included.",
      answer: answers.data(z.array(cardResponseSchema)),
    }),
    async (c) => c.json({ data: await listCards({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a card",
      description: cardFields,
      answer: answers.created(cardResponseSchema),
    }),
    validate("json", cardSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createCard({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:cardId`,
    describeRoute({ tag, summary: "A card", answer: answers.data(cardResponseSchema) }),
    async (c) => c.json({ data: await getCard({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:cardId`,
    describeRoute({
      tag,
      summary: "Replace a card",
      description:
        `Every field as for creating — a field left out takes its default, not its old value — plus \`is_active\` ` +
        `(false archives; left out, it stays). ${cardFields} The card's own account may stay even if archived; a ` +
        "card with transactions moves only to an account in the same currency. `CARD_HAS_DEBT` when a card with " +
        "debt would stop acting as credit.",
      answer: answers.data(cardResponseSchema),
      errors: ["CARD_HAS_DEBT"],
    }),
    validate("json", cardSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateCard({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:cardId`,
    describeRoute({
      tag,
      summary: "Delete a card nothing was recorded on",
      description: "`CARD_HAS_TRANSACTIONS` otherwise: archive it instead.",
      answer: answers.data(messageSchema),
      errors: ["CARD_HAS_TRANSACTIONS"],
    }),
    async (c) => c.json({ data: await deleteCard({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:cardId/purchase`,
    describeRoute({
      tag,
      summary: "Pay for something with the card",
      description:
        "An expense: in credit mode it raises the debt (checked against the available credit: `INSUFFICIENT_CREDIT` " +
        "at `amount`), in debit mode it draws on the account. `date` defaults to today in the workspace's time zone.",
      answer: answers.created(transactionResponseSchema),
      isIdempotent: true,
      errors: ledgerRefusals,
    }),
    validate("json", purchaseSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), ...idempotencyKeyOf(c) };
      return sendAnswer(c, await purchaseWithCard({ ctx: c.get("ctx"), input }));
    },
  )
  .post(
    `${base}/:cardId/payment`,
    describeRoute({
      tag,
      summary: "Pay the card from its own account",
      description:
        "A `pay_credit_card` transaction: the account's balance and the card's debt go down. A payment above the debt " +
        'leaves a credit on the card. 422 at `destination` ("Choose a credit card") when the card is not acting as credit.',
      answer: answers.created(transactionResponseSchema),
      isIdempotent: true,
      errors: ledgerRefusals,
    }),
    validate("json", paymentSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), ...idempotencyKeyOf(c) };
      return sendAnswer(c, await payCard({ ctx: c.get("ctx"), input }));
    },
  )
  .get(
    `${base}/:cardId/statements`,
    describeRoute({
      tag,
      summary: "The card's statements",
      description:
        "`count`: 1–24, default 6. Newest first: the later statements that already hold charges (a plan's " +
        "installments, `upcoming`), then the open one and `count − 1` before it, none before the card's first day. " +
        "A card acting as debit has none. Payments and refunds settle the oldest charges first.",
      answer: answers.data(cardStatementsSchema),
    }),
    validate("query", statementsQuery),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("query") };
      return c.json({ data: await getCardStatements({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    `${base}/:cardId/statements/:closing_date`,
    describeRoute({
      tag,
      summary: "One statement with its charges",
      description:
        "`closing_date` must be one of the card's statements' closing dates (422 when it is not a calendar date, 404 " +
        "for any other date, and for a card acting as debit). The lines are the period's charges, oldest first; they " +
        "add up to `total`. Payments and refunds are not lines: they show in `paid` and `remaining`.",
      answer: answers.data(cardStatementSchema),
    }),
    validate("param", statementParams),
    async (c) => {
      const { workspaceId, cardId } = c.req.param();
      const input = { workspaceId, cardId, closingDate: c.req.valid("param").closing_date };
      return c.json({ data: await getCardStatement({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    "/:workspaceId/accounts/:accountId/cards",
    describeRoute({
      tag: "Accounts",
      summary: "The cards drawing on an account",
      answer: answers.data(z.array(cardResponseSchema)),
    }),
    async (c) => c.json({ data: await listCardsOfAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
