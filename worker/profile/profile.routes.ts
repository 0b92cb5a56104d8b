import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { createLinkCode, unlinkPhone } from "../assistant/link.service.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { validate } from "../http/validation.ts";
import { readUploadedPicture } from "./picture-upload.ts";
import { maxPictureBytes } from "./picture.rules.ts";
import { deletePicture, getPicture, uploadPicture } from "./picture.service.ts";
import { updatePreferences } from "./preferences.service.ts";
import { updatePreferencesSchema, updateProfileSchema } from "./profile.schemas.ts";
import { deleteAccount, getProfile, getProfileStats, updateProfile } from "./profile.service.ts";

export const profileRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get("/", async (c) => c.json({ data: await getProfile({ ctx: c.get("ctx") }) }))
  .put("/", validate("json", updateProfileSchema), async (c) => {
    return c.json({ data: await updateProfile({ ctx: c.get("ctx"), input: c.req.valid("json") }) });
  })
  .delete("/", async (c) => c.json({ data: await deleteAccount({ ctx: c.get("ctx") }) }))
  .get("/stats", async (c) => c.json({ data: await getProfileStats({ ctx: c.get("ctx") }) }))
  .put("/preferences", validate("json", updatePreferencesSchema), async (c) => {
    return c.json({ data: await updatePreferences({ ctx: c.get("ctx"), input: c.req.valid("json") }) });
  })
  .post("/assistant/link-code", async (c) => c.json({ data: await createLinkCode({ ctx: c.get("ctx") }) }, 201))
  .delete("/assistant/link", async (c) => c.json({ data: await unlinkPhone({ ctx: c.get("ctx") }) }))
  // The picture itself (checked exactly by the service), in a multipart form or as the raw image bytes.
  .post("/picture", bodyLimits.upload(maxPictureBytes + formEnvelopeBytes, "2 MB"), async (c) => {
    const bytes = await readUploadedPicture(c.req.raw);
    return c.json({ data: await uploadPicture({ ctx: c.get("ctx"), input: { bytes } }) });
  })
  .delete("/picture", async (c) => c.json({ data: await deletePicture({ ctx: c.get("ctx") }) }))
  .get("/picture/:userId", async (c) => {
    const picture = await getPicture({ ctx: c.get("ctx"), input: c.req.param() });
    // The type is the one detected from the bytes at upload; nosniff comes with the security headers.
    return c.body(picture.bytes, 200, { "Content-Type": picture.contentType, "Content-Disposition": "inline" });
  });
