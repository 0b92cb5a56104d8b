import type { i18n as I18n } from "i18next";

/** Why saving failed: the page's words for the code, else the code's general sentence, else "try again". */
export function failureReason(result: { code: string }, i18n: Pick<I18n, "exists" | "t">) {
  for (const key of [`transactions:errors.${result.code}`, `errors:${result.code}`]) {
    if (i18n.exists(key)) return i18n.t(key);
  }
  return i18n.t("transactions:errors.failed");
}
