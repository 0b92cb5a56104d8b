import { useTranslation } from "react-i18next";

/** The id of a signed-in page's `<main>`, which also takes the focus (tabIndex -1) when jumped to. */
export const mainContentId = "main-content";

/** The first thing Tab reaches: hidden until focused, it jumps past the header and the sidebar to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      // Utilities the app already uses, but for one: the page's first load is near its budget.
      className="fixed top-4 left-2 z-50 rounded-md bg-card px-4 py-2 text-sm font-medium text-foreground shadow-lg ring-2 ring-primary not-focus:sr-only"
    >
      {t("actions.skipToContent")}
    </a>
  );
}
