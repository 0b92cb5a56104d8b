import english from "../../locales/en/emails.json" with { type: "json" };
import portuguese from "../../locales/pt-BR/emails.json" with { type: "json" };
import { namespaceSentences } from "../i18n/namespace-sentences.ts";

/** The words of the e-mails that are not reminders (the sign-in code, an invitation): locales/<language>/emails.json. */
export const emailTranslator = namespaceSentences("emails", { en: english, "pt-BR": portuguese });
