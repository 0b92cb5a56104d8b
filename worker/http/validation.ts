import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import type { z } from "zod";
import { declaredBodyOf } from "./body-limits.ts";
import { AppError } from "./errors.ts";
import { fieldErrorsFrom, type Issues } from "./field-errors.ts";
import { withOpenApiPart } from "./openapi.ts";

// Server code imports it with the validators; the browser imports field-errors.ts itself.
export { fieldErrorsFrom };

export function validationError(error: Issues): AppError {
  return new AppError("VALIDATION_FAILED", undefined, { fieldErrors: fieldErrorsFrom(error) });
}

/**
 * zValidator that answers 422 in the shared envelope; routes get typed, parsed input. The schema is
 * also the route's body or query in the OpenAPI document (./openapi.ts), so no route states it twice.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
  return withOpenApiPart(validator, { kind: "input", input: { target, schema } });
}

/** For schemas chosen per request (e.g. by language): the body parsed, then validated, 400/422 as usual. */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new AppError("MALFORMED_JSON", "errors:details.malformedJson");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
export function isJsonContentType(header: string | null | undefined): boolean {
  return header?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** Whether a request carries a body with at least one byte (read through Hono's cache, so routes can still read it). */
async function hasBody(c: Context): Promise<boolean> {
  if (c.req.raw.body === null || c.req.header("Content-Length") === "0") return false;
  return (await c.req.arrayBuffer()).byteLength > 0;
}

/**
 * Writes to the JSON API carry JSON or nothing. Another type is refused with 415 before any
 * route runs: a route reading the body as JSON would otherwise take a text/plain post (which a
 * browser sends cross-site without asking), and a validator would see an empty object and
 * change nothing while answering 200. Bodyless writes (logout, leave, delete) pass, and so do the
 * routes that declare an upload (`bodyLimits.upload`: the profile picture, a statement to import).
 */
export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  if (
    writeMethods.has(c.req.method) &&
    !declaredBodyOf(c)?.isUpload &&
    !isJsonContentType(c.req.header("Content-Type"))
  ) {
    if (await hasBody(c)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors:details.jsonOnly");
    }
  }
  await next();
};
