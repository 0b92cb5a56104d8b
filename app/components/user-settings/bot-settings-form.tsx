import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { useResultToast, type SettingsResult } from "~/components/workspace-settings/settings-result";
import { cn } from "~/lib/utils";
import type { PreferencesResponse } from "../../../worker/profile/profile.mapper";
import { submitAtOnce } from "~/lib/submit-at-once";
import { currencies } from "../../../db/enums";

const selectClass = cn(fieldClassName, "h-10 px-3");

function SwitchRow({
  name,
  label,
  defaultChecked,
  disabled,
  badge,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  disabled?: boolean;
  badge?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <Label htmlFor={`bot-${name}`} className="flex items-center gap-2">
        {label}
        {badge ? <Badge variant="accent">{badge}</Badge> : null}
      </Label>
      <Switch id={`bot-${name}`} name={name} value="on" defaultChecked={defaultChecked} disabled={disabled} />
    </div>
  );
}

/** The chat-bot settings, stored ahead of the bot. The default account and tag have no pickers here yet; the API takes them. */
export function BotSettingsForm({
  preferences,
  workspaces,
}: {
  preferences: PreferencesResponse;
  workspaces: Array<{ uuid: string; name: string }>;
}) {
  const { t } = useTranslation("user-settings");
  const fetcher = useFetcher<SettingsResult>();
  useResultToast(fetcher.data, "user-settings:bot.saved");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("bot.title")}</CardTitle>
        <CardDescription>{t("bot.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="update-bot" />
          <div className="sm:col-span-2">
            <SwitchRow name="enabled" label={t("bot.enabled")} defaultChecked={preferences.enabled} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bot-workspace">{t("bot.defaultWorkspace")}</Label>
            <select
              id="bot-workspace"
              name="default_workspace_uuid"
              defaultValue={preferences.default_workspace_uuid ?? ""}
              className={selectClass}
            >
              <option value="">{t("bot.none")}</option>
              {workspaces.map((workspace) => (
                <option key={workspace.uuid} value={workspace.uuid}>
                  {workspace.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bot-account">{t("bot.defaultAccount")}</Label>
            <select id="bot-account" disabled className={selectClass}>
              <option>{t("bot.noAccounts")}</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bot-currency">{t("bot.defaultCurrency")}</Label>
            <select
              id="bot-currency"
              name="default_currency"
              defaultValue={preferences.default_currency}
              className={selectClass}
            >
              {currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`workspaces:currencies.${currency}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bot-tag">{t("bot.defaultTag")}</Label>
            <select id="bot-tag" disabled className={selectClass}>
              <option>{t("bot.noTags")}</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bot-language">{t("bot.botLanguage")}</Label>
            <select
              id="bot-language"
              name="bot_language"
              defaultValue={preferences.bot_language}
              className={selectClass}
            >
              <option value="pt-BR">Português (Brasil)</option>
              <option value="en">English</option>
            </select>
          </div>
          <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            <SwitchRow
              name="auto_categorize"
              label={t("bot.autoCategorize")}
              defaultChecked={preferences.auto_categorize}
            />
            <SwitchRow
              name="require_confirmation"
              label={t("bot.requireConfirmation")}
              defaultChecked={preferences.require_confirmation}
              disabled
              badge={t("bot.comingSoon")}
            />
          </div>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("bot.save")}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
