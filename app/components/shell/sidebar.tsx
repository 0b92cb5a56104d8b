import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { navigationGroups, sidebarCookieName } from "./navigation";

type SidebarProps = {
  workspaceId: string;
  showRecurring: boolean;
  initiallyCollapsed: string[];
  onNavigate?: () => void;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition",
    isActive
      ? "bg-primary text-primary-foreground shadow-sm"
      : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

/** The workspace's navigation: four collapsible groups, then the two settings links. */
export function Sidebar({ workspaceId, showRecurring, initiallyCollapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation("workspaces");
  const [collapsed, setCollapsed] = useState(() => new Set(initiallyCollapsed));

  const toggle = (groupId: string) => {
    const next = new Set(collapsed);
    if (next.has(groupId)) next.delete(groupId);
    else next.add(groupId);
    setCollapsed(next);
    const value = encodeURIComponent([...next].join(","));
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to render the sidebar as it was left
    document.cookie = `${sidebarCookieName}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
    localStorage.setItem(sidebarCookieName, [...next].join(","));
  };

  return (
    <nav data-app-chrome aria-label={t("shell.navigation")} className="flex h-full flex-col gap-1 p-3">
      {navigationGroups({ showRecurring }).map((group) => {
        const isOpen = !collapsed.has(group.id);
        const groupName = t(`shell.groups.${group.id}`);
        return (
          <div key={group.id} className="mb-1">
            <button
              type="button"
              onClick={() => toggle(group.id)}
              aria-expanded={isOpen}
              aria-controls={`nav-group-${group.id}`}
              aria-label={t(isOpen ? "shell.collapse" : "shell.expand", { group: groupName })}
              className="flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase hover:text-foreground"
            >
              <span aria-hidden>{groupName}</span>
              <Icon name="chevron-down" className={cn("size-3.5 transition-transform", !isOpen && "-rotate-90")} />
            </button>
            <ul id={`nav-group-${group.id}`} hidden={!isOpen} className="mt-0.5 grid gap-0.5">
              {group.items.map(({ area, icon, isBeta, loadsDocument }) => (
                // min-w-0: a long name truncates inside the panel rather than pushing the badge past its edge.
                <li key={area} className="min-w-0">
                  <NavLink
                    to={`/workspaces/${workspaceId}/${area}`}
                    className={linkClass}
                    onClick={onNavigate}
                    prefetch={loadsDocument ? "none" : "intent"}
                    reloadDocument={loadsDocument}
                  >
                    <Icon name={icon} className="size-4 shrink-0" />
                    <span className="min-w-0 truncate">{t(`areas.${area}`)}</span>
                    {isBeta ? (
                      <Badge variant="accent" className="ml-auto shrink-0">
                        {t("shell.beta")}
                      </Badge>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <div className="mt-auto grid gap-0.5 border-t pt-3">
        <NavLink to={`/workspaces/${workspaceId}/settings`} className={linkClass} onClick={onNavigate}>
          <Icon name="sliders-horizontal" className="size-4" />
          {t("shell.workspaceSettings")}
        </NavLink>
        <NavLink to="/settings" className={linkClass} onClick={onNavigate}>
          <Icon name="settings" className="size-4" />
          {t("shell.userSettings")}
        </NavLink>
      </div>
    </nav>
  );
}
