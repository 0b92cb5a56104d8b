import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { createLinkCode, unlinkPhone } from "../assistant/link.service.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { linkCodeSchema, unlinkedSchema } from "../assistant/link.responses.ts";
import { readUploadedPicture } from "./picture-upload.ts";
import { maxPictureBytes, pictureTypes } from "./picture.rules.ts";
import { deletePicture, getPicture, uploadPicture } from "./picture.service.ts";
import { updatePreferences } from "./preferences.service.ts";
import { updatePreferencesSchema, updateProfileSchema } from "./profile.schemas.ts";
import { deletedAccountSchema, preferencesSchema, profileSchema, profileStatsSchema } from "./profile.responses.ts";
import { deleteAccount, getProfile, getProfileStats, updateProfile } from "./profile.service.ts";

const tag = "Profile";

export const profileRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    "/",
    describeRoute({
      tag,
      summary: "The caller's account, with the assistant's settings and link",
      answer: answers.data(profileSchema),
    }),
    async (c) => c.json({ data: await getProfile({ ctx: c.get("ctx") }) }),
  )
  .put(
    "/",
    describeRoute({
      tag,
      summary: "Change the caller's name, username, phone or language",
      description:
        "Only the fields sent change; the e-mail address cannot. A username is unique whatever the letter case " +
        "(422 at `username` when taken); null clears it, as it clears the phone.",
      answer: answers.data(profileSchema),
    }),
    validate("json", updateProfileSchema),
    async (c) => c.json({ data: await updateProfile({ ctx: c.get("ctx"), input: c.req.valid("json") }) }),
  )
  .delete(
    "/",
    describeRoute({
      tag,
      summary: "Delete the caller's account",
      description:
        "Deletes the account, every session (all its tokens stop working at once), its memberships, preferences, " +
        "picture and linked phone, and the workspaces where the caller is the only owner, with all their data.",
      answer: answers.data(deletedAccountSchema),
    }),
    async (c) => c.json({ data: await deleteAccount({ ctx: c.get("ctx") }) }),
  )
  .get(
    "/stats",
    describeRoute({
      tag,
      summary: "The caller's workspaces, membership age and live sessions",
      answer: answers.data(profileStatsSchema),
    }),
    async (c) => c.json({ data: await getProfileStats({ ctx: c.get("ctx") }) }),
  )
  .put(
    "/preferences",
    describeRoute({
      tag,
      summary: "Change the WhatsApp assistant's settings",
      description:
        "Only the fields sent change (the row is created on the first save). The default workspace must be one where " +
        "the caller may record money (not as a viewer); the default account (active), card (active) and tag must be " +
        "that workspace's. An id that is not the caller's is 422 at its field, whether it exists or not. A stored " +
        "default that no longer fits the default workspace is cleared at the next save.",
      answer: answers.data(preferencesSchema),
    }),
    validate("json", updatePreferencesSchema),
    async (c) => c.json({ data: await updatePreferences({ ctx: c.get("ctx"), input: c.req.valid("json") }) }),
  )
  .post(
    "/assistant/link-code",
    describeRoute({
      tag,
      summary: "A one-time code to link a phone to the WhatsApp assistant",
      description:
        "Replaces the caller's earlier code; six digits, valid for 10 minutes. `message` is what to send from the " +
        "phone (`VINCULAR 482913`; `LINK 482913` works too); the phone that sends it becomes the caller's. " +
        "`PLAN_UPGRADE_REQUIRED` when the plan lacks `whatsapp_bot`; `RATE_LIMITED` after 10 codes in an hour.",
      answer: answers.created(linkCodeSchema),
      errors: ["PLAN_UPGRADE_REQUIRED", "RATE_LIMITED"],
    }),
    async (c) => c.json({ data: await createLinkCode({ ctx: c.get("ctx") }) }, 201),
  )
  .delete(
    "/assistant/link",
    describeRoute({
      tag,
      summary: "Unlink the caller's phone from the assistant",
      description:
        "The assistant stops answering it; nothing it recorded changes. `unlinked` is false when no phone was linked.",
      answer: answers.data(unlinkedSchema),
    }),
    async (c) => c.json({ data: await unlinkPhone({ ctx: c.get("ctx") }) }),
  )
  // The picture itself (checked exactly by the service), in a multipart form or as the raw image bytes.
  .post(
    "/picture",
    bodyLimits.upload(maxPictureBytes + formEnvelopeBytes, "2 MB"),
    describeRoute({
      tag,
      summary: "Store or replace the caller's picture",
      description:
        "A multipart form (the field `picture`, else its first file) or the raw bytes as the body — the one JSON API " +
        "write that is not JSON. The declared type is ignored: the bytes must be a JPG, PNG or GIF under 2 MB " +
        "(422 at `picture` otherwise). `picture` gets a new address with each upload.",
      answer: answers.data(profileSchema),
      upload: { form: z.object({ picture: z.file() }), types: pictureTypes },
      errors: ["VALIDATION_FAILED"],
    }),
    async (c) => {
      const bytes = await readUploadedPicture(c.req.raw);
      return c.json({ data: await uploadPicture({ ctx: c.get("ctx"), input: { bytes } }) });
    },
  )
  .delete(
    "/picture",
    describeRoute({ tag, summary: "Remove the caller's picture", answer: answers.data(profileSchema) }),
    async (c) => c.json({ data: await deletePicture({ ctx: c.get("ctx") }) }),
  )
  .get(
    "/picture/:userId",
    describeRoute({
      tag,
      summary: "A person's picture",
      description:
        "The caller's own, or that of someone sharing a workspace with the caller, with the type detected at upload; " +
        "anyone else's is 404, as a missing picture is.",
      answer: answers.file(...pictureTypes),
    }),
    async (c) => {
      const picture = await getPicture({ ctx: c.get("ctx"), input: c.req.param() });
      // The type is the one detected from the bytes at upload; nosniff comes with the security headers.
      return c.body(picture.bytes, 200, { "Content-Type": picture.contentType, "Content-Disposition": "inline" });
    },
  );
