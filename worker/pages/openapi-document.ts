import { Hono } from "hono";
import {
  type DescribeRouteOptions,
  generateSpecs,
  type HandlerUniqueProperty,
  resolver,
  uniqueSymbol,
} from "hono-openapi";
import { findTargetHandler } from "hono/utils/handler";
import { z } from "zod";
import { sessionPolicy } from "../access/session-policy.ts";
import { appVersion } from "../env.ts";
import { errorSentence } from "../i18n/error-sentences.ts";
import { idempotencyKeyHeader, replayedHeader } from "../idempotency/idempotency-key.ts";
import type { ApiEnv } from "../access/api-env.ts";
import { errorBodySchema } from "../http/error-body.ts";
import { type ErrorCode, statusOf } from "../http/errors.ts";
import {
  type Answer,
  apiTags,
  type InputDescription,
  type OpenApiPart,
  openApiPartOf,
  pageMetaSchema,
  type RouteDescription,
} from "../http/openapi.ts";

/**
 * The OpenAPI 3.1 document of the JSON API, made from the routes' own parts (./openapi.ts): hono-openapi
 * walks the routes, zod turns the schemas into JSON Schema, and the refusals each route can answer are
 * found from its shape. Loaded only by GET /api/openapi.json, so the API's other requests never load it.
 */

type Operation = { method: string; path: string; parts: OpenApiPart[]; handlers: object[] };

/** "/api/workspaces/:workspaceId" → "/api/workspaces/{workspaceId}", as the document writes paths. */
const openApiPathOf = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

/** Every route with its parts, the parts of the middleware mounted in front of it (`.use`) included. */
function operationsOf(app: Hono): Operation[] {
  const middleware: { prefix: string; part: OpenApiPart }[] = [];
  const operations = new Map<string, Operation>();
  for (const route of app.routes) {
    const handler = findTargetHandler(route.handler);
    const part = openApiPartOf(handler);
    if (route.method === "ALL") {
      if (part) middleware.push({ prefix: route.path.replace(/\/?\*$/, ""), part });
      continue;
    }
    const path = openApiPathOf(route.path);
    const key = `${route.method} ${path}`;
    let operation = operations.get(key);
    if (!operation) {
      const inFront = middleware.filter(({ prefix }) => route.path === prefix || route.path.startsWith(`${prefix}/`));
      operation = { method: route.method, path, parts: inFront.map(({ part }) => part), handlers: [] };
      operations.set(key, operation);
    }
    if (part) {
      operation.parts.push(part);
      operation.handlers.push(handler);
    }
  }
  return [...operations.values()];
}

function routeOf(operation: Operation): RouteDescription | undefined {
  for (const part of operation.parts) if (part.kind === "route") return part.route;
  return undefined;
}
const inputsOf = (operation: Operation) =>
  operation.parts.flatMap((part) => (part.kind === "input" ? [part.input] : []));
const isSignedIn = (operation: Operation) =>
  operation.parts.some((part) => part.kind === "middleware" && part.middleware.signedIn);

const jsonBodyRefusals: ErrorCode[] = [
  "MALFORMED_JSON",
  "VALIDATION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
];
const idempotencyRefusals: ErrorCode[] = [
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_IN_USE",
  "IDEMPOTENCY_KEY_REUSED",
];

/** What the route can be refused with: what its shape implies, and what it says itself. */
function errorCodesOf(operation: Operation, route: RouteDescription): ErrorCode[] {
  const codes = new Set<ErrorCode>(["INTERNAL_ERROR", "DATABASE_UNAVAILABLE"]);
  const isWrite = operation.method !== "GET";
  if (isSignedIn(operation)) {
    codes.add("UNAUTHENTICATED");
    // A write with the session cookie must come from our own pages.
    if (isWrite) codes.add("FORBIDDEN");
  }
  // A malformed or unknown id, and a workspace the caller is not a member of, are not found.
  if (operation.path.includes("{")) codes.add("NOT_FOUND");
  for (const input of inputsOf(operation)) {
    for (const code of input.target === "json" ? jsonBodyRefusals : ["VALIDATION_FAILED" as const]) codes.add(code);
  }
  if (route.body) for (const code of jsonBodyRefusals) codes.add(code);
  if (route.query) codes.add("VALIDATION_FAILED");
  if (route.upload) codes.add("PAYLOAD_TOO_LARGE");
  if (route.isIdempotent) for (const code of idempotencyRefusals) codes.add(code);
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

const responseSchema = (schema: z.ZodType) => resolver(schema, { options: { io: "output" } });
const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
} as const;

