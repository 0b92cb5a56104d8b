import { CalendarClock, CreditCard, LayoutGrid } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Button } from "~/components/ui/button";
import { createServerI18n } from "~/lib/i18n.server";
import { detectLanguage } from "~/lib/i18n";
import { homeOf, lookUpViewer } from "~/lib/session.server";
import type { Route } from "./+types/home";

export const handle = { i18n: ["home"] };

export async function loader(args: Route.LoaderArgs) {
  // SPEC §2: a signed-in person goes to the remembered workspace's dashboard or /workspaces.
  const lookup = await lookUpViewer(args);
  if (lookup.status === "signed-in") throw redirect(homeOf(args, lookup.viewer));
  const t = createServerI18n(detectLanguage(args.request)).t;
  return { title: t("common:meta.title"), description: t("common:meta.description") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "description", content: loaderData?.description },
];

const features = [
  { key: "workspaces", Icon: LayoutGrid },
  { key: "cards", Icon: CreditCard },
  { key: "planning", Icon: CalendarClock },
] as const;

export default function Home() {
  const { t } = useTranslation("home");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-6 py-5">
        <Link to="/" aria-label={t("common:nav.home")}>
          <Brand />
        </Link>
        <nav className="flex items-center gap-3">
          <Link to="/style-guide" className="hidden text-sm font-medium text-muted-foreground hover:text-foreground sm:inline">
            {t("common:nav.styleGuide")}
          </Link>
          <LanguageSwitcher />
        </nav>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-6 pt-10 pb-20 sm:pt-20">
        <section className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-secondary-100 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden />
            {t("eyebrow")}
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-primary sm:text-6xl">{t("title")}</h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">{t("lead")}</p>
          <div className="mt-8">
            <Button size="lg" asChild>
              <Link to="/style-guide">{t("openStyleGuide")}</Link>
            </Button>
          </div>
        </section>
        <ul className="mt-16 grid gap-4 sm:grid-cols-3">
          {features.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border bg-card p-6 shadow-sm">
              <div className="grid size-10 place-items-center rounded-lg bg-accent-50 text-accent">
                <Icon className="size-5" aria-hidden />
              </div>
              <h2 className="mt-4 font-semibold text-foreground">{t(`features.${key}.title`)}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{t(`features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </main>
      <footer className="border-t bg-card">
        <p className="mx-auto max-w-6xl px-6 py-6 text-sm text-muted-foreground">{t("status")}</p>
      </footer>
    </div>
  );
}
