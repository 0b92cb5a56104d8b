import { serverI18n } from "~/lib/i18n.server";
import { detectLanguage } from "~/lib/i18n";
import { themeColors } from "~/lib/color-theme";
import type { Route } from "./+types/manifest";

/** The app's icons (scripts/build-app-icons.ts draws them from the brand mark). */
export const appIcons = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;
const [shortcutIcon] = appIcons;

/**
 * The web app manifest (README: "Installable app"), in the person's language: what makes Moneta
 * installable on phones and desktops — its name, icons, colours, a standalone window, a start page that
 * opens the last workspace (or sign-in), and two shortcuts.
 */
export function loader({ request }: Route.LoaderArgs) {
  const language = detectLanguage(request);
  const { t } = serverI18n(language);
  const manifest = {
    id: "/app",
    name: "Moneta",
    short_name: "Moneta",
    description: t("common:app.description"),
    lang: language,
    dir: "ltr",
    start_url: "/app",
    scope: "/",
    display: "standalone",
    background_color: "#f6f6f9",
    theme_color: themeColors.light,
    categories: ["finance", "productivity"],
    icons: appIcons,
    shortcuts: [
      {
        name: t("common:app.newExpense"),
        url: "/app?to=new-expense",
        icons: [shortcutIcon],
      },
      {
        name: t("common:app.transactions"),
        url: "/app?to=transactions",
        icons: [shortcutIcon],
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
