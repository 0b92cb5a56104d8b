import { createInstance } from "i18next";
import english from "../../locales/en/reminders.json" with { type: "json" };
import portuguese from "../../locales/pt-BR/reminders.json" with { type: "json" };
import type { Language } from "../i18n/language.ts";
import type { ReminderTranslator } from "./reminder-sentences.ts";

/**
 * The Worker's translator of locales/{en,pt-BR}/reminders.json, for the messages it sends (e-mail,
 * WhatsApp) and the unsubscribe answer; the pages translate the same file with their own.
 */
const sentences = createInstance();
void sentences.init({
  resources: { en: { reminders: english }, "pt-BR": { reminders: portuguese } },
  ns: ["reminders"],
  defaultNS: "reminders",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<Language, ReminderTranslator>();

export function reminderTranslator(language: Language): ReminderTranslator {
  let t = translators.get(language);
  if (!t) {
    const fixed = sentences.getFixedT(language);
    t = (key, values) => fixed(key, values ?? {}) as string;
    translators.set(language, t);
  }
  return t;
}
