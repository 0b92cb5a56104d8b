import { z } from "zod";
import { reminderChannels, reminderKinds } from "../../db/reminder-enums.ts";
import { reminderSettingsSchema } from "./reminders.schemas.ts";

/**
 * One entry of the bell's inbox: what it is about (`kind` and `values`, which the page words in its
 * language), the workspace, the screen to act on (`link`, under /workspaces/{uuid}/) and whether the
 * caller's role may act there. `delivery` is `in_app`, or `email_failed` / `whatsapp_failed` for a message
 * that could not be delivered after its tries (a WhatsApp template Meta refused was sent by e-mail instead).
 */
export const notificationSchema = z.object({
  uuid: z.string(),
  kind: z.enum(reminderKinds),
  values: z.record(z.string(), z.unknown()),
  workspace: z.object({ uuid: z.string(), name: z.string() }),
  link: z.string(),
  can_act: z.boolean(),
  delivery: z.enum(["in_app", "email_failed", "whatsapp_failed"]),
  at: z.string(),
  read_at: z.string().nullable(),
});

export const inboxSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  /** Pass as `before` for the next, older entries; null at the end. */
  next_before: z.string().nullable(),
});

export const unreadSchema = z.object({ unread: z.number().int() });

export const markedReadSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** GET /profile/reminders: the settings, every kind's channels as they apply now, and which channels can reach the caller. */
export const reminderSettingsResponseSchema = z.object({
  settings: reminderSettingsSchema,
  reachable: z.object(
    Object.fromEntries(reminderChannels.map((channel) => [channel, z.boolean()])) as Record<
      (typeof reminderChannels)[number],
      z.ZodBoolean
    >,
  ),
});

export type ReminderSettingsResponse = z.infer<typeof reminderSettingsResponseSchema>;

export const unsubscribedSchema = z.object({ kind: z.enum(reminderKinds), email: z.literal(false) });

/** GET, PUT /profile/push-devices and its forget: the key to subscribe with (null: push is not set up) and the count. */
export const pushDevicesSchema = z.object({ public_key: z.string().nullable(), devices: z.number().int() });
