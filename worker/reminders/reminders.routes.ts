import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { listNotifications, markNotificationsRead } from "./notifications.service.ts";
import { forgetPushDevice, getPushDevices, savePushDevice } from "./push-devices.service.ts";
import { getReminderSettings, unsubscribe, updateReminderSettings } from "./reminder-settings.service.ts";
import {
  inboxSchema,
  markedReadSchema,
  pushDevicesSchema,
  reminderSettingsResponseSchema,
  unsubscribedSchema,
} from "./reminders.responses.ts";
import { forgottenPushDeviceSchema, pushDeviceSchema, reminderSettingsSchema } from "./reminders.schemas.ts";

const tag = "Reminders";

/** The bell's inbox: GET /api/notifications and marking entries read. */
export const notificationRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    "/",
    describeRoute({
      tag,
      summary: "The caller's inbox: reminders whose hour has come, newest first",
      description:
        "Twenty at a time; `next_before` (an entry's uuid) as `before` gives the older ones. Only the workspaces the " +
        "caller is still a member of. `kind` and `values` say what it is about (the page words them in its language); " +
        "`link` is the screen to act on, and `can_act` whether the caller's role may act there (a viewer is shown " +
        "the statement, not offered to pay it). An e-mail that could not be delivered after its tries is listed with " +
        "`delivery: email_failed` (or `whatsapp_failed`). `unread` counts the unread in-app entries.",
      answer: answers.data(inboxSchema),
    }),
    validate("query", z.object({ before: z.string().max(64).optional() })),
    async (c) => c.json({ data: await listNotifications({ ctx: c.get("ctx"), input: c.req.valid("query") }) }),
  )
  .post(
    "/read",
    describeRoute({
      tag,
      summary: "Mark every entry of the inbox read",
      answer: answers.data(markedReadSchema),
    }),
    async (c) => c.json({ data: await markNotificationsRead({ ctx: c.get("ctx"), input: { notificationId: null } }) }),
  )
  .post(
    "/:notificationId/read",
    describeRoute({
      tag,
      summary: "Mark one entry of the inbox read",
      description:
        "404 for an entry that is not the caller's, or of a workspace they left. Marking it again changes nothing.",
      answer: answers.data(markedReadSchema),
    }),
    async (c) =>
      c.json({
        data: await markNotificationsRead({
          ctx: c.get("ctx"),
          input: { notificationId: c.req.param("notificationId") },
        }),
      }),
  );

/** The caller's reminder settings, under /api/profile. */
export const reminderSettingsRoutes = new Hono<ApiEnv>()
  .use("/reminders", requirePerson)
  .get(
    "/reminders",
    describeRoute({
      tag,
      summary: "The caller's reminder settings",
      description:
        "The local hour reminders go out (08:00 unless changed), the weekly summary's day (0 Sunday … 6 Saturday; " +
        "Monday unless changed), the caller's time zone (null: each workspace's own) and every kind on or off per " +
        "channel, the defaults filled in. `reachable` says which channels can reach the caller now.",
      answer: answers.data(reminderSettingsResponseSchema),
    }),
    async (c) => c.json({ data: await getReminderSettings({ ctx: c.get("ctx") }) }),
  )
  .put(
    "/reminders",
    describeRoute({
      tag,
      summary: "Change the caller's reminder settings",
      description:
        "The whole settings. An hour from 22:00 to 06:59 needs `night_allowed` (422 at `hour` otherwise); an unknown " +
        "time zone is 422 at `time_zone`.",
      answer: answers.data(reminderSettingsResponseSchema),
    }),
    validate("json", reminderSettingsSchema),
    async (c) => c.json({ data: await updateReminderSettings({ ctx: c.get("ctx"), input: c.req.valid("json") }) }),
  )
  .use("/push-devices", requirePerson)
  .use("/push-devices/*", requirePerson)
  .get(
    "/push-devices",
    describeRoute({
      tag,
      summary: "The key browsers subscribe to the caller's reminders with, and how many devices have",
      description:
        "`public_key` is the app's VAPID public key, the `applicationServerKey` of `PushManager.subscribe()`; null " +
        "where push is not set up (then no device can be added). `devices` counts the caller's browsers.",
      answer: answers.data(pushDevicesSchema),
    }),
    async (c) => c.json({ data: await getPushDevices({ ctx: c.get("ctx") }) }),
  )
  .put(
    "/push-devices",
    describeRoute({
      tag,
      summary: "Turn reminders on in this browser (its push subscription)",
      description:
        "The subscription as `PushSubscription.toJSON()` gives it. Saved again, it answers the same; a browser " +
        "another person had subscribed in becomes the caller's. Reminders set to `push` then reach it (Web Push, " +
        "encrypted for its keys, RFC 8291).",
      answer: answers.data(pushDevicesSchema),
    }),
    validate("json", pushDeviceSchema),
    async (c) => c.json({ data: await savePushDevice({ ctx: c.get("ctx"), input: c.req.valid("json") }) }),
  )
  .post(
    "/push-devices/forget",
    describeRoute({
      tag,
      summary: "Turn reminders off in this browser",
      description:
        "The caller's subscription at `endpoint` is forgotten; an address that is not the caller's changes nothing.",
      answer: answers.data(pushDevicesSchema),
    }),
    validate("json", forgottenPushDeviceSchema),
    async (c) => c.json({ data: await forgetPushDevice({ ctx: c.get("ctx"), input: c.req.valid("json") }) }),
  );

/** The one-click unsubscribe of a reminder e-mail: no session, the signed link is the proof. */
export const unsubscribeRoutes = new Hono<ApiEnv>().post(
  "/unsubscribe",
  bodyLimits.form(1024, "1 KB"),
  describeRoute({
    tag,
    summary: "Stop one kind of reminder e-mail (RFC 8058 one-click)",
    description:
      "The address of an e-mail's `List-Unsubscribe` header, posted by the mail client with " +
      "`List-Unsubscribe=One-Click`, or by the page the e-mail's link opens. `u`, `k` and `s` are the person, the kind " +
      "and the HMAC that signs both: a link changed in any way is 404 and changes nothing. Only e-mail of that kind " +
      "stops; the inbox keeps it. Posting it again answers the same.",
    query: z.object({ u: z.string(), k: z.string(), s: z.string() }),
    answer: answers.data(unsubscribedSchema),
  }),
  async (c) => c.json({ data: await unsubscribe(c.get("services"), new URL(c.req.url).searchParams) }),
);
