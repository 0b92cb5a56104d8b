import { createInstance } from "i18next";
import english from "../../locales/en/emails.json" with { type: "json" };
import portuguese from "../../locales/pt-BR/emails.json" with { type: "json" };
import type { Language } from "../i18n/language.ts";

/**
 * The words of the e-mails that are not reminders (the sign-in code, an invitation), from
 * locales/{en,pt-BR}/emails.json, in an i18next instance of the Worker's own: translated where they are
 * sent, with the counts' plural forms of each language.
 */
const sentences = createInstance();
void sentences.init({
  resources: { en: { emails: english }, "pt-BR": { emails: portuguese } },
  ns: ["emails"],
  defaultNS: "emails",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type EmailTranslator = (key: string, values?: Record<string, unknown>) => string;

const translators = new Map<Language, EmailTranslator>();

export function emailTranslator(language: Language): EmailTranslator {
  let t = translators.get(language);
  if (!t) {
    const fixed = sentences.getFixedT(language);
    t = (key, values) => fixed(key, values ?? {}) as string;
    translators.set(language, t);
  }
  return t;
}
