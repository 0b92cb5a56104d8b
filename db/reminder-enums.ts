// Apart from db/enums.ts, whose values every page's first load carries: only the reminder settings read these.

/**
 * What Moneta tells a person about (README: "Reminders"); each kind is turned on or off per channel. A
 * statement's "due" covers three days ahead and the day itself; "budget" covers 80 % and 100 % of a month.
 */
export const reminderKinds = [
  "statement_closing",
  "statement_due",
  "statement_paid",
  "planned_due",
  "budget",
  "goal_reached",
  "balance_negative",
  "bank_attention",
  "weekly_summary",
] as const;
export type ReminderKind = (typeof reminderKinds)[number];
/** Where a reminder reaches a person: the bell in the app, e-mail, WhatsApp. */
export const reminderChannels = ["in_app", "email", "whatsapp", "push"] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
