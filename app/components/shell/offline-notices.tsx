import { useEffect } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { intlLocales } from "~/lib/i18n";
import { QueuedEntriesSender } from "~/components/transactions/queued-entries";
import { startOfflineApp, takeUpdate, useOfflineState } from "~/lib/service-worker-client";
import { useLanguage } from "~/lib/use-language";

/**
 * Above the page, while what it shows is the copy kept on this device ("Offline — data from today, 14:32")
 * or the connection is gone. When the connection comes back, the page fetches its data again, and the
 * notice goes once the network has answered (any data the page fetches live clears it).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { savedAt, isOnline } = useOfflineState();
  const { revalidate } = useRevalidator();
  // Only when the browser says the connection is back: a copy shown while it still thinks it is online
  // (a connection that answers nothing) is not fetched again in a loop.
  useEffect(() => {
    if (!savedAt) return;
    const refresh = () => void revalidate();
    window.addEventListener("online", refresh);
    return () => window.removeEventListener("online", refresh);
  }, [savedAt, revalidate]);
  if (!savedAt && isOnline) return null;
  return (
    <p
      role="status"
      className="mb-6 flex items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-2.5 text-sm font-medium text-foreground"
    >
      <Icon name="wifi-off" className="size-4 shrink-0" />
      {savedAt ? savedCopyText(savedAt, language, t) : t("offline.bannerLive")}
    </p>
  );
}

function savedCopyText(savedAt: string, language: ReturnType<typeof useLanguage>, t: TFunction) {
  const saved = new Date(savedAt);
  const locale = intlLocales[language];
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(saved);
  const isToday = saved.toDateString() === new Date().toDateString();
  if (isToday) return t("offline.bannerToday", { time });
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(saved);
  return t("offline.bannerOtherDay", { date, time });
}

/** A new build is ready: offered at the bottom of the screen (clear of the add buttons); reloading lets it take over. */
function AppUpdateNotice() {
  const { t } = useTranslation();
  const { waiting } = useOfflineState();
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-24 z-40 mx-auto flex w-fit max-w-sm items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm shadow-lg sm:bottom-5"
    >
      <Icon name="refresh-cw" className="size-4 shrink-0 text-accent-text" />
      <span>{t("offline.updateReady")}</span>
      <Button size="sm" onClick={takeUpdate}>
        {t("offline.updateReload")}
      </Button>
    </div>
  );
}

/**
 * What the shell adds once the page is live: the service worker registered (never on the public pages),
 * a new build offered, and — for people who may record money — what sends the entries recorded offline.
 */
export function OfflineAppParts({
  workspaceId,
  personId,
  canRecord,
}: {
  workspaceId: string;
  personId: string;
  canRecord: boolean;
}) {
  useEffect(startOfflineApp, []);
  return (
    <>
      {canRecord ? <QueuedEntriesSender workspaceId={workspaceId} personId={personId} /> : null}
      <AppUpdateNotice />
    </>
  );
}
