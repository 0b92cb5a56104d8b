import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AppHeader } from "~/components/layout/app-header";
import { mainContentId } from "~/components/layout/skip-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import type { MenuUser } from "~/components/layout/user-menu";
import { can } from "../../../worker/access/permissions";
import type { WorkspaceRole } from "../../../db/enums";
import { KeyboardShortcuts, OfflineAppParts, OfflineBanner } from "./shell-parts-later";
import { Sidebar } from "./sidebar";
import { WorkspaceSwitcher } from "./workspace-switcher";

type WorkspaceOption = { uuid: string; name: string; primary_color: string; secondary_color: string };
type CurrentWorkspace = WorkspaceOption & { role: WorkspaceRole };

type AppShellProps = {
  user: MenuUser & { uuid: string };
  tierLabel: string;
  unreadNotifications: number;
  workspace: CurrentWorkspace;
  workspaces: WorkspaceOption[];
  showRecurring: boolean;
  collapsedGroups: string[];
  children: ReactNode;
};

/**
 * Header, the sidebar (a slide-in drawer on phones) and the page; the desktop's keyboard shortcuts, and on
 * phones a button one tap from a new expense on every page (the dashboard has its own quick add). Above
 * the page, whether it is a copy kept on the device; below, a new build ready to load; and, unseen, what
 * sends the entries recorded offline.
 */
export function AppShell({
  user,
  tierLabel,
  unreadNotifications,
  workspace,
  workspaces,
  showRecurring,
  collapsedGroups,
  children,
}: AppShellProps) {
  const { t } = useTranslation("workspaces");
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const workspacePath = `/workspaces/${workspace.uuid}`;
  const isDashboard = useLocation().pathname === `${workspacePath}/dashboard`;
  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      workspaceId={workspace.uuid}
      showRecurring={showRecurring}
      initiallyCollapsed={collapsedGroups}
      onNavigate={onNavigate}
    />
  );
  return (
    <div className="min-h-dvh">
      <AppHeader
        user={user}
        tierLabel={tierLabel}
        unreadNotifications={unreadNotifications}
        workspaceSwitcher={<WorkspaceSwitcher current={workspace} workspaces={workspaces} />}
        menuButton={
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 lg:hidden"
            aria-label={t("shell.openMenu")}
            onClick={() => setIsDrawerOpen(true)}
          >
            <Icon name="menu" />
          </Button>
        }
      />
      <div className="flex">
        {/* The panel runs the page's whole height; its contents stay in view as the page scrolls. */}
        <aside className="hidden w-64 shrink-0 border-r bg-card lg:block">
          <div className="sticky top-14 h-[calc(100dvh-3.5rem)] overflow-y-auto">{sidebar()}</div>
        </aside>
        {/* On phones the page ends clear of the floating add button. */}
        <main id={mainContentId} tabIndex={-1} className="min-w-0 flex-1 px-4 pt-8 pb-24 outline-none sm:px-8 sm:pb-8">
          <OfflineBanner />
          {children}
        </main>
      </div>
      <KeyboardShortcuts workspaceId={workspace.uuid} />
      <OfflineAppParts
        workspaceId={workspace.uuid}
        personId={user.uuid}
        canRecord={can(workspace.role, "finances.write")}
      />
      {!isDashboard && can(workspace.role, "finances.write") ? (
        <Link
          to={`${workspacePath}/dashboard?new=expense`}
          aria-label={t("shell.addExpense")}
          className="fixed right-5 bottom-5 z-30 grid size-14 place-items-center rounded-full bg-accent text-accent-foreground shadow-lg sm:hidden"
        >
          <Icon name="plus" className="size-6" />
        </Link>
      ) : null}
      <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
        <SheetContent side="left" className="w-72 p-0">
          <SheetTitle className="border-b px-5 py-4 text-base">{workspace.name}</SheetTitle>
          <div className="border-b px-3 py-2 sm:hidden">
            <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
          </div>
          {sidebar(() => setIsDrawerOpen(false))}
        </SheetContent>
      </Sheet>
    </div>
  );
}
