import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRouteLoaderData, useSubmit } from "react-router";
import type { loader as rootLoader } from "~/root";
import { type ColorTheme, toColorTheme } from "~/lib/color-theme";
import type { IconName } from "~/components/ui/icon-names";
import { openedLater } from "~/components/ui/opened-later";
import { useInstallOffer } from "~/lib/install-offer";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

/** How to install on an iPhone or iPad ("Add to Home Screen"), opened from the menu on Safari there. */
const InstallHintDialog = openedLater(() =>
  import("~/components/frame-later/install-hint-dialog").then((module) => module.InstallHintDialog),
);

export type MenuUser = { name: string | null; email: string; picture: string | null };

/**
 * The user menu (docs/product.md#navigation): name, e-mail, tier badge ("Free + Beta"), settings, workspaces,
 * installing the app (where the browser offers it, or how on an iPhone), the colour theme, log out.
 */
export function UserMenu({ user, tierLabel }: { user: MenuUser; tierLabel: string }) {
  const { t } = useTranslation("workspaces");
  const submit = useSubmit();
  const install = useInstallOffer();
  const [isHintOpen, setHintOpen] = useState(false);
  const name = user.name || user.email;
  return (
    <>
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
              {/* Named in text, not aria-label: inside a menu an element with a name of its own reads as an item. */}
              <Badge variant="secondary" className="mt-1">
                <span className="sr-only">{t("shell.tier", { tier: tierLabel })}</span>
                <span aria-hidden>{tierLabel}</span>
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
          {install ? (
            <DropdownMenuItem onSelect={() => (install.kind === "prompt" ? void install.install() : setHintOpen(true))}>
              <Icon name="download" />
              {t("common:app.install")}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <ThemeChoice />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
            <Icon name="log-out" />
            {t("auth:logout")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <InstallHintDialog open={isHintOpen} onOpenChange={setHintOpen} />
    </>
  );
}

const themeChoices: { theme: ColorTheme; icon: IconName; label: string }[] = [
  { theme: "light", icon: "sun", label: "shell.themeLight" },
  { theme: "dark", icon: "moon", label: "shell.themeDark" },
  { theme: "system", icon: "monitor", label: "shell.themeSystem" },
];

/**
 * Light, dark or the system's: painted at once on this page, and kept in a cookie (POST /theme) so the
 * server paints the next page's first byte in it (app/lib/color-theme.ts).
 */
function ThemeChoice() {
  const { t } = useTranslation("workspaces");
  const fetcher = useFetcher();
  const chosen = useRouteLoaderData<typeof rootLoader>("root")?.colorTheme ?? "system";
  const pending = toColorTheme(fetcher.formData?.get("theme")?.toString());
  return (
    <>
      <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{t("shell.theme")}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={pending ?? chosen}
        onValueChange={(value) => {
          const theme = toColorTheme(value);
          if (!theme) return;
          document.documentElement.dataset.theme = theme;
          void fetcher.submit({ theme }, { method: "post", action: "/theme" });
        }}
      >
        {themeChoices.map(({ theme, icon, label }) => (
          <DropdownMenuRadioItem key={theme} value={theme} onSelect={(event) => event.preventDefault()}>
            <Icon name={icon} />
            {t(label)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
