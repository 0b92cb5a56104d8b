import { LayoutGrid, LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Button } from "~/components/ui/button";

/** The signed-in top bar: brand, the current workspace, language, who is signed in, log out. */
export function AppHeader({ email, workspaceName }: { email: string; workspaceName?: string }) {
  const { t } = useTranslation("workspaces");
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        <Link to="/workspaces" aria-label={t("shell.switchWorkspace")} className="flex min-w-0 items-center gap-3">
          <Brand className="shrink-0" />
          {workspaceName ? (
            <span className="hidden min-w-0 items-center gap-2 truncate text-sm font-medium text-muted-foreground sm:flex">
              <span aria-hidden>/</span>
              <span className="truncate text-foreground">{workspaceName}</span>
            </span>
          ) : null}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {workspaceName ? (
            <Button variant="ghost" size="icon" asChild>
              <Link to="/workspaces" aria-label={t("shell.switchWorkspace")} title={t("shell.switchWorkspace")}>
                <LayoutGrid />
              </Link>
            </Button>
          ) : null}
          <LanguageSwitcher />
          <span className="hidden text-sm text-muted-foreground md:inline">{t("shell.signedInAs", { email })}</span>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline" size="sm">
              <LogOut aria-hidden />
              <span className="hidden sm:inline">{t("auth:logout")}</span>
              <span className="sr-only sm:hidden">{t("auth:logout")}</span>
            </Button>
          </Form>
        </div>
      </div>
    </header>
  );
}
