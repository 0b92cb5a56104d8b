import english from "../../locales/en/errors.json";
import portuguese from "../../locales/pt-BR/errors.json";
import type { Language } from "./language.ts";
import { namespaceSentences } from "./namespace-sentences.ts";

/**
 * The API's error sentences, from locales/{en,pt-BR}/errors.json, with i18next's number formatting for
 * bounds such as {{max, number(minimumFractionDigits: 2)}}.
 */
const errorTranslator = namespaceSentences("errors", { en: english, "pt-BR": portuguese });

/** `errors:<key>` in a language, its values interpolated. */
export function errorSentence(key: string, values: Record<string, unknown>, language: Language): string {
  return errorTranslator(language)(key, values);
}
