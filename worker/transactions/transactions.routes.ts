import { type Context, Hono } from "hono";
import { isUuid } from "../../db/ids.ts";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import type { FieldMessages } from "../http/messages.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { fieldErrorsFrom, validate } from "../http/validation.ts";
import { idempotencyKeyOf, sendAnswer } from "../idempotency/idempotency.http.ts";
import { getTransaction, type ListParent, listTransactions } from "./transaction-reads.service.ts";
import { changeTransactionTags } from "./transaction-tags.service.ts";
import {
  fieldNameInPayload,
  normaliseTransactionBody,
  tagIdsBodySchema,
  transactionFiltersSchema,
  transactionPayloadSchema,
  type TransactionFilters,
  transactionSchema,
  type TransactionInput,
} from "./transactions.schemas.ts";
import { transactionResponseSchema } from "./transactions.responses.ts";
import { createTransaction, deleteTransaction, updateTransaction } from "./transactions.service.ts";

type Payload = { input: TransactionInput; sent: Record<string, unknown> };

function renamed(fieldErrors: FieldMessages, sent: Record<string, unknown>): FieldMessages {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [fieldNameInPayload(field, sent), messages]),
  );
}

/** Either payload form (docs/api.md#transactions), validated, with errors named as the client named its fields. */
async function transactionPayload(request: Request): Promise<Payload> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new AppError("MALFORMED_JSON", "errors:details.malformedJson");
  }
  const sent = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const result = transactionSchema.safeParse(normaliseTransactionBody(body));
  if (result.success) return { input: result.data, sent };
  throw new AppError("VALIDATION_FAILED", undefined, { fieldErrors: renamed(fieldErrorsFrom(result.error), sent) });
}

