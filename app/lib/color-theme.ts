/**
 * The colour theme a person chose in the user menu — light, dark, or the system's — kept in a cookie so
 * the server paints the first byte in it (docs/decisions/052-dark-mode-painted-by-the-server.md). "system" is the
 * default: the stylesheet follows `prefers-color-scheme` then, so no script has to run before the paint.
 */
import { readCookie } from "../../worker/i18n/language";

export const colorThemes = ["light", "dark", "system"] as const;
export type ColorTheme = (typeof colorThemes)[number];

export const colorThemeCookieName = "theme";
const maxAgeSeconds = 60 * 60 * 24 * 365;

export function toColorTheme(value: string | null | undefined): ColorTheme | null {
  return colorThemes.find((theme) => theme === value) ?? null;
}

/** The theme the request's cookie names, else the system's. */
export function colorThemeOf(request: Request): ColorTheme {
  return toColorTheme(readCookie(request.headers.get("Cookie"), colorThemeCookieName)) ?? "system";
}

export function colorThemeCookie(theme: ColorTheme, secure: boolean): string {
  return [
    `${colorThemeCookieName}=${theme}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The browser bar's colour in each theme: the app's ink in light, its dark page in dark. */
export const themeColors = { light: "#121127", dark: "#0f0f17" } as const;

/** In the browser: whether the page is painted dark now (chosen, or the system's when left to it). */
export function isPaintedDark(): boolean {
  const chosen = document.documentElement.dataset.theme;
  return chosen === "dark" || (chosen === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
}
