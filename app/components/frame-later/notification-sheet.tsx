import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { Skeleton } from "~/components/ui/skeleton";
import { formatRelativeTime } from "~/lib/format";
import { toLanguage } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { InboxEntry, loader as inboxLoader, action as inboxAction } from "~/routes/notifications";

const kindIcons: Record<InboxEntry["kind"], IconName> = {
  statement_closing: "credit-card",
  statement_due: "credit-card",
  statement_paid: "circle-check",
  planned_due: "calendar-clock",
  budget: "chart-pie",
  goal_reached: "target",
  balance_negative: "triangle-exclamation-point",
  bank_attention: "landmark",
  weekly_summary: "chart-column",
};

type SheetProps = { open: boolean; onOpenChange(open: boolean): void; count: number; onCount(count: number): void };

/**
 * The bell's inbox (README: "Reminders"): fetched when the bell is opened, a page at a time. Opening an
 * entry marks it read and goes to its screen. Its code loads when the page is idle (the bell, app/components/layout/notification-bell.tsx).
 */
export default function NotificationSheet({
  open: isOpen,
  onOpenChange: setIsOpen,
  count,
  onCount: setCount,
}: SheetProps) {
  const { t, i18n } = useTranslation("workspaces");
  const language = toLanguage(i18n.language) ?? "en";
  const [entries, setEntries] = useState<InboxEntry[]>([]);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const list = useFetcher<typeof inboxLoader>();
  const marker = useFetcher<typeof inboxAction>();
  useEffect(() => {
    if (isOpen && list.state === "idle" && list.data === undefined) list.load("/notifications");
  }, [isOpen, list]);
  useEffect(() => {
    if (!list.data) return;
    const page = list.data.notifications;
    setEntries((shown) => [...shown.filter((entry) => !page.some((item) => item.uuid === entry.uuid)), ...page]);
    setNextBefore(list.data.next_before);
    setCount(list.data.unread);
  }, [list.data, setCount]);
  useEffect(() => {
    if (typeof marker.data?.unread === "number") setCount(marker.data.unread);
  }, [marker.data, setCount]);

  const markRead = (id: string | null) => {
    const readAt = new Date().toISOString();
    setEntries((shown) =>
      shown.map((entry) => (id === null || entry.uuid === id ? { ...entry, read_at: entry.read_at ?? readAt } : entry)),
    );
    marker.submit(id ? { id } : {}, { method: "post", action: "/notifications" });
  };
  const isLoading = list.state === "loading" && entries.length === 0;
  const hasFailed = list.state === "idle" && list.data === undefined && isOpen && entries.length === 0;
  const now = Date.now();

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetContent side="right" className="w-full sm:max-w-md">
        <SheetHeader>
          <SheetTitle>{t("notifications.title")}</SheetTitle>
          <SheetDescription>
            {count > 0 ? t("notifications.unread", { count }) : t("notifications.allRead")}
          </SheetDescription>
        </SheetHeader>
        <SheetBody className="px-0">
          {isLoading ? (
            <div role="status" className="grid gap-3 p-6" aria-busy="true" aria-label={t("notifications.loading")}>
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} className="h-16 w-full" />
              ))}
            </div>
          ) : hasFailed ? (
            <p className="p-6 text-sm text-muted-foreground">{t("notifications.notLoaded")}</p>
          ) : entries.length === 0 ? (
            <div className="grid justify-items-center gap-2 p-10 text-center">
              <Icon name="bell" className="size-8 text-muted-foreground" />
              <p className="font-medium">{t("notifications.emptyTitle")}</p>
              <p className="text-sm text-muted-foreground">{t("notifications.emptyBody")}</p>
            </div>
          ) : (
            <ul className="divide-y">
              {entries.map((entry) => (
                <li key={entry.uuid} className={cn("relative", entry.read_at === null && "bg-accent/5")}>
                  <Link
                    to={entry.link}
                    onClick={() => {
                      if (entry.read_at === null) markRead(entry.uuid);
                      setIsOpen(false);
                    }}
                    className="flex gap-3 px-6 py-4 outline-none hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                  >
                    <Icon name={kindIcons[entry.kind]} className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span className={cn("text-sm", entry.read_at === null ? "font-semibold" : "font-medium")}>
                        {entry.title}
                        {entry.read_at === null ? (
                          <span className="sr-only">{t("notifications.unreadMark")}</span>
                        ) : null}
                      </span>
                      <span className="text-sm text-muted-foreground">{entry.body}</span>
                      <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                        <span>{entry.workspace.name}</span>
                        <span aria-hidden>·</span>
                        <time dateTime={entry.at}>{formatRelativeTime(entry.at, now, language)}</time>
                        {entry.delivery !== "in_app" ? (
                          <span className="font-medium text-destructive">
                            {t(
                              entry.delivery === "email_failed"
                                ? "notifications.emailFailed"
                                : "notifications.whatsappFailed",
                            )}
                          </span>
                        ) : null}
                      </span>
                      {entry.kind === "statement_due" && entry.can_act ? (
                        <span className="text-sm font-medium text-primary">{t("notifications.payStatement")}</span>
                      ) : null}
                    </span>
                    {entry.read_at === null ? (
                      <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {nextBefore ? (
            <div className="p-4 text-center">
              <Button
                variant="outline"
                size="sm"
                disabled={list.state === "loading"}
                onClick={() => list.load(`/notifications?before=${nextBefore}`)}
              >
                {t("notifications.older")}
              </Button>
            </div>
          ) : null}
        </SheetBody>
        <SheetFooter>
          <Button variant="outline" asChild>
            <Link to="/settings#reminders" onClick={() => setIsOpen(false)}>
              <Icon name="settings" />
              {t("notifications.settings")}
            </Link>
          </Button>
          <Button disabled={count === 0} onClick={() => markRead(null)}>
            <Icon name="check" />
            {t("notifications.markAllRead")}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
