import { useTranslation } from "react-i18next";
import { Link, useSubmit } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

export type MenuUser = { name: string | null; email: string; picture: string | null };

/**
 * The user menu (docs/product.md#navigation): name, e-mail, tier badge ("Free + Beta"), settings, workspaces,
 * log out.
 */
export function UserMenu({ user, tierLabel }: { user: MenuUser; tierLabel: string }) {
  const { t } = useTranslation("workspaces");
  const submit = useSubmit();
  const name = user.name || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t("shell.userMenu")}
        className="rounded-full ring-offset-2 ring-offset-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar name={name} picture={user.picture} alt={name} className="bg-accent text-accent-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-start gap-3 py-2 font-normal">
          <Avatar name={name} picture={user.picture} alt="" className="bg-accent text-accent-foreground" />
          <span className="grid min-w-0 gap-1">
            <span className="truncate text-sm font-semibold text-foreground">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            <Badge variant="secondary" className="mt-1" aria-label={t("shell.tier", { tier: tierLabel })}>
              {tierLabel}
            </Badge>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Icon name="settings" />
            {t("shell.userSettings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/workspaces">
            <Icon name="layout-grid" />
            {t("shell.workspaces")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
          <Icon name="log-out" />
          {t("auth:logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
