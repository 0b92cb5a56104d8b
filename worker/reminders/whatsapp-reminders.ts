/**
 * Reminders on WhatsApp (README: "Reminders"). Outside the 24 hours after a person's last message, the
 * Cloud API delivers only templates Meta has approved, so each message key is one template per language:
 * its text is the message's title in bold, a blank line, its body (from locales/<language>/reminders.json,
 * the {{placeholders}} as named parameters) and a signature, as Meta refuses a template ending on a
 * parameter. `npm run whatsapp:templates` prints them as Meta's API takes them. The names are
 * configuration: `moneta_<key>` unless WHATSAPP_REMINDER_TEMPLATES (JSON, key → name) says otherwise.
 */
import english from "../../locales/en/reminders.json" with { type: "json" };
import portuguese from "../../locales/pt-BR/reminders.json" with { type: "json" };
import type { ReminderKind } from "../../db/reminder-enums.ts";
import type { Env } from "../env.ts";
import type { Language } from "../i18n/language.ts";
import { reminderParts, type ReminderValues } from "./reminder-sentences.ts";
import { reminderTranslator } from "./reminder-translator.ts";

/** Meta's codes for our languages. */
export const templateLanguages: Record<Language, string> = { en: "en_US", "pt-BR": "pt_BR" };

type Messages = typeof english.messages;
const messagesOf: Record<Language, Messages> = { en: english.messages, "pt-BR": portuguese.messages };

/** Every template: a message key, and for a balance going negative the variant that names the cause. */
export const templateKeys = [
  "statement_closing",
  "statement_due_3",
  "statement_due_0",
  "statement_paid",
  "planned_due_expense",
  "planned_due_income",
  "planned_due_transfer",
  "planned_due_pay_credit_card",
  "budget_80",
  "budget_100",
  "goal_reached",
  "balance_negative",
  "balance_negative_cause",
  "bank_attention_needs_login",
  "bank_attention_consent_expired",
  "bank_attention_consent_expiring",
  "weekly_summary",
] as const;
export type TemplateKey = (typeof templateKeys)[number];

const signature = "— Moneta";

/** The template's text in a language, its parameters as {{name}}. */
export function templateText(key: TemplateKey, language: Language): string {
  const messages = messagesOf[language];
  const text = (title: string, body: string) => `*${title}*\n\n${body}\n\n${signature}`;
  if (key === "weekly_summary")
    return text(messages.weekly_summary.title, `${messages.weekly_summary.spent} {{details}}`);
  if (key === "balance_negative_cause")
    return text(messages.balance_negative.title, messages.balance_negative.bodyCause);
  const message = messages[key] as { title: string; body: string };
  return text(message.title, message.body);
}

/** The parameters a template's text names, in order, once each. */
export function templateParameters(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))];
}

/** The configured name of a key's template. */
export function templateName(env: Pick<Env, "WHATSAPP_REMINDER_TEMPLATES">, key: TemplateKey): string {
  try {
    const names = JSON.parse(env.WHATSAPP_REMINDER_TEMPLATES || "{}") as Record<string, unknown>;
    const name = names[key];
    if (typeof name === "string" && name) return name;
  } catch {
    // A malformed setting is the operator's to fix; the default names still send.
  }
  return `moneta_${key}`;
}

/** The Cloud API's body for a reminder to `phone`: its template, language and named parameters. */
export function reminderTemplateMessage(
  env: Pick<Env, "WHATSAPP_REMINDER_TEMPLATES">,
  input: { phone: string; language: Language; kind: ReminderKind; values: ReminderValues },
) {
  const { key: messageKey, shown } = reminderParts(
    reminderTranslator(input.language),
    input.language,
    input.kind,
    input.values,
  );
  const key = (
    input.kind === "balance_negative" && input.values.cause ? "balance_negative_cause" : messageKey
  ) as TemplateKey;
  const text = templateText(key, input.language);
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: input.phone,
    type: "template",
    template: {
      name: templateName(env, key),
      language: { code: templateLanguages[input.language] },
      components: [
        {
          type: "body",
          parameters: templateParameters(text).map((name) => ({
            type: "text",
            parameter_name: name,
            text: String(shown[name] ?? ""),
          })),
        },
      ],
    },
  } as const;
}

/**
 * Whether Meta refused the template itself (not approved, paused, disabled, its parameters not matching):
 * trying again will not help, and the reminder goes by e-mail instead. Codes 132000–132099 are the
 * template errors of the Cloud API.
 */
export const isTemplateRefusal = (code: number | null) => code !== null && code >= 132000 && code < 132100;
