import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { workspaceZipHref } from "~/lib/workspace-zip-href";
import { useLanguage } from "~/lib/use-language";

export type OwnedWorkspace = { uuid: string; name: string };

/**
 * Ending every session, and deleting the account behind a typed confirmation. Before that, the
 * dialog offers each workspace the person owns as a download (its owner's right on every plan).
 */
export function AccountActions({ email, ownedWorkspaces }: { email: string; ownedWorkspaces: OwnedWorkspace[] }) {
  const { t } = useTranslation("user-settings");
  const language = useLanguage();
  const fetcher = useFetcher();
  const isBusy = fetcher.state !== "idle";
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("sessions.title")}</CardTitle>
          <CardDescription>{t("sessions.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={isBusy}>
                <Icon name="log-out" />
                {t("sessions.signOutEverywhere")}
              </Button>
            }
            title={t("sessions.confirmTitle")}
            description={t("sessions.confirmBody")}
            confirmLabel={t("sessions.signOutEverywhere")}
            onConfirm={() => fetcher.submit({ intent: "sign-out-everywhere" }, { method: "post", flushSync: true })}
          />
        </CardContent>
      </Card>
      <Card className="border-destructive/30">
        <CardHeader>
          <CardTitle>{t("delete.title")}</CardTitle>
          <CardDescription>{t("delete.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ConfirmDialog
            trigger={
              <Button variant="destructive" disabled={isBusy}>
                <Icon name="trash" />
                {t("delete.button")}
              </Button>
            }
            title={t("delete.confirmTitle")}
            description={t("delete.confirmBody")}
            confirmLabel={t("delete.button")}
            typedConfirmation={{ label: t("delete.confirmLabel"), text: email }}
            onConfirm={() => fetcher.submit({ intent: "delete-account" }, { method: "post", flushSync: true })}
          >
            {ownedWorkspaces.length > 0 ? (
              <div className="grid gap-2 rounded-md border p-3 text-sm">
                <p className="text-muted-foreground">{t("delete.downloadFirst")}</p>
                <ul className="grid gap-1">
                  {ownedWorkspaces.map((workspace) => (
                    <li key={workspace.uuid} className="flex flex-wrap items-center justify-between gap-x-3">
                      <span className="font-medium">{workspace.name}</span>
                      <a
                        href={workspaceZipHref(workspace.uuid, language)}
                        download
                        className="inline-flex items-center gap-1 font-medium text-accent-text underline-offset-4 hover:underline"
                      >
                        <Icon name="download" />
                        {t("delete.downloadLink")}
                        <span className="sr-only">{t("delete.downloadOf", { name: workspace.name })}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </ConfirmDialog>
        </CardContent>
      </Card>
    </>
  );
}
