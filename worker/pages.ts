import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import type { ApiEnv } from "./api.ts";
import { pageContext } from "./context.ts";
import type { ExecutionContext } from "./env.ts";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/** Every non-API path and method: React Router renders the page or runs the action. */
export function renderPage(c: Context<ApiEnv>): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(pageContext, {
    env: c.env,
    executionContext: c.executionCtx as unknown as ExecutionContext,
    scope: c.var.scope,
    services: c.var.services,
  });
  return handleRequest(c.req.raw, context);
}