function successResponse(answer: Answer, route: RouteDescription) {
  const headers = route.isIdempotent
    ? { [replayedHeader]: { description: "`true` when this is the first answer to the same key, sent again." } }
    : undefined;
  switch (answer.kind) {
    case "data":
      return {
        description: answer.status === 201 ? "Created" : "OK",
        headers,
        content: { "application/json": { schema: responseSchema(z.object({ data: answer.schema })) } },
      };
    case "page":
      return {
        description: "A page of the list",
        content: {
          "application/json": {
            schema: responseSchema(z.object({ data: z.array(answer.schema), meta: pageMetaSchema })),
          },
        },
      };
    case "json":
      return { description: "OK", content: { "application/json": { schema: responseSchema(answer.schema) } } };
    case "file":
      return {
        description: "The file",
        content: Object.fromEntries(
          answer.contentTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
        ),
      };
  }
}

/** One answer per status: the error envelope, its `code` one of the codes this route can give with that status. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, sameStatus]) => [
      String(status),
      {
        description: sameStatus.map((code) => `\`${code}\`: ${errorSentence(`errors:${code}`, {}, "en")}`).join("\n\n"),
        headers: status === 429 || status === 503 ? retryAfter : undefined,
        content: {
          "application/json": {
            schema: {
              allOf: [{ $ref: "#/components/schemas/ErrorBody" }, { properties: { code: { enum: sameStatus } } }],
            },
          },
        },
      },
    ]),
  );
}

/** Query parameters read by the handler itself, one per property of their object schema. */
function queryParameters(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    in: "query" as const,
    name,
    required: json.required?.includes(name) ?? false,
    description: property.description,
    schema: property,
  }));
}

function requestBodyOf(route: RouteDescription) {
  if (route.body) {
    return { required: true, content: { "application/json": { schema: resolver(route.body) } } };
  }
  if (route.upload) {
    const form = route.upload.form ? { "multipart/form-data": { schema: resolver(route.upload.form) } } : {};
    const raw = Object.fromEntries(
      (route.upload.types ?? []).map((type) => [type, { schema: { type: "string", format: "binary" } }]),
    );
    return { required: true, content: { ...form, ...raw } };
  }
  return undefined;
}

function operationSpec(operation: Operation, route: RouteDescription) {
  const parameters = [
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.isIdempotent
      ? [
          {
            in: "header" as const,
            name: idempotencyKeyHeader,
            required: false,
            description: "1–255 printable ASCII characters; a UUID per request is ideal.",
            schema: { type: "string", minLength: 1, maxLength: 255 },
          },
        ]
      : []),
  ];
  return {
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    security: isSignedIn(operation) ? [{ bearerToken: [] }, { sessionCookie: [] }] : undefined,
    parameters: parameters.length > 0 ? parameters : undefined,
    requestBody: requestBodyOf(route),
    responses: {
      [String(route.answer.kind === "data" ? route.answer.status : 200)]: successResponse(route.answer, route),
      ...errorResponses(errorCodesOf(operation, route)),
    },
  } as DescribeRouteOptions;
}

const validatorPart = (input: InputDescription): HandlerUniqueProperty => ({
  target: input.target,
  ...resolver(input.schema),
});

/** Hands each described route's parts to hono-openapi, in the form it reads them. */
function attachSpecs(operations: Operation[]) {
  for (const operation of operations) {
    const route = routeOf(operation);
    if (!route) continue;
    for (const handler of operation.handlers) {
      const part = openApiPartOf(handler);
      const spec =
        part?.kind === "route"
          ? { spec: operationSpec(operation, route) }
          : part?.kind === "input"
            ? validatorPart(part.input)
            : undefined;
      if (spec) Object.assign(handler, { [uniqueSymbol]: spec });
    }
  }
}

/** The envelope every error answer refers to, without the dialect line a standalone schema carries. */
function errorBodyJsonSchema() {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, { io: "output" });
  return schema;
}

export async function createOpenApiDocument(api: Hono<ApiEnv>) {
  const app = new Hono().route("/api", api);
  const operations = operationsOf(app);
  attachSpecs(operations);
  const usedTags = new Set(operations.flatMap((operation) => routeOf(operation)?.tag ?? []));
  const document = await generateSpecs(app, {
    documentation: {
      info: {
        title: "Moneta API",
        version: appVersion,
        description:
          "The JSON API of Moneta. Authentication, the envelope, errors by code, idempotency, pagination, " +
          "rate limits and body limits are described in docs/api.md.",
      },
      tags: Object.entries(apiTags)
        .filter(([name]) => usedTags.has(name as keyof typeof apiTags))
        .map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The `access_token` POST /api/auth/login answers.",
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: sessionPolicy.cookieName,
            description: "The web app's session; its writes must come from the app's own origin.",
          },
        },
      },
    },
    defaultValidationErrorResponse: false,
    // Its own path ends in ".json", which hono-openapi would otherwise take for a static file.
    excludeStaticFile: false,
  });
  const schemas = { ...document.components?.schemas, ErrorBody: errorBodyJsonSchema() };
  return { ...document, components: { ...document.components, schemas } };
}
