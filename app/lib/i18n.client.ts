import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nextOptions, toLanguage, defaultLanguage } from "./i18n";

/** Every namespace but the Worker's own (the export files' headers), which no page reads. */
const loaders = import.meta.glob<Record<string, unknown>>(["../../locales/*/*.json", "!../../locales/*/exports.json"], {
  import: "default",
});

/** Loads locales/<language>/<namespace>.json as its own small chunk, only when asked. */
const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No locale file for ${language}/${namespace}`), false);
    load().then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * Before hydration: read the language and namespaces the server rendered with (<html lang>
 * and the i18n-namespaces meta tag) and load exactly those, so the first client render
 * matches the server's and nothing flashes.
 */
export async function initClientI18n() {
  const language = toLanguage(document.documentElement.lang) ?? defaultLanguage;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="i18n-namespaces"]');
  const namespaces = meta?.content.split(",").filter(Boolean) ?? ["common"];
  await i18next
    .use(localeFileBackend)
    .use(initReactI18next)
    .init({
      ...i18nextOptions,
      lng: language,
      // Both locales carry the same keys (a test enforces it), so no second language is fetched.
      fallbackLng: false,
      ns: namespaces,
      react: { useSuspense: false },
    });
  return i18next;
}
