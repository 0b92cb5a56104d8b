import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { notificationStatuses } from "../enums.ts";
import { reminderChannels, reminderKinds } from "../reminder-enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * One reminder to one person on one channel (README: "Reminders"). Its occurrence key — the person, the
 * kind, what it is about (`subject`: a card, a budget and its threshold, an item), the date it is about and
 * the channel — is unique and inserted in the same batch that decides it, so overlapping cron runs,
 * retries and redeploys never make it twice (docs/decisions/051-a-reminder-is-claimed-by-its-occurrence.md).
 * The in-app row is the inbox entry; the e-mail and WhatsApp rows are their deliveries.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    subject: text("subject").notNull(),
    about: text("about").notNull(),
    channel: text("channel", { enum: reminderChannels }).notNull(),
    /** What the message says, as values (JSON): amounts as decimal text with their currency, names, dates, the screen. */
    params: text("params").notNull(),
    /** Not shown or sent before this moment: the person's hour on the day it was decided. */
    sendAfter: timestampColumn("send_after").notNull(),
    /** Past this moment it is stale: dropped if not sent yet. */
    expiresAt: timestampColumn("expires_at").notNull(),
    status: text("status", { enum: notificationStatuses }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    /** A run sending it holds it until then; a run that died lets it go when it lapses. */
    leaseUntil: timestampColumn("lease_until"),
    /** The provider's last refusal, in its words (never shown to the person as is). */
    lastError: text("last_error"),
    sentAt: timestampColumn("sent_at"),
    readAt: timestampColumn("read_at"),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex("notifications_occurrence_key").on(table.userId, table.kind, table.subject, table.about, table.channel),
    index("notifications_inbox_idx").on(table.userId, table.sendAfter),
    index("notifications_delivery_idx").on(table.sendAfter).where(sql`${table.status} in ('waiting', 'sending')`),
  ],
);

/**
 * A person's reminder settings; no row means the defaults (worker/reminders/reminder-settings.ts). `choices`
 * holds only what the person changed: {"<kind>": {"<channel>": true|false}}.
 */
export const reminderSettings = sqliteTable("reminder_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The local hour reminders go out (0–23). */
  hour: integer("hour").notNull().default(8),
  /** The weekly summary's day: 0 Sunday … 6 Saturday. */
  weeklyDay: integer("weekly_day").notNull().default(1),
  /** The person's IANA time zone; null: each workspace's own. */
  timeZone: text("time_zone"),
  /** Whether an hour between 22:00 and 07:00 may be chosen. */
  nightAllowed: integer("night_allowed", { mode: "boolean" }).notNull().default(false),
  choices: text("choices").notNull().default("{}"),
  updatedAt: timestampColumn("updated_at").notNull(),
});

/**
 * The last local day whose reminders were decided for a workspace, and the moment its next day begins (in
 * its time zone then): each tick reads only the workspaces whose next day has come, never all of them.
 */
export const reminderDays = sqliteTable(
  "reminder_days",
  {
    workspaceId: text("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    decidedOn: text("decided_on").notNull(),
    decidedAt: timestampColumn("decided_at").notNull(),
    nextDayAt: timestampColumn("next_day_at").notNull(),
  },
  (table) => [index("reminder_days_next_day_idx").on(table.nextDayAt)],
);

/**
 * A browser a person turned notifications on in (README: "Reminders", the push channel): the push service's
 * address for it and the keys its messages are encrypted for (worker/push/web-push.ts). One browser has one
 * address; signed in as someone else, it becomes theirs. Removed when the push service says it is gone.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);
