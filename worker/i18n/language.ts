/**
 * Which language a request speaks: the supported languages, the switcher's cookie and the
 * detection order. Plain code with no imports, so the Worker (e-mails, the API) and the browser
 * app both read it; the i18next set-up stays in app/lib/i18n.ts.
 */
export const languages = ["en", "pt-BR"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
export const languageCookieName = "lang";
export const languageCookieMaxAgeSeconds = 60 * 60 * 24 * 365;

/** 'pt', 'pt-BR', 'pt_PT' → pt-BR; 'en', 'en-GB' → en; anything else → null. */
export function toLanguage(value: string | null | undefined): Language | null {
  const tag = value?.trim().toLowerCase().replace("_", "-");
  if (!tag) return null;
  if (tag === "pt" || tag.startsWith("pt-")) return "pt-BR";
  if (tag === "en" || tag.startsWith("en-")) return "en";
  return null;
}

/** One cookie's value from a Cookie header, decoded; null when absent. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Accept-Language entries ordered by q, best first. */
function acceptedTags(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((entry, position) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: quality ? Number(quality.slice(2)) || 0 : 1, position };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position)
    .map((entry) => entry.tag);
}

/** The language the visitor chose with the switcher, if any. */
export function languageFromCookie(request: Request): Language | null {
  return toLanguage(readCookie(request.headers.get("Cookie"), languageCookieName));
}

/** Public marketing pages speak Portuguese unless the visitor chose English (the cookie). */
export const portugueseFirstPaths = new Set(["/", "/privacy-policy", "/terms-of-use", "/terms"]);

/**
 * The cookie wins; then, for the app, Accept-Language, else the given default (English);
 * for the Portuguese-first public pages, Portuguese.
 */
export function detectLanguage(request: Request, fallback: Language = defaultLanguage): Language {
  const fromCookie = languageFromCookie(request);
  if (fromCookie) return fromCookie;
  if (portugueseFirstPaths.has(new URL(request.url).pathname)) return "pt-BR";
  for (const tag of acceptedTags(request.headers.get("Accept-Language"))) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return fallback;
}

export function languageCookie(language: Language, secure: boolean): string {
  return [
    `${languageCookieName}=${language}`,
    "Path=/",
    `Max-Age=${languageCookieMaxAgeSeconds}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
