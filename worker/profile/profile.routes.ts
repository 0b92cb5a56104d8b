import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requireCaller } from "../auth/auth.middleware.ts";
import { getProfile } from "./profile.service.ts";

export const profileRoutes = new Hono<ApiEnv>().use(requireCaller).get("/", async (c) => {
  return c.json({ data: await getProfile(c.var.services, c.var.caller) });
});
