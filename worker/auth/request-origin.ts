import { detectLanguage, type Language } from "../i18n/language.ts";

/** Who asked, for rate limits, the e-mail's language and the session's label. */
export type RequestOrigin = { ip: string; userAgent: string | null; language: Language };

/** The client's address (Cloudflare sets CF-Connecting-IP), agent and language. */
export function requestOriginOf(request: Request): RequestOrigin {
  return {
    ip: request.headers.get("CF-Connecting-IP") ?? "local",
    userAgent: request.headers.get("User-Agent"),
    language: detectLanguage(request),
  };
}
