import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { NotificationBell } from "~/components/layout/notification-bell";
import { SkipLink } from "~/components/layout/skip-link";
import { UserMenu, type MenuUser } from "~/components/layout/user-menu";

type AppHeaderProps = {
  user: MenuUser;
  tierLabel: string;
  /** The bell's count, read with the page. */
  unreadNotifications: number;
  workspaceSwitcher?: ReactNode;
  menuButton?: ReactNode;
};

/**
 * The signed-in top bar: the skip link to the page's `<main id={mainContentId}>`, (phone menu),
 * brand and the workspace switcher, language, the notifications' bell, the user menu.
 */
export function AppHeader({ user, tierLabel, unreadNotifications, workspaceSwitcher, menuButton }: AppHeaderProps) {
  const { t } = useTranslation("workspaces");
  return (
    <header
      data-app-chrome
      className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <SkipLink />
      <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
        {menuButton}
        <Link to="/workspaces" aria-label={t("shell.brand")} className="shrink-0">
          <Brand />
        </Link>
        {workspaceSwitcher ? (
          <div className="hidden min-w-0 items-center gap-1 sm:flex">
            <span aria-hidden className="text-muted-foreground">
              /
            </span>
            {workspaceSwitcher}
          </div>
        ) : null}
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitcher />
          <NotificationBell unread={unreadNotifications} />
          <UserMenu user={user} tierLabel={tierLabel} />
        </div>
      </div>
    </header>
  );
}
