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

/** A fresh instance per request, initialised synchronously, so SSR renders the chosen language. */
export function createServerI18n(language: Language): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    ...i18nextOptions,
    lng: language,
    fallbackLng: "en",
    ns: Object.keys(resources[language] ?? {}),
    resources,
    initAsync: false,
  });
  return instance;
}
