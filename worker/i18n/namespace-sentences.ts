import { createInstance } from "i18next";
import type { Language } from "./language.ts";

/** A namespace's sentence by key, its values interpolated (amounts and dates come formatted). */
export type Translator = (key: string, values?: Record<string, unknown>) => string;

/**
 * The sentences of one namespace of locales/{en,pt-BR}/, in an i18next instance of the Worker's own, so
 * what the Worker writes (API errors, e-mails, reminders) is translated without the pages' set-up. Loaded
 * synchronously (the JSON is bundled), with each language's plural forms; one translator per language.
 */
export function namespaceSentences(namespace: string, resources: Record<Language, object>) {
  const sentences = createInstance();
  void sentences.init({
    resources: { en: { [namespace]: resources.en }, "pt-BR": { [namespace]: resources["pt-BR"] } },
    ns: [namespace],
    defaultNS: namespace,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const translators = new Map<Language, Translator>();
  return (language: Language): Translator => {
    let t = translators.get(language);
    if (!t) {
      const fixed = sentences.getFixedT(language);
      t = (key, values) => fixed(key, values ?? {}) as string;
      translators.set(language, t);
    }
    return t;
  };
}
