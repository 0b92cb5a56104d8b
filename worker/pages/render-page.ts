import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import type { ApiEnv } from "../access/api-env.ts";
import { isSameOriginWrite } from "../access/access.middleware.ts";
import { pageContext, pageRefusalContext } from "../context.ts";
import type { ExecutionContext } from "../env.ts";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router re-derives its route tree on every request (so Vite's dev server
 * can swap modules); a built Worker's routes never change, so it derives them once, on the first
 * page request.
 */
const handleRequest: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : (() => {
      let handler: Promise<RequestHandler> | undefined;
      return async (request, context) => {
        handler ??= loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
        return (await handler)(request, context);
      };
    })();

/**
 * Every non-API path and method: React Router renders the page or runs the action. A write that
 * did not come from our own pages (the session cookie rides along on cross-site form posts) never
 * reaches an action: React Router gets a GET of the same address, flagged, and its root middleware
 * answers 403 with the translated error page. `refusal: 503` renders the database-unavailable page
 * the same way, after a first rendering met a database out of reach.
 */
export function renderPage(c: Context<ApiEnv>, options: { refusal?: 503 } = {}): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(pageContext, {
    env: c.env,
    executionContext: c.executionCtx as unknown as ExecutionContext,
    scope: c.get("scope"),
    services: c.get("services"),
  });
  const refusal = options.refusal ?? (isSameOriginWrite(c.req.raw, c.env) ? null : 403);
  if (!refusal) return handleRequest(c.req.raw, context);
  context.set(pageRefusalContext, refusal);
  const headers = new Headers(c.req.raw.headers);
  for (const name of ["Content-Type", "Content-Length", "Transfer-Encoding"]) headers.delete(name);
  return handleRequest(new Request(c.req.url, { method: "GET", headers }), context);
}
