/**
 * A person's reminder settings (README: "Reminders"): the hour, the weekly summary's day, their time zone,
 * and every kind on or off per channel. No row means the defaults (./reminder-settings.ts); the first
 * save creates it. The one-click unsubscribe of an e-mail turns one kind's e-mail off without signing in.
 */
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { botLinks, pushSubscriptions, reminderSettings, users } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { channelTable, choicesFrom, defaultSettings, type SettingsRow } from "./reminder-settings.ts";
import type { reminderSettingsResponseSchema, unsubscribedSchema } from "./reminders.responses.ts";
import type { ReminderSettingsInput } from "./reminders.schemas.ts";
import { verifiedUnsubscribe } from "./unsubscribe-link.ts";

type SettingsAnswer = z.infer<typeof reminderSettingsResponseSchema>;

function answerOf(row: SettingsRow, phone: string | null, devices: number): SettingsAnswer {
  return {
    settings: {
      hour: row.hour,
      weekly_day: row.weeklyDay,
      time_zone: row.timeZone,
      night_allowed: row.nightAllowed,
      channels: channelTable(row),
    },
    reachable: { in_app: true, email: true, whatsapp: phone !== null, push: devices > 0 },
  };
}

/** The caller's settings, linked phone and push devices, for a read batch (the settings page reads them with the rest). */
export function reminderSettingsQueries(ctx: PersonCall["ctx"]) {
  return {
    stored: ctx.db.select().from(reminderSettings).where(eq(reminderSettings.userId, ctx.actor.userId)),
    phones: ctx.db.select({ phone: botLinks.phone }).from(botLinks).where(eq(botLinks.userId, ctx.actor.userId)),
    devices: ctx.db
      .select({ count: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ctx.actor.userId)),
  };
}

export function toReminderSettings({
  stored,
  phones,
  devices,
}: {
  stored: readonly (typeof reminderSettings.$inferSelect)[];
  phones: readonly { phone: string }[];
  devices: readonly { count: number }[];
}): SettingsAnswer {
  return answerOf(stored[0] ?? defaultSettings, phones[0]?.phone ?? null, devices[0]?.count ?? 0);
}

/** GET /profile/reminders. */
export async function getReminderSettings({ ctx }: PersonCall): Promise<SettingsAnswer> {
  return toReminderSettings(await batchAsActor(ctx, reminderSettingsQueries(ctx)));
}

/** PUT /profile/reminders: the whole settings, as the page sends them. */
export async function updateReminderSettings({
  ctx,
  input,
}: PersonCall<ReminderSettingsInput>): Promise<SettingsAnswer> {
  const row = {
    hour: input.hour,
    weeklyDay: input.weekly_day,
    timeZone: input.time_zone,
    nightAllowed: input.night_allowed,
    choices: choicesFrom(input.channels),
    updatedAt: ctx.clock.now().toISOString(),
  };
  const { stored, phones, devices } = await batchAsActor(ctx, {
    saved: ctx.db
      .insert(reminderSettings)
      .values({ userId: ctx.actor.userId, ...row })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: row }),
    ...reminderSettingsQueries(ctx),
  });
  return toReminderSettings({ stored, phones, devices });
}

/**
 * POST /reminders/unsubscribe?u=…&k=…&s=… (RFC 8058 one-click, and the page's button): the signed link's
 * kind stops by e-mail for its person. Anything else in the link is refused and changes nothing.
 */
export async function unsubscribe(
  ctx: ServiceContext,
  query: URLSearchParams,
): Promise<z.infer<typeof unsubscribedSchema>> {
  const link = await verifiedUnsubscribe(ctx.env.JWT_SECRET, query);
  const invalid = () => new AppError("NOT_FOUND", "errors:details.unsubscribeLinkInvalid");
  if (!link) throw invalid();
  const [person] = await ctx.db
    .select({ id: users.id, stored: reminderSettings })
    .from(users)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(eq(users.id, link.userId));
  if (!person) throw invalid();
  const current = person.stored ?? defaultSettings;
  const table = channelTable(current);
  table[link.kind].email = false;
  const row = {
    hour: current.hour,
    weeklyDay: current.weeklyDay,
    timeZone: current.timeZone,
    nightAllowed: current.nightAllowed,
    choices: choicesFrom(table),
    updatedAt: ctx.clock.now().toISOString(),
  };
  await ctx.db
    .insert(reminderSettings)
    .values({ userId: link.userId, ...row })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { choices: row.choices, updatedAt: row.updatedAt } });
  ctx.log.info("reminders.unsubscribed", { kind: link.kind });
  return { kind: link.kind, email: false };
}