/** The service's own field errors (a leg of another workspace, a missing rate…) in the client's terms too. */
async function inPayloadTerms<T>(sent: Record<string, unknown>, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    throw new AppError(error.code, error.messageKey, {
      fieldErrors: renamed(error.fieldErrors, sent),
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
}

const base = "/:workspaceId/transactions";

const parentFilters = { account: "account_id", card: "card_id", tag: "tag_id" } as const;

/** An account's, a card's or a tag's transactions: the list narrowed to it, 404 when it is not in the workspace. */
function listOfParent(c: Context<ApiEnv>, workspaceId: string, filters: TransactionFilters, parent: ListParent) {
  const narrowed = { ...filters, [parentFilters[parent.kind]]: isUuid(parent.id) ? parent.id : undefined };
  return listTransactions({ ctx: c.get("ctx"), input: { workspaceId, filters: narrowed, parent } });
}

const tag = "Transactions";

/** What a write to the ledger can meet besides its fields (docs/api.md: "Errors"). */
const ledgerRefusals = ["INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE", "REFERENCED_ITEM_DELETED"] as const;

const payloadForms =
  "Either of two payload forms; errors name the fields as the client sent them. The `origin_id` form: legs as " +
  '`"account:{uuid}"` or `"card:{uuid}"`, `amount`, `date` (or `created_at`: a whole ISO timestamp is cut to the day ' +
  "it writes), `tag_ids`. The `…_uuid` form (chosen when the body has `value`, `tag_uuids` or a field ending in " +
  "`_uuid`): `value`, `origin_account_uuid` or `origin_card_uuid`, `destination_account_uuid` or " +
  "`destination_card_uuid`, `tag_uuids`. `type` may be left out: it is inferred from the legs. The currency is the " +
  "chosen account's or card's; between two currencies `currency_conversion` is required. Refused at a field: a leg " +
  "not in this workspace, archived, missing or not allowed for the kind, a transfer to the same place, a missing " +
  "rate, unknown tags.";

const listQuery =
  "A page, newest date first, then newest recorded. `tag_id=none`: carrying no tag; `search` is found anywhere in the " +
  "description; `min_amount` and `max_amount` compare with `amount`.";

const tagChange = (summary: string, description: string) =>
  describeRoute({
    tag,
    summary,
    description: `Body \`{ tag_ids }\`: at most 20 tags of this workspace (422 at \`tag_ids\` otherwise). ${description}`,
    answer: answers.data(transactionResponseSchema),
  });

/** /workspaces/{workspaceId}/transactions… (reads: any member; writes: owner, admin or member), and the lists of one account, card or tag. */
export const transactionRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "The workspace's transactions",
      description: listQuery,
      answer: answers.page(transactionResponseSchema),
    }),
    validate("query", transactionFiltersSchema),
    async (c) => {
      return c.json(
        await listTransactions({ ctx: c.get("ctx"), input: { ...c.req.param(), filters: c.req.valid("query") } }),
      );
    },
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Record a transaction",
      description: `${payloadForms} With \`type: "pay_credit_card"\` and no origin, the destination card's own account pays.`,
      answer: answers.created(transactionResponseSchema),
      body: transactionPayloadSchema,
      isIdempotent: true,
      errors: ledgerRefusals,
    }),
    async (c) => {
      const key = idempotencyKeyOf(c);
      const { input, sent } = await transactionPayload(c.req.raw);
      return sendAnswer(
        c,
        await inPayloadTerms(
          sent,
          createTransaction({ ctx: c.get("ctx"), input: { ...c.req.param(), ...input, ...key } }),
        ),
      );
    },
  )
  .get(
    `${base}/:transactionId`,
    describeRoute({ tag, summary: "A transaction", answer: answers.data(transactionResponseSchema) }),
    async (c) => {
      return c.json({ data: await getTransaction({ ctx: c.get("ctx"), input: c.req.param() }) });
    },
  )
  .put(
    `${base}/:transactionId`,
    describeRoute({
      tag,
      summary: "Rewrite a transaction",
      description:
        `${payloadForms} What the old one did to balances and debts is undone and the new one applied, in one batch; ` +
        "a date left out keeps the stored date; tags change only when they are sent. `created_by` still names its " +
        "creator. `TRANSACTION_CHANGED` when someone else changed or deleted it meanwhile (reload and retry).",
      answer: answers.data(transactionResponseSchema),
      body: transactionPayloadSchema,
      errors: ["TRANSACTION_CHANGED", ...ledgerRefusals],
    }),
    async (c) => {
      const { input, sent } = await transactionPayload(c.req.raw);
      const updated = await inPayloadTerms(
        sent,
        updateTransaction({ ctx: c.get("ctx"), input: { ...c.req.param(), ...input } }),
      );
      return c.json({ data: updated });
    },
  )
  .delete(
    `${base}/:transactionId`,
    describeRoute({
      tag,
      summary: "Delete a transaction",
      description:
        "Balances and debts move back. `TRANSACTION_CHANGED` when it changed meanwhile; `BALANCE_OUT_OF_RANGE` when " +
        "undoing it would take a balance past the bound.",
      answer: answers.data(messageSchema),
      errors: ["TRANSACTION_CHANGED", ...ledgerRefusals],
    }),
    async (c) => {
      return c.json({ data: await deleteTransaction({ ctx: c.get("ctx"), input: c.req.param() }) });
    },
  )
  .post(
    `${base}/:transactionId/tags/attach`,
    tagChange("Add tags to a transaction", "Those already on it stay once."),
    validate("json", tagIdsBodySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), mode: "attach" as const };
      return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    `${base}/:transactionId/tags/detach`,
    tagChange("Take tags off a transaction", "Tags it does not carry are ignored."),
    validate("json", tagIdsBodySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), mode: "detach" as const };
      return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
    },
  )
  .put(
    `${base}/:transactionId/tags`,
    tagChange("Set a transaction's tags", "Its tags become exactly these; an empty list takes them all off."),
    validate("json", tagIdsBodySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), mode: "sync" as const };
      return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    "/:workspaceId/accounts/:accountId/transactions",
    describeRoute({
      tag: "Accounts",
      summary: "The transactions that move an account",
      description: listQuery,
      answer: answers.page(transactionResponseSchema),
    }),
    validate("query", transactionFiltersSchema),
    async (c) => {
      const { workspaceId, accountId } = c.req.param();
      return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "account", id: accountId }));
    },
  )
  .get(
    "/:workspaceId/cards/:cardId/transactions",
    describeRoute({
      tag: "Cards",
      summary: "The transactions on a card",
      description: listQuery,
      answer: answers.page(transactionResponseSchema),
    }),
    validate("query", transactionFiltersSchema),
    async (c) => {
      const { workspaceId, cardId } = c.req.param();
      return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "card", id: cardId }));
    },
  )
  .get(
    "/:workspaceId/tags/:tagId/transactions",
    describeRoute({
      tag: "Tags",
      summary: "The transactions carrying a tag",
      description: listQuery,
      answer: answers.page(transactionResponseSchema),
    }),
    validate("query", transactionFiltersSchema),
    async (c) => {
      const { workspaceId, tagId } = c.req.param();
      return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "tag", id: tagId }));
    },
  );
