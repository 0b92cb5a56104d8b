import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";

/**
 * Leaving asks once; deleting asks for the workspace's name to be typed. The only owner is not offered
 * Leave (the server would refuse it, LAST_OWNER) but told how to hand the workspace over first.
 */
export function DangerZone({
  workspaceName,
  isOwner,
  isSoleOwner,
}: {
  workspaceName: string;
  isOwner: boolean;
  isSoleOwner: boolean;
}) {
  const { t } = useTranslation("workspace-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "general.saved");
  const isBusy = fetcher.state !== "idle";
  return (
    <Card className="border-destructive/30">
      <CardHeader>
        <CardTitle>{t("danger.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isSoleOwner ? (
          <p className="max-w-md text-sm text-muted-foreground">{t("danger.soleOwner")}</p>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="max-w-md text-sm text-muted-foreground">{t("danger.leaveHint")}</p>
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={isBusy}>
                  <Icon name="log-out" />
                  {t("danger.leave")}
                </Button>
              }
              title={t("danger.leaveConfirm", { name: workspaceName })}
              description={t("danger.leaveHint")}
              confirmLabel={t("danger.leave")}
              onConfirm={() => fetcher.submit({ intent: "leave" }, { method: "post", flushSync: true })}
            />
          </div>
        )}
        {isOwner ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <p className="max-w-md text-sm text-muted-foreground">{t("danger.deleteHint")}</p>
            <ConfirmDialog
              trigger={
                <Button variant="destructive" disabled={isBusy}>
                  <Icon name="trash" />
                  {isBusy ? t("danger.deleting") : t("danger.delete")}
                </Button>
              }
              title={t("danger.deleteConfirmTitle", { name: workspaceName })}
              description={t("danger.deleteConfirmBody")}
              confirmLabel={t("danger.delete")}
              typedConfirmation={{ label: t("danger.deleteConfirmLabel"), text: workspaceName }}
              onConfirm={() => fetcher.submit({ intent: "delete" }, { method: "post", flushSync: true })}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
