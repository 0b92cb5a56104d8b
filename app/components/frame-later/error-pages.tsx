import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Brand } from "~/components/layout/brand";
import type { ErrorPageKind } from "~/components/layout/error-page";
import { LanguageSwitcher } from "~/components/layout/language-switcher";

/** Reloading is worth offering only where the failure may pass. */
const isRetryable = (kind: ErrorPageKind) => kind === "generic" || kind === "unavailable" || kind === "offline";

/**
 * In-app navigation offline to a page the device kept as a document but never as data: loading the
 * address as a page lets the service worker answer with the kept copy (decision 53).
 */
function useKeptCopyInstead(kind: ErrorPageKind) {
  useEffect(() => {
    if (kind !== "offline" || typeof caches === "undefined") return;
    void caches.match(`${window.location.origin}${window.location.pathname}`).then((kept) => {
      if (kept) window.location.reload();
    });
  }, [kind]);
}

/** What went wrong, in the visitor's language: the icon, the heading and the sentence under it. */
function ErrorMessage({ kind }: { kind: ErrorPageKind }) {
  const { t } = useTranslation();
  useKeptCopyInstead(kind);
  return (
    <>
      {/* React puts it in <head>: these pages come from error boundaries, which have no meta of their own. */}
      <title>{`${t(`errorPage.${kind}.title`)} — Moneta`}</title>
      <div className="mb-6 grid size-16 place-items-center rounded-2xl bg-accent-50 text-accent-text">
        <Icon
          name={kind === "notFound" ? "compass" : kind === "offline" ? "wifi-off" : "triangle-exclamation-point"}
          className="size-8"
        />
      </div>
      <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">{t(`errorPage.${kind}.eyebrow`)}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {t(`errorPage.${kind}.title`)}
      </h1>
      <p className="mt-4 text-base text-pretty text-muted-foreground">{t(`errorPage.${kind}.body`)}</p>
    </>
  );
}

function RetryLink() {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this address, with or without JavaScript */}
      <a href="">{t("errorPage.retry")}</a>
    </Button>
  );
}

/**
 * The 404 page, the refused-request page (403), the database-out-of-reach page (503) and the generic
 * error page, in the visitor's language.
 */
export function ErrorPage({ kind }: { kind: ErrorPageKind }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-5">
        <Link to="/" aria-label={t("nav.home")}>
          <Brand />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <ErrorMessage kind={kind} />
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">{t("errorPage.home")}</Link>
          </Button>
          {isRetryable(kind) ? <RetryLink /> : null}
        </div>
      </main>
    </div>
  );
}

/**
 * The same pages inside a workspace's shell, in place of the page that failed: the sidebar and the
 * header around it keep working, and the way out is the workspace's dashboard.
 */
export function WorkspaceErrorPanel({ kind, workspaceId }: { kind: ErrorPageKind; workspaceId: string }) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <ErrorMessage kind={kind} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={`/workspaces/${workspaceId}/dashboard`}>{t("errorPage.dashboard")}</Link>
        </Button>
        {isRetryable(kind) ? <RetryLink /> : null}
      </div>
    </section>
  );
}
