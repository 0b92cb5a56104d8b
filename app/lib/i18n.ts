/** The i18next set-up shared by the server and the browser. */

// Which language a request speaks is decided in worker/ (the Worker's e-mails need it too);
// app code keeps importing it from here.
export {
  defaultLanguage,
  detectLanguage,
  type Language,
  languageCookie,
  languages,
  toLanguage,
} from "../../worker/i18n/language";

/** The formatting locale for each interface language: worker/i18n/formats.ts. */
export { intlLocales } from "../../worker/i18n/formats";

/** Namespaces every page needs; routes add theirs with `handle.i18n`. */
export const baseNamespaces = ["common"] as const;

export type RouteI18nHandle = { i18n?: readonly string[] };

/** The namespaces a set of matched routes asks for, common first. */
export function namespacesFor(handles: readonly unknown[]): string[] {
  const namespaces = new Set<string>(baseNamespaces);
  for (const handle of handles) {
    for (const namespace of (handle as RouteI18nHandle | undefined)?.i18n ?? []) namespaces.add(namespace);
  }
  return [...namespaces];
}

export const i18nextOptions = {
  defaultNS: "common",
  fallbackNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
