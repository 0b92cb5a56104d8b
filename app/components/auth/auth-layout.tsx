import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Icon } from "~/components/ui/icon";

/** The frame of the sign-in and first-run screens: a brand panel beside the form (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-primary p-10 text-primary-foreground lg:flex lg:flex-col lg:justify-between">
        <Link to="/" aria-label={t("common:nav.home")} className="w-fit">
          <Brand tone="inverse" className="text-primary-foreground" />
        </Link>
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-semibold text-balance">{t("layout.tagline")}</p>
          <ul className="mt-8 grid gap-3 text-sm text-primary-100">
            {(["noPassword", "shared", "languages"] as const).map((point) => (
              <li key={point} className="flex items-center gap-3">
                <Icon name="circle-check" className="size-4 shrink-0 text-secondary" />
                {t(`layout.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-accent/30 blur-3xl"
        />
      </aside>
      <div className="flex flex-col">
        <header className="flex items-center justify-between gap-4 px-6 py-5">
          <Link to="/" aria-label={t("common:nav.home")} className="lg:invisible">
            <Brand />
          </Link>
          <LanguageSwitcher />
        </header>
        <main className="flex flex-1 items-start justify-center px-6 pt-6 pb-16 sm:items-center sm:pt-0">
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  );
}
