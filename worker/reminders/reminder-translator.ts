import english from "../../locales/en/reminders.json" with { type: "json" };
import portuguese from "../../locales/pt-BR/reminders.json" with { type: "json" };
import { namespaceSentences } from "../i18n/namespace-sentences.ts";

/**
 * The Worker's translator of locales/<language>/reminders.json, for the messages it sends (e-mail,
 * WhatsApp) and the inbox's entries; the pages translate the same file with their own.
 */
export const reminderTranslator = namespaceSentences("reminders", { en: english, "pt-BR": portuguese });
