/**
 * A reminder's words from its kind and values (locales/<language>/reminders.json): the same sentences in
 * the bell's list (the page's translator) and in the e-mails and WhatsApp messages (the Worker's). Amounts
 * and dates are formatted for the language, each amount in its own currency.
 */
import type { ReminderKind } from "../../db/reminder-enums.ts";
import { formatAmountText, formatDate } from "../i18n/formats.ts";
import type { Language } from "../i18n/language.ts";

/** A translator of the `reminders` namespace: `messages.<kind>.title` and its values. */
export type ReminderTranslator = (key: string, values?: Record<string, unknown>) => string;

export type ReminderValues = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : value === undefined ? "" : String(value));

/** The message's key under `messages.`: a kind, or a kind and the variant its values pick. */
function messageKey(kind: ReminderKind, values: ReminderValues): string {
  if (kind === "statement_due") return `statement_due_${values.days === 0 ? 0 : 3}`;
  if (kind === "planned_due") return `planned_due_${text(values.kind) || "expense"}`;
  if (kind === "budget") return `budget_${values.threshold === 100 ? 100 : 80}`;
  if (kind === "bank_attention") return `bank_attention_${text(values.reason) || "needs_login"}`;
  return kind;
}

/**
 * A reminder's words in `language`: its message key (`messages.<key>`), the values as they are shown
 * (amounts and dates formatted), its title and its body. The weekly summary's body is its first sentence
 * and `details`, the sentences that depend on the week.
 */
export function reminderParts(t: ReminderTranslator, language: Language, kind: ReminderKind, values: ReminderValues) {
  const currency = text(values.currency) || text(values.currency_of) || "USD";
  const money = (value: unknown) => formatAmountText(text(value) || "0", currency, language);
  const day = (value: unknown) => (text(value) ? formatDate(text(value), language, { style: "medium" }) : "");
  const shown: Record<string, unknown> = {
    ...values,
    name: values.all_spending ? t("messages.allSpending") : text(values.name),
    amount: money(values.amount),
    spent: money(values.spent),
    available: money(values.available),
    balance: money(values.balance),
    before: money(values.spent_before),
    percent: `${Math.round(Number(values.percent ?? 0))}%`,
    date: day(values.date),
    due: day(values.due),
    closing: day(values.closing),
  };
  const key = messageKey(kind, values);
  const path = `messages.${key}`;
  const title = t(`${path}.title`, shown);
  if (kind === "balance_negative")
    return { key, shown, title, body: t(`${path}.${text(values.cause) ? "bodyCause" : "body"}`, shown) };
  if (kind !== "weekly_summary") return { key, shown, title, body: t(`${path}.body`, shown) };
  const tags = Array.isArray(values.tags) ? (values.tags as string[]) : [];
  const others = Array.isArray(values.other_currencies) ? (values.other_currencies as string[]) : [];
  const count = Number(values.due_count ?? 0);
  const details = [
    others.length > 0 ? t(`${path}.others`, { currencies: others.join(", ") }) : "",
    tags.length > 0
      ? t(`${path}.tags`, {
          tags: tags
            .map((entry) => {
              const [name, amount] = entry.split("\t");
              return `${name} (${money(amount)})`;
            })
            .join(", "),
        })
      : "",
    count > 0 ? t(`${path}.due`, { count }) : t(`${path}.dueNone`),
  ]
    .filter(Boolean)
    .join(" ");
  const spentLine = t(`${path}.spent`, shown);
  return { key, shown: { ...shown, details }, title, body: `${spentLine} ${details}` };
}

/** Title and body of a reminder in `language`. */
export function reminderSentences(
  t: ReminderTranslator,
  language: Language,
  kind: ReminderKind,
  values: ReminderValues,
): { title: string; body: string } {
  const { title, body } = reminderParts(t, language, kind, values);
  return { title, body };
}
