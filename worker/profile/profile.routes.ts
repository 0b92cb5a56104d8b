import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requireCaller } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { listWorkspaces } from "../workspaces/workspaces.service.ts";
import { readUploadedPicture } from "./picture-upload.ts";
import { deletePicture, getPicture, uploadPicture } from "./picture.service.ts";
import { updatePreferences } from "./preferences.service.ts";
import { updatePreferencesSchema, updateProfileSchema } from "./profile.schemas.ts";
import { deleteAccount, getProfile, getProfileStats, updateProfile } from "./profile.service.ts";

export const profileRoutes = new Hono<ApiEnv>()
  .use(requireCaller)
  .get("/", async (c) => c.json({ data: await getProfile(c.get("services"), c.get("caller")) }))
  .put("/", validate("json", updateProfileSchema), async (c) => {
    return c.json({ data: await updateProfile(c.get("services"), c.get("caller"), c.req.valid("json")) });
  })
  .delete("/", async (c) => c.json({ data: await deleteAccount(c.get("services"), c.get("caller")) }))
  .get("/workspaces", async (c) => c.json({ data: await listWorkspaces(c.get("services"), c.get("caller")) }))
  .get("/stats", async (c) => c.json({ data: await getProfileStats(c.get("services"), c.get("caller")) }))
  .put("/preferences", validate("json", updatePreferencesSchema), async (c) => {
    return c.json({ data: await updatePreferences(c.get("services"), c.get("caller"), c.req.valid("json")) });
  })
  .post("/picture", async (c) => {
    const bytes = await readUploadedPicture(c.req.raw);
    return c.json({ data: await uploadPicture(c.get("services"), c.get("caller"), { bytes }) });
  })
  .delete("/picture", async (c) => c.json({ data: await deletePicture(c.get("services"), c.get("caller")) }))
  .get("/picture/:userId", async (c) => {
    const picture = await getPicture(c.get("services"), c.get("caller"), c.req.param());
    // The type is the one detected from the bytes at upload; nosniff comes with the security headers.
    return c.body(picture.bytes, 200, { "Content-Type": picture.contentType, "Content-Disposition": "inline" });
  });
