import { Hono } from "hono";
import type { ServiceContext } from "./context.ts";
import type { Env } from "./env.ts";
import { healthRoutes } from "./health/health.routes.ts";
import type { RequestScope } from "./http/request-scope.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { scope: RequestScope; services: ServiceContext };
};

/** The public JSON API (SPEC §7 paths), mounted at /api. Each feature adds its router here. */
export const api = new Hono<ApiEnv>().route("/health", healthRoutes);
