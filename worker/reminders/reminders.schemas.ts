import { z } from "zod";
import { reminderChannels, reminderKinds } from "../../db/enums.ts";
import { timeZone } from "../workspaces/workspaces.schemas.ts";
import { isQuietHour } from "./reminder-hours.ts";

/**
 * A person's reminder settings as the settings page sends them (PUT /api/profile/reminders). Shared by the
 * page and the route. An hour between 22:00 and 07:00 needs `night_allowed`: people are not woken up by
 * a finance app unless they ask (./reminder-hours.ts).
 */
const channelChoices = z.object(
  Object.fromEntries(reminderChannels.map((channel) => [channel, z.boolean()])) as Record<
    (typeof reminderChannels)[number],
    z.ZodBoolean
  >,
);

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
