import { redirect, redirectDocument } from "react-router";
import { LandingPage } from "~/components/landing/landing-page";
import { serverI18n } from "~/lib/i18n.server";
import { detectLanguage, languageCookie, toLanguage } from "~/lib/i18n";
import { homeOf, lookUpViewer } from "~/lib/session.server";
import { appShellOf } from "~/lib/app-shell";
import { pageContext } from "../../worker/context";
import type { Route } from "./+types/home";

/**
 * The landing page is served as HTML and CSS with one small script of its own (see LandingPage):
 * root.tsx leaves out React Router's hydration scripts for it, which keeps its first load inside
 * the performance budget (docs/benchmarks.md, "Landing page"). For the same reason it brings its own
 * stylesheet (styles/landing-page.css) in place of the app's.
 */
export const handle = { i18n: ["landing"], hydrate: false, ownStylesheet: true };

/** A link to "/" from a hydrated page loads the document, so the page's own script runs. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw redirectDocument(request.url);
}

export async function loader(args: Route.LoaderArgs) {
  // docs/product.md#sign-in-and-onboarding: a signed-in person goes to the remembered workspace's dashboard
  // or /workspaces.
  const lookup = await lookUpViewer(args);
  if (lookup.status === "signed-in") throw redirect(homeOf(args, lookup.viewer));
  // The desktop wrapper is the app, not a visit: a signed-out person there signs in (the installed web
  // app does the same from the page, app/components/landing/landing-page.tsx).
  if (appShellOf(args.request) === "desktop") throw redirect("/login");
  const url = new URL(args.request.url);
  // The hreflang alternates point at /?lang=…: remember the choice as the switcher does, then show "/".
  const requested = toLanguage(url.searchParams.get("lang"));
  if (requested) {
    const secure = url.protocol === "https:" || args.context.get(pageContext).env.APP_ENV === "production";
    throw redirect("/", { headers: { "Set-Cookie": languageCookie(requested, secure) } });
  }
  const { t } = serverI18n(detectLanguage(args.request));
  return {
    // The page's own script carries the response's CSP nonce, as React Router's scripts do elsewhere.
    scriptNonce: args.context.get(pageContext).scope.cspNonce,
    origin: url.origin,
    title: t("landing:meta.title"),
    description: t("landing:meta.description"),
    locale: t("landing:meta.locale"),
    alternateLocale: t("landing:meta.alternateLocale"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { origin, title, description, locale, alternateLocale } = loaderData;
  const home = `${origin}/`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Moneta" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: home },
    { property: "og:locale", content: locale },
    { property: "og:locale:alternate", content: alternateLocale },
    { tagName: "link", rel: "canonical", href: home },
    { tagName: "link", rel: "alternate", hrefLang: "pt-BR", href: home },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: `${home}?lang=en` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: home },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return <LandingPage scriptNonce={loaderData.scriptNonce} />;
}
