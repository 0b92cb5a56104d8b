import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";

/** Ending every session, and deleting the account behind a typed confirmation. */
export function AccountActions({ email }: { email: string }) {
  const { t } = useTranslation("user-settings");
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
          />
        </CardContent>
      </Card>
    </>
  );
}
