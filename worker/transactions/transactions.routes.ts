import { type Context, Hono } from "hono";
import { isUuid } from "../../db/ids.ts";
import type { ApiEnv } from "../http/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import type { FieldMessages } from "../http/messages.ts";
import { fieldErrorsFrom, validate } from "../http/validation.ts";
import { idempotencyKeyOf, sendAnswer } from "../idempotency/idempotency.http.ts";
import { getTransaction, type ListParent, listTransactions } from "./transaction-reads.service.ts";
import { changeTransactionTags } from "./transaction-tags.service.ts";
import {
  fieldNameInPayload,
  normaliseTransactionBody,
  tagIdsBodySchema,
  transactionFiltersSchema,
  type TransactionFilters,
  transactionSchema,
  type TransactionInput,
} from "./transactions.schemas.ts";
import { createTransaction, deleteTransaction, updateTransaction } from "./transactions.service.ts";

type Payload = { input: TransactionInput; sent: Record<string, unknown> };

function renamed(fieldErrors: FieldMessages, sent: Record<string, unknown>): FieldMessages {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [fieldNameInPayload(field, sent), messages]),
  );
}

/** Either payload form of SPEC §7, validated, with errors named as the client named its fields. */
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

/** /workspaces/{workspaceId}/transactions… (SPEC §7 Transactions), and the lists of one account, card or tag. */
export const transactionRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, validate("query", transactionFiltersSchema), async (c) => {
    return c.json(
      await listTransactions({ ctx: c.get("ctx"), input: { ...c.req.param(), filters: c.req.valid("query") } }),
    );
  })
  .post(base, async (c) => {
    const key = idempotencyKeyOf(c);
    const { input, sent } = await transactionPayload(c.req.raw);
    return sendAnswer(
      c,
      await inPayloadTerms(
        sent,
        createTransaction({ ctx: c.get("ctx"), input: { ...c.req.param(), ...input, ...key } }),
      ),
    );
  })
  .get(`${base}/:transactionId`, async (c) => {
    return c.json({ data: await getTransaction({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .put(`${base}/:transactionId`, async (c) => {
    const { input, sent } = await transactionPayload(c.req.raw);
    const updated = await inPayloadTerms(
      sent,
      updateTransaction({ ctx: c.get("ctx"), input: { ...c.req.param(), ...input } }),
    );
    return c.json({ data: updated });
  })
  .delete(`${base}/:transactionId`, async (c) => {
    return c.json({ data: await deleteTransaction({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .post(`${base}/:transactionId/tags/attach`, validate("json", tagIdsBodySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json"), mode: "attach" as const };
    return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
  })
  .post(`${base}/:transactionId/tags/detach`, validate("json", tagIdsBodySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json"), mode: "detach" as const };
    return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
  })
  .put(`${base}/:transactionId/tags`, validate("json", tagIdsBodySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json"), mode: "sync" as const };
    return c.json({ data: await changeTransactionTags({ ctx: c.get("ctx"), input }) });
  })
  .get("/:workspaceId/accounts/:accountId/transactions", validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, accountId } = c.req.param();
    return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "account", id: accountId }));
  })
  .get("/:workspaceId/cards/:cardId/transactions", validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, cardId } = c.req.param();
    return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "card", id: cardId }));
  })
  .get("/:workspaceId/tags/:tagId/transactions", validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, tagId } = c.req.param();
    return c.json(await listOfParent(c, workspaceId, c.req.valid("query"), { kind: "tag", id: tagId }));
  });
