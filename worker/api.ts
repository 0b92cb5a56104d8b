import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServiceContext } from "./context.ts";
import type { Env } from "./env.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { AppError } from "./http/errors.ts";
import type { RequestScope } from "./http/request-scope.ts";

export type ApiEnv = {
  Bindings: Env;
  Variables: { scope: RequestScope; services: ServiceContext };
};

/** JSON bodies above this are refused with 413 before any parsing. Uploads set their own limit. */
export const maxJsonBodyBytes = 256 * 1024;

/** The public JSON API (SPEC §7 paths), mounted at /api. Feature routers are added here. */
export const api = new Hono<ApiEnv>()
  .use(
    bodyLimit({
      maxSize: maxJsonBodyBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
      },
    }),
  )
  .route("/health", healthRoutes)
  .all("*", (c) => {
    throw new AppError("NOT_FOUND", `No API endpoint at ${c.req.method} ${new URL(c.req.url).pathname}.`);
  });
