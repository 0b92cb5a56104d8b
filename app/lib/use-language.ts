import { useTranslation } from "react-i18next";
import { defaultLanguage, toLanguage, type Language } from "~/lib/i18n";

/** The interface language, for the formatting module; the same on the server and in the browser. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language) ?? defaultLanguage;
}
