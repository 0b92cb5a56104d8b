import { createInstance } from "i18next";
import english from "../../locales/en/errors.json";
import portuguese from "../../locales/pt-BR/errors.json";
import type { Language } from "./language.ts";

/**
 * The API's error sentences, from locales/{en,pt-BR}/errors.json: only the errors namespace, in an
 * i18next instance of the Worker's own, so the API translates without the page app's set-up.
 * Loaded synchronously at import (the JSON is bundled), with i18next's number formatting for
 * bounds such as {{max, number(minimumFractionDigits: 2)}}.
 */
const sentences = createInstance();
void sentences.init({
  resources: { en: { errors: english }, "pt-BR": { errors: portuguese } },
  ns: ["errors"],
  defaultNS: "errors",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<Language, ReturnType<typeof sentences.getFixedT>>();

/** `errors:<key>` in a language, its values interpolated. */
export function errorSentence(key: string, values: Record<string, unknown>, language: Language): string {
  let t = translators.get(language);
  if (!t) {
    t = sentences.getFixedT(language);
    translators.set(language, t);
  }
  return t(key, values) as string;
}
