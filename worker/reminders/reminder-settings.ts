import type { ReminderChannel, ReminderKind } from "../../db/reminder-enums.ts";
import { reminderChannels, reminderKinds } from "../../db/reminder-enums.ts";
import type { reminderSettings } from "../../db/schema/index.ts";

/**
 * What a person is told and where, before they change anything: everything in the app; by e-mail the
 * statements falling due and the weekly summary; nothing by WhatsApp until they turn it on; on the devices
 * they turned notifications on in (push), what asks for action soon — a statement or an item falling due,
 * a budget running out, a balance going below zero, a bank connection needing them.
 */
const byEmailFirst: ReadonlySet<ReminderKind> = new Set(["statement_due", "weekly_summary"]);
const byPushFirst: ReadonlySet<ReminderKind> = new Set([
  "statement_due",
  "planned_due",
  "budget",
  "balance_negative",
  "bank_attention",
]);

export const defaultChoice = (kind: ReminderKind, channel: ReminderChannel): boolean =>
  channel === "in_app"
    ? true
    : channel === "email"
      ? byEmailFirst.has(kind)
      : channel === "push"
        ? byPushFirst.has(kind)
        : false;

export type SettingsRow = Pick<
  typeof reminderSettings.$inferSelect,
  "hour" | "weeklyDay" | "timeZone" | "nightAllowed" | "choices"
>;

export const defaultSettings: SettingsRow = {
  hour: 8,
  weeklyDay: 1,
  timeZone: null,
  nightAllowed: false,
  choices: "{}",
};

type Choices = Partial<Record<ReminderKind, Partial<Record<ReminderChannel, boolean>>>>;

function choicesOf(row: SettingsRow): Choices {
  try {
    const parsed: unknown = JSON.parse(row.choices);
    return typeof parsed === "object" && parsed !== null ? (parsed as Choices) : {};
  } catch {
    return {};
  }
}

/** Every kind's channels, on or off, as the person set them over the defaults. */
export function channelTable(row: SettingsRow): Record<ReminderKind, Record<ReminderChannel, boolean>> {
  const choices = choicesOf(row);
  return Object.fromEntries(
    reminderKinds.map((kind) => [
      kind,
      Object.fromEntries(
        reminderChannels.map((channel) => [channel, choices[kind]?.[channel] ?? defaultChoice(kind, channel)]),
      ),
    ]),
  ) as Record<ReminderKind, Record<ReminderChannel, boolean>>;
}

/** Only what differs from the defaults is kept, so a default changed later reaches those who never chose. */
export function choicesFrom(table: Record<ReminderKind, Partial<Record<ReminderChannel, boolean>>>): string {
  const kept: Choices = {};
  for (const kind of reminderKinds)
    for (const channel of reminderChannels) {
      const value = table[kind][channel];
      if (value !== undefined && value !== defaultChoice(kind, channel))
        kept[kind] = { ...kept[kind], [channel]: value };
    }
  return JSON.stringify(kept);
}
