import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requireCaller } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { updateProfileSchema } from "./profile.schemas.ts";
import { getProfile, updateProfile } from "./profile.service.ts";

export const profileRoutes = new Hono<ApiEnv>()
  .use(requireCaller)
  .get("/", async (c) => c.json({ data: await getProfile(c.var.services, c.var.caller) }))
  .put("/", validate("json", updateProfileSchema), async (c) => {
    return c.json({ data: await updateProfile(c.var.services, c.var.caller, c.req.valid("json")) });
  });
