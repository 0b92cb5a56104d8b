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
  resources[language] = { ...resources[language], [namespace]: messages };
}

const instances = new Map<Language, i18n>();

/** Interpolated answers remembered per instance; names and amounts vary, so the memory is bounded. */
const rememberedInterpolations = 4096;

const isPlainOptions = (value: unknown): value is Record<string, string | number | boolean> =>
  typeof value === "object" &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.values(value).every((entry) => ["string", "number", "boolean"].includes(typeof entry));

/**
 * i18next works out every t() call afresh (options merged, key resolved, interpolation run); a
 * page makes hundreds. On the server an instance never changes language or messages, so the same
 * call always gives the same text: a plain t(key) is looked up once per isolate, and a call whose
 * options are plain values ("Edit {{name}}") is remembered by key and options, up to a bound.
 * Anything else (nested objects, returnObjects answers) goes through as it is.
 */
function rememberTranslations(instance: i18n): void {
  type FixedT = ReturnType<i18n["getFixedT"]>;
  type Translate = (...args: unknown[]) => unknown;
  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => FixedT;
  const fixedTs = new Map<string, FixedT>();
  instance.getFixedT = ((...args: unknown[]) => {
    const cacheKey = JSON.stringify(args);
    let remembering = fixedTs.get(cacheKey);
    if (!remembering) {
      const fixed = getFixedT(...args) as unknown as Translate & { lng?: string; ns?: unknown; keyPrefix?: unknown };
      const plain = new Map<string, unknown>();
      const interpolated = new Map<string, unknown>();
      const translate: Translate = (key, ...rest) => {
        if (typeof key !== "string") return fixed(key, ...rest);
        if (rest.length === 0) {
          if (!plain.has(key)) plain.set(key, fixed(key));
          return plain.get(key);
        }
        if (rest.length > 1 || !isPlainOptions(rest[0])) return fixed(key, ...rest);
        const callKey = `${key}\u0000${JSON.stringify(rest[0])}`;
        let text = interpolated.get(callKey);
        if (text === undefined) {
          text = fixed(key, rest[0]);
          if (typeof text !== "string") return text;
          if (interpolated.size >= rememberedInterpolations) interpolated.clear();
          interpolated.set(callKey, text);
        }
        return text;
      };
      remembering = Object.assign(translate, {
        lng: fixed.lng,
        ns: fixed.ns,
        keyPrefix: fixed.keyPrefix,
      }) as unknown as FixedT;
      fixedTs.set(cacheKey, remembering);
    }
    return remembering;
  }) as i18n["getFixedT"];
}

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
    rememberTranslations(instance);
    instances.set(language, instance);
  }
  return instance;
}
