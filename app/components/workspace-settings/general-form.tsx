import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { type Currency, currencies } from "../../../db/enums";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import { TimeZoneField } from "./time-zone-field";
import { submitAtOnce } from "~/lib/submit-at-once";

type Workspace = { name: string; description: string | null; currency: Currency; time_zone: string };

/** Name, description, currency and time zone (a searchable picker once its code has arrived). */
export function GeneralForm({
  workspace,
  timeZones,
  canEdit,
}: {
  workspace: Workspace;
  timeZones: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation("workspace-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "general.saved");
  const fieldErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("general.title")}</CardTitle>
        <CardDescription>{t("general.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="update-general" />
          <fieldset disabled={!canEdit} className="contents">
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="settings-name">{t("general.name")}</Label>
              <Input
                id="settings-name"
                name="name"
                defaultValue={workspace.name}
                maxLength={100}
                required
                aria-invalid={Boolean(fieldErrors?.name) || undefined}
              />
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="settings-description">{t("general.details")}</Label>
              <Textarea
                id="settings-description"
                name="description"
                defaultValue={workspace.description ?? ""}
                maxLength={500}
                placeholder={t("general.detailsPlaceholder")}
              />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="settings-currency">{t("general.currency")}</Label>
              <select
                id="settings-currency"
                name="currency"
                defaultValue={workspace.currency}
                className={nativeSelectClassName}
              >
                {currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {t(`workspaces:currencies.${currency}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="settings-time-zone">{t("general.timeZone")}</Label>
              <TimeZoneField
                id="settings-time-zone"
                name="time_zone"
                defaultValue={workspace.time_zone}
                zones={timeZones}
                describedBy="time-zone-hint"
              />
              <p id="time-zone-hint" className="text-xs text-muted-foreground">
                {t("general.timeZoneHint")}
              </p>
            </div>
            {canEdit ? (
              <div className="flex justify-end sm:col-span-2">
                <Button type="submit" disabled={fetcher.state !== "idle"}>
                  {fetcher.state !== "idle" ? t("general.saving") : t("general.save")}
                </Button>
              </div>
            ) : null}
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
