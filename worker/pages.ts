import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import type { ApiEnv } from "./api.ts";
import { pageContext } from "./context.ts";
import type { ExecutionContext } from "./env.ts";

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

/** Every non-API path and method: React Router renders the page or runs the action. */
export function renderPage(c: Context<ApiEnv>): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(pageContext, {
    env: c.env,
    executionContext: c.executionCtx as unknown as ExecutionContext,
    scope: c.get("scope"),
    services: c.get("services"),
  });
  return handleRequest(c.req.raw, context);
}
