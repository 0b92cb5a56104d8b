import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import type { Env } from "../env.ts";
import { AppError } from "../http/errors.ts";
import { describeMiddleware } from "../http/openapi.ts";
import { actingAs, type PersonActor } from "./actor.ts";
import { identifyPerson } from "./session.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A browser sends the session cookie with cross-site form posts too; a write that relies on
 * the cookie must come from our own pages. Bearer-token clients are not browsers and skip this.
 */
export function assertSameOrigin(request: Request, env: Pick<Env, "APP_URL">): void {
  if (!isSameOriginWrite(request, env)) throw new AppError("FORBIDDEN", "errors:details.foreignOrigin");
}

/**
 * Reads pass; a write passes only when its Origin is exactly ours (so "null", another site or a
 * look-alike such as http://127.0.0.1:8080.evil.example fail) or, with no Origin, when the browser
 * says the request is same-origin.
 */
export function isSameOriginWrite(request: Request, env: Pick<Env, "APP_URL">): boolean {
  if (safeMethods.has(request.method)) return true;
  const allowed = new Set([new URL(request.url).origin, new URL(env.APP_URL).origin]);
  const origin = request.headers.get("Origin");
  return origin ? allowed.has(origin) : request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/** The signed-in person or 401; cookie-authenticated writes must also pass the Origin check. */
export async function requirePersonOf(request: Request, c: Context<ApiEnv>): Promise<PersonActor> {
  const person = await identifyPerson(c.get("services"), request);
  if (!person) throw new AppError("UNAUTHENTICATED", "errors:details.signInRequired");
  if (person.via === "cookie") assertSameOrigin(request, c.env);
  return person;
}

/**
 * Routes behind it call their service with `c.get("ctx")`, acting as the signed-in person. The API's
 * document lists the session as their security and its refusals among their answers.
 */
export const requirePerson = describeMiddleware<MiddlewareHandler<ApiEnv>>(
  async (c, next) => {
    c.set("ctx", actingAs(c.get("services"), await requirePersonOf(c.req.raw, c)));
    await next();
  },
  { signedIn: true },
);
