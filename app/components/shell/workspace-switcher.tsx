import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Icon } from "~/components/ui/icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { WorkspaceInitial } from "~/components/ui/workspace-initial";

type WorkspaceOption = { uuid: string; name: string; primary_color: string; secondary_color: string };

/**
 * The same page of another workspace: /workspaces/A/cards?x=1 → /workspaces/B/cards?x=1
 * (docs/product.md#navigation).
 */
export function sameRouteIn(pathname: string, search: string, workspaceId: string): string {
  const rest = /^\/workspaces\/[^/]+(\/.*)?$/.exec(pathname)?.[1] ?? "/dashboard";
  return `/workspaces/${workspaceId}${rest}${search}`;
}

export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: WorkspaceOption;
  workspaces: WorkspaceOption[];
}) {
  const { t } = useTranslation("workspaces");
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring">
        <span className="truncate">{current.name}</span>
        <Icon name="chevrons-up-down" className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="sr-only">{t("shell.switchWorkspace")}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{t("shell.switchWorkspace")}</DropdownMenuLabel>
        {workspaces.map((workspace) => (
          <DropdownMenuItem
            key={workspace.uuid}
            onSelect={() => navigate(sameRouteIn(location.pathname, location.search, workspace.uuid))}
          >
            <WorkspaceInitial workspace={workspace} className="size-6 rounded text-xs" />
            <span className="truncate">{workspace.name}</span>
            {workspace.uuid === current.uuid ? <Icon name="check" className="ml-auto" aria-label="✓" /> : null}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/workspaces">
            <Icon name="layout-grid" />
            {t("shell.workspaces")}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
