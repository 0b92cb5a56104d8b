import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, errorPageKindOf } from "./components/layout/error-page";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { Toaster } from "./components/ui/toast";
import { detectLanguage, namespacesFor } from "./lib/i18n";
import { refusedPagesAsErrorPage } from "./lib/session.server";
import { colorThemeOf, themeColors } from "./lib/color-theme";
import { appShellOf } from "./lib/app-shell";
import { themeStyleSheet } from "./lib/theme";
import fontUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import stylesheet from "./styles/app.css?url";
import { keepsDataWhenKept } from "~/lib/offline-revalidation";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * A page write from another site (refused by the Worker before any action) answers 403 with the error
 * page; a page whose database was out of reach, 503.
 */
export const middleware: Route.MiddlewareFunction[] = [refusedPagesAsErrorPage];

export function loader({ request }: Route.LoaderArgs) {
  return {
    language: detectLanguage(request),
    colorTheme: colorThemeOf(request),
    shell: appShellOf(request),
    // The default colours' style sheet (a workspace page's layout hands over its own); the public landing
    // page's is light only. Written on the server, so the browser never loads the colour arithmetic.
    themeStyle: themeStyleSheet(undefined, { isLightOnly: new URL(request.url).pathname === "/" }),
  };
}

/** An entry kept on the device while offline changed nothing on the server: the page keeps its data. */
export const shouldRevalidate = keepsDataWhenKept;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const language = rootData?.language ?? i18n.language;
  const matches = useMatches();
  const namespaces = namespacesFor(matches.map((match) => match.handle));
  // A route with `handle.hydrate === false` (the landing page) is HTML and CSS plus its own small
  // script: no React in the browser, so no hydration scripts and no React toaster.
  const handles = matches.map((match) => match.handle as { hydrate?: boolean; ownStylesheet?: boolean } | undefined);
  const isHydrated = !handles.some((handle) => handle?.hydrate === false);
  // A route with `handle.ownStylesheet` (the landing page) imports a whole stylesheet of its own.
  const usesAppStylesheet = !handles.some((handle) => handle?.ownStylesheet);
  // A workspace page's layout hands over its colours' style sheet; they theme the whole app, dialogs included.
  const themeStyle = matches
    .map((match) => (match.loaderData as { themeStyle?: string } | undefined)?.themeStyle)
    .findLast(Boolean);
  // The landing page keeps its light design; every other page takes the person's theme.
  const colorTheme = usesAppStylesheet ? (rootData?.colorTheme ?? "system") : "light";

  // Marks a live page: end-to-end tests wait for it before they click (tests/support/browser.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  // After the language switcher's action the root loader answers with the new language.
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  return (
    <html lang={language} data-theme={colorTheme} data-shell={rootData?.shell ?? "browser"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {colorTheme === "system" ? (
          <>
            <meta name="theme-color" content={themeColors.light} media="(prefers-color-scheme: light)" />
            <meta name="theme-color" content={themeColors.dark} media="(prefers-color-scheme: dark)" />
          </>
        ) : (
          <meta name="theme-color" content={themeColors[colorTheme]} />
        )}
        {usesAppStylesheet ? (
          <>
            {/* Installable (README: "Installable app"): the manifest, and what iOS reads for its Home Screen. */}
            <link rel="manifest" href="/manifest.webmanifest" />
            <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
            <meta name="apple-mobile-web-app-capable" content="yes" />
            <meta name="apple-mobile-web-app-title" content="Moneta" />
          </>
        ) : null}
        {/* The workspace's colours, light and dark (app/lib/theme.ts): in the first byte, so no flash. */}
        {themeStyle ? <style>{themeStyle}</style> : null}
        <meta name="i18n-namespaces" content={namespaces.join(",")} />
        <Meta />
        {/* The app's pages preload the font. The landing page paints in the fallback font first
            (font-display: swap) rather than share a phone's bandwidth with it while its CSS loads. */}
        {isHydrated ? <link rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" /> : null}
        {usesAppStylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        {/* Stylesheets need no nonce under our CSP; browsers hide nonce attributes, so an
            empty one keeps server and client markup equal during hydration. */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh">
        {children}
        {isHydrated ? (
          <>
            <NavigationProgress />
            <Toaster />
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage kind={errorPageKindOf(useRouteError())} />;
}
