import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { checkHealth } from "./health.service.ts";

export const healthRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  return c.json({ data: await checkHealth(c.get("services")) });
});
