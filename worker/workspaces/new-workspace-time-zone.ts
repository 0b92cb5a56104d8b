import type { Language } from "../i18n/language.ts";
import { timeZone } from "./workspaces.schemas.ts";

/** Where a page language is most likely used: Portuguese pages are Brazil's, English has no one home. */
const timeZoneByLanguage: Record<Language, string> = { "pt-BR": "America/Sao_Paulo", en: "UTC" };

/**
 * The zone a workspace created from a page starts with: the browser's, which the form carries
 * in `time_zone` once it has hydrated, or — when it is missing (sent before hydration, no
 * JavaScript) or not a zone this runtime knows — the page language's
 * (docs/decisions/026-a-new-workspace-starts-in-the-browsers-time-zone.md).
 */
export function newWorkspaceTimeZone(submitted: FormDataEntryValue | null, language: Language): string {
  const parsed = timeZone.safeParse(submitted);
  return parsed.success && parsed.data !== "" ? parsed.data : timeZoneByLanguage[language];
}
