import type { MiddlewareHandler, ValidationTargets } from "hono";
import { z } from "zod";
import type { ErrorCode } from "./errors.ts";

/**
 * How a route describes itself for the OpenAPI document (GET /api/openapi.json, read at GET /api/docs;
 * docs/decisions/044-the-api-document-is-made-from-the-schemas.md):
 *
 *   .post(
 *     "/:workspaceId/tags",
 *     describeRoute({ tag: "Tags", summary: "Create a tag", answer: answers.created(tagResponseSchema), errors: ["TAG_NAME_TAKEN"] }),
 *     validate("json", createTagSchema),
 *     handler,
 *   )
 *
 * The body and the query come from the schemas validate() already checks; the answer is `{ data }` of
 * the response schema the mapper's output is typed from. The refusals are found, not listed: the
 * session check (requirePerson), the workspace in the path, a validated body or query, a retryable
 * money write each bring theirs; `errors` adds what only the route knows. A route without a
 * description is left out of the document, and tests/node/api-contract.test.ts fails for it.
 * Nothing here loads hono-openapi: worker/pages/openapi-document.ts does, on the document's first request.
 */

/** The features, in the order the reference lists them. */
export const apiTags = {
  Health: "Whether the Worker and its database answer.",
  "Sign-in": "E-mailed one-time codes and the sessions they open.",
  Waitlist: "The landing page's waiting list.",
  Profile: "The caller's own account, preferences, picture and assistant link.",
  Workspaces: "Workspaces, their settings and their plan.",
  Members: "A workspace's members and pending invitations.",
  Accounts: "Bank accounts, wallets and their balances.",
  Cards: "Credit and debit cards, purchases, payments and statements.",
  Transactions: "Income, expenses, transfers and card payments.",
  Tags: "The labels transactions carry.",
  Payees: "Who income comes from and expenses go to, by the names they are known by.",
  Receipts:
    "Photos and PDFs attached to transactions, kept private: read only through the API by members of the workspace.",
  Rules: "Conditions → actions that file money as it enters.",
  Dashboard: "The workspace's figures at a glance.",
  "Scheduled transactions": "One-off transactions posted on their day.",
  "Recurring transactions": "Rules that post a transaction on a schedule.",
  Calculators: "Installment and loan figures, nothing stored.",
  "Installment plans": "Purchases paid in installments.",
  Loans: "Loans, their payments and their payoff.",
  Analytics: "Reports over a period.",
  Budgets: "Spending limits per tag or overall.",
  Goals: "Savings goals and their contributions.",
  Exports: "Transactions and the whole workspace as files.",
  Imports: "Bank statements read into transactions.",
  "Moving in": "Another finance app's export brought in whole: accounts, cards, categories and transactions.",
  "Bank connections":
    "Banks reached through Pluggy (Open Finance Brasil) or SimpleFIN, and where their accounts' lines go.",
  Reminders: "What Moneta tells a person: the inbox of the bell, the reminder settings, an e-mail's unsubscribe.",
  Currency: "Exchange rates and conversions.",
  "WhatsApp assistant": "The WhatsApp Cloud API's webhook.",
  Operator: "Jobs an operator runs by hand.",
  "API reference": "This document and the page that reads it.",
} as const;

export type ApiTag = keyof typeof apiTags;

/** What a route answers when it succeeds. */
export type Answer =
  | { kind: "data"; status: 200 | 201; schema: z.ZodType }
  | { kind: "page"; schema: z.ZodType }
  | { kind: "json"; schema: z.ZodType }
  | { kind: "file"; contentTypes: readonly string[] };

export const answers = {
  /** 200 `{ data }`. */
  data: (schema: z.ZodType): Answer => ({ kind: "data", status: 200, schema }),
  /** 201 `{ data }`. */
  created: (schema: z.ZodType): Answer => ({ kind: "data", status: 201, schema }),
  /** 200 `{ data: [item…], meta }`, a page of a list (docs/api.md: "Pagination"). */
  page: (itemSchema: z.ZodType): Answer => ({ kind: "page", schema: itemSchema }),
  /** 200, the JSON body itself without the envelope. */
  json: (schema: z.ZodType): Answer => ({ kind: "json", schema }),
  /** 200, bytes of one of these types (a download, a picture, a page). */
  file: (...contentTypes: string[]): Answer => ({ kind: "file", contentTypes }),
};

/** `{ message }`: what deletes and other actions without an object to return answer. */
export const messageSchema = z.object({ message: z.string() });

/** A list's `meta`: the page, the last page (at least 1), the page size and the total. */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export type RouteDescription = {
  tag: ApiTag;
  summary: string;
  /** Who may call it and what it does beyond its fields (Markdown). */
  description?: string;
  answer: Answer;
  /** Refusals only the route knows (409s, limits, plan checks…); the ones its shape implies are added. */
  errors?: readonly ErrorCode[];
  /** A JSON body the handler reads itself (parseJsonBody, a payload with two forms); validate() describes its own. */
  body?: z.ZodType;
  /** A file the route takes: a multipart form of these fields (z.file() for a file), or the raw bytes of these types. */
  upload?: { form?: z.ZodType; types?: readonly string[] };
  /** Query parameters the handler reads itself; validate("query", …) describes its own. */
  query?: z.ZodType;
  /** A money write a client may retry with an Idempotency-Key (docs/api.md: "Retries"). */
  isIdempotent?: boolean;
};

/** What a middleware brings to every route behind it. */
export type MiddlewareDescription = {
  /** It lets only a signed-in person through: 401 without a live session, 403 for a cookie write from elsewhere. */
  signedIn: true;
};

/** What a validator checks before the handler runs. */
export type InputDescription = { target: keyof ValidationTargets; schema: z.ZodType };

export type OpenApiPart =
  | { kind: "route"; route: RouteDescription }
  | { kind: "middleware"; middleware: MiddlewareDescription }
  | { kind: "input"; input: InputDescription };

/** Where a handler keeps its part of the document; openapi-document.ts reads it. */
export const openApiPart = Symbol("openApiPart");

export function withOpenApiPart<Handler extends object>(handler: Handler, part: OpenApiPart): Handler {
  return Object.assign(handler, { [openApiPart]: part });
}

export function openApiPartOf(handler: unknown): OpenApiPart | undefined {
  return typeof handler === "function" ? (handler as { [openApiPart]?: OpenApiPart })[openApiPart] : undefined;
}

/** A handler that does nothing but carry the route's description. */
export function describeRoute(route: RouteDescription): MiddlewareHandler {
  return withOpenApiPart<MiddlewareHandler>((_c, next) => next(), { kind: "route", route });
}

export function describeMiddleware<Middleware extends MiddlewareHandler>(
  middleware: Middleware,
  description: MiddlewareDescription,
): Middleware {
  return withOpenApiPart(middleware, { kind: "middleware", middleware: description });
}
