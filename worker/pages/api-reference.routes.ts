import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { answers, describeRoute } from "../http/openapi.ts";

/**
 * Scalar's reference page, pinned to one release: its script runs on our origin, so it is the version
 * that was looked at, not whatever the CDN serves as the latest.
 */
const scalarScript = "https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.0";

const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/openapi.json and GET /api/docs (docs/decisions/044-the-api-document-is-made-from-the-schemas.md).
 * The document is made on its first request in an isolate and kept as text; the code that makes it,
 * like Scalar's page, is loaded only by these routes.
 */
export function apiReferenceRoutes(describedApi: () => Hono<ApiEnv>) {
  let documentJson: string | undefined;
  return new Hono<ApiEnv>()
    .get(
      "/openapi.json",
      describeRoute({
        tag: "API reference",
        summary: "The OpenAPI 3.1 document of this API",
        answer: answers.json(documentSchema),
      }),
      async (c) => {
        if (documentJson === undefined) {
          const { createOpenApiDocument } = await import("./openapi-document.ts");
          documentJson = JSON.stringify(await createOpenApiDocument(describedApi()));
        }
        return c.body(documentJson, 200, { "Content-Type": "application/json; charset=UTF-8" });
      },
    )
    .get(
      "/docs",
      describeRoute({
        tag: "API reference",
        summary: "The API reference page (Scalar) reading the document",
        answer: answers.file("text/html"),
      }),
      async (c, next) => {
        const scope = c.get("scope");
        // This page alone may run Scalar's script from its CDN.
        scope.scriptOrigins.push(new URL(scalarScript).origin);
        const { Scalar } = await import("@scalar/hono-api-reference");
        const referencePage = Scalar<ApiEnv>({
          url: "/api/openapi.json",
          pageTitle: "Moneta API",
          cdn: scalarScript,
          nonce: scope.cspNonce,
          // Nothing but the script leaves our origin: no web fonts, no telemetry, no assistant.
          withDefaultFonts: false,
          telemetry: false,
          agent: { disabled: true },
        });
        return referencePage(c, next);
      },
    );
}
