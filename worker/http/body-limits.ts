import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { AppError } from "./errors.ts";

/** JSON bodies above this are refused with 413 before any parsing, on every API route that declares no other limit. */
export const maxJsonBodyBytes = 256 * 1024;

/** Room for a multipart form's boundary and part headers around the file it carries. */
export const formEnvelopeBytes = 64 * 1024;

/** Past `maxBytes`, 413 PAYLOAD_TOO_LARGE naming the limit as `label` ("2 MB"), before the body is parsed. */
export function limitBodyTo(maxBytes: number, label: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", { key: "errors:details.bodyTooLarge", values: { limit: label } });
    },
  });
}

type DeclaredBody = { limit: MiddlewareHandler; isUpload: boolean };

const declaredBodies = new WeakMap<object, DeclaredBody>();

/**
 * Where it stands among the route's handlers it does nothing: apiBodyLimit finds it among the
 * request's matched routes and applies it first, before any other middleware runs or reads a byte.
 */
function declared(body: DeclaredBody): MiddlewareHandler {
  const declaration: MiddlewareHandler = (_c, next) => next();
  declaredBodies.set(declaration, body);
  return declaration;
}

/** What a route that takes more than 256 KB of JSON declares, as its first handler. */
export const bodyLimits = {
  /** JSON past the default (WhatsApp's batched deliveries). */
  json: (maxBytes: number, label: string) => declared({ limit: limitBodyTo(maxBytes, label), isUpload: false }),
  /** A file, in a multipart form or as the raw bytes: any type, so jsonBodiesOnly lets it through. */
  upload: (maxBytes: number, label: string) => declared({ limit: limitBodyTo(maxBytes, label), isUpload: true }),
  /** A small form a mail client posts (RFC 8058's `List-Unsubscribe=One-Click`): let through, and not read as JSON. */
  form: (maxBytes: number, label: string) => declared({ limit: limitBodyTo(maxBytes, label), isUpload: true }),
};

/** What the request's route declared about its body, if anything. */
export function declaredBodyOf(c: Context): DeclaredBody | undefined {
  for (const route of matchedRoutes(c)) {
    const body = declaredBodies.get(route.handler);
    if (body) return body;
  }
  return undefined;
}

const jsonBodyLimit = limitBodyTo(maxJsonBodyBytes, "256 KB");

/** In front of the API: the limit the request's route declared, else 256 KB of JSON. */
export const apiBodyLimit: MiddlewareHandler = (c, next) => (declaredBodyOf(c)?.limit ?? jsonBodyLimit)(c, next);
