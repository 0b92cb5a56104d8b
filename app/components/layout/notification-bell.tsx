import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { openedLater } from "~/components/ui/opened-later";

const NotificationSheet = openedLater(() =>
  import("~/components/frame-later/notification-sheet").then((module) => module.default),
);

/**
 * The bell in the header (README: "Reminders"): the unread count comes with the page; the inbox's code
 * arrives when the page is idle and its list is fetched when the bell is opened.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation("workspaces");
  const [isOpen, setIsOpen] = useState(false);
  const [count, setCount] = useState(unread);
  useEffect(() => setCount(unread), [unread]);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={count > 0 ? t("notifications.openUnread", { count }) : t("notifications.open")}
        onClick={() => setIsOpen(true)}
      >
        <Icon name="bell" />
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Button>
      <NotificationSheet open={isOpen} onOpenChange={setIsOpen} count={count} onCount={setCount} />
    </>
  );
}
