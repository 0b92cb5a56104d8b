import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nextOptions, languages, type Language } from "./i18n";

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});

/** Every namespace of every language, bundled into the Worker (a few KB of JSON). */
const resources: Resources = {};
for (const [path, messages] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace || !languages.includes(language as Language)) continue;
  (resources[language] ??= {})[namespace] = messages;
}

const instances = new Map<Language, i18n>();

/**
 * The i18next instance for a language, built once per Worker isolate and shared by every
 * request: server rendering only reads it (nothing on the server changes its language), and
 * building one costs more than rendering a small page's translations.
 */
export function serverI18n(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    instance.use(initReactI18next).init({
      ...i18nextOptions,
      lng: language,
      fallbackLng: "en",
      ns: Object.keys(resources[language] ?? {}),
      resources,
      initAsync: false,
    });
    instances.set(language, instance);
  }
  return instance;
}
