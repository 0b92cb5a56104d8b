import { z } from "zod";
import { reminderChannels, reminderKinds } from "../../db/reminder-enums.ts";
import { timeZone } from "../workspaces/workspaces.schemas.ts";
import { isQuietHour } from "./reminder-hours.ts";

/**
 * A person's reminder settings as the settings page sends them (PUT /api/profile/reminders). Shared by the
 * page and the route. An hour between 22:00 and 07:00 needs `night_allowed`: people are not woken up by
 * a finance app unless they ask (./reminder-hours.ts).
 */
const channelChoices = z.object({
  ...(Object.fromEntries(reminderChannels.map((channel) => [channel, z.boolean()])) as Record<
    (typeof reminderChannels)[number],
    z.ZodBoolean
  >),
  // Added with notifications on devices: a client that predates it leaves it as it was by default.
  push: z.boolean().optional(),
});

/** A push service's address for one browser: https (plain http on this machine only, for tests and `npm start`). */
const pushEndpoint = z
  .string()
  .max(1024)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost"].includes(url.hostname))
      );
    } catch {
      return false;
    }
  }, "errors:fields.pushEndpointInvalid");

/** How many bytes unpadded base64url text holds. */
const decodedLength = (text: string) => Math.floor((text.length * 3) / 4);

const base64UrlOfLength = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "errors:fields.pushKeyInvalid")
    .refine((value) => decodedLength(value) === bytes, "errors:fields.pushKeyInvalid");

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it (PUT /api/profile/push-devices): its
 * address and the keys its messages are encrypted for (a P-256 public key, 65 bytes; a 16-byte secret).
 */
export const pushDeviceSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: base64UrlOfLength(65), auth: base64UrlOfLength(16) }),
});

export const forgottenPushDeviceSchema = z.object({ endpoint: z.string().max(1024) });

export const reminderSettingsSchema = z
  .object({
    hour: z.number().int().min(0).max(23),
    weekly_day: z.number().int().min(0).max(6),
    /** An IANA zone ("America/Sao_Paulo"); null: each workspace's own. */
    time_zone: timeZone.nullable(),
    night_allowed: z.boolean(),
    channels: z.object(
      Object.fromEntries(reminderKinds.map((kind) => [kind, channelChoices])) as Record<
        (typeof reminderKinds)[number],
        typeof channelChoices
      >,
    ),
  })
  .superRefine((value, context) => {
    if (!value.night_allowed && isQuietHour(value.hour))
      context.addIssue({ code: "custom", path: ["hour"], message: "errors:fields.reminderHourAtNight" });
  });

export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;
