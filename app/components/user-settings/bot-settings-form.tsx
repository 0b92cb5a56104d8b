import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FieldMessages } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import { submitAtOnce } from "~/lib/submit-at-once";
import { currencies } from "../../../db/enums";
import type { Message } from "../../../worker/http/messages";
import type { PreferenceChoices } from "../../../worker/profile/preference-choices";
import type { PreferencesResponse } from "../../../worker/profile/profile.mapper";

function SwitchRow({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
}) {
  const hintId = `bot-${name}-hint`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={`bot-${name}`}>{label}</Label>
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={`bot-${name}`}
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? hintId : undefined}
      />
    </div>
  );
}

/** One default picker (account, card or tag) of the chosen workspace, "None" first. */
function ChoiceSelect({
  field,
  label,
  options,
  defaultValue,
  emptyText,
  errors,
}: {
  field: string;
  label: string;
  options: Array<{ uuid: string; label: string }> | undefined;
  defaultValue: string;
  emptyText: string;
  errors?: Message[];
}) {
  const { t } = useTranslation("user-settings");
  const id = `bot-${field}`;
  const errorId = `${id}-error`;
  const hasOptions = options !== undefined && options.length > 0;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={`default_${field}_uuid`}
        defaultValue={hasOptions ? defaultValue : ""}
        disabled={!hasOptions}
        className={nativeSelectClassName}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      >
        <option value="">{hasOptions ? t("bot.none") : emptyText}</option>
        {options?.map((option) => (
          <option key={option.uuid} value={option.uuid}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={errorId} messages={errors} />
    </div>
  );
}

/**
 * The assistant's settings (docs/product.md#settings). The default workspace is one where the user may record
 * money; its active accounts and cards, and its tags, come with the page for every such workspace,
 * so changing the workspace changes the pickers at once, with nothing to load.
 */
export function BotSettingsForm({
  preferences,
  workspaces,
  choices,
  isAvailable,
}: {
  preferences: PreferencesResponse;
  workspaces: Array<{ uuid: string; name: string }>;
  /** Keyed by workspace uuid: only workspaces where the user may record money. */
  choices: Record<string, PreferenceChoices>;
  /** The plan includes the assistant; without it the settings are shown but cannot be changed. */
  isAvailable: boolean;
}) {
  const { t } = useTranslation("user-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "user-settings:bot.saved");
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const writable = workspaces.filter((workspace) => choices[workspace.uuid] !== undefined);
  const savedWorkspace =
    preferences.default_workspace_uuid && choices[preferences.default_workspace_uuid]
      ? preferences.default_workspace_uuid
      : "";
  const [workspaceId, setWorkspaceId] = useState(savedWorkspace);
  const chosen = workspaceId ? choices[workspaceId] : undefined;
  /** The saved default while its workspace is the one chosen; none after switching. */
  const savedIn = (saved: string | null) => (workspaceId === savedWorkspace ? (saved ?? "") : "");
  const emptyText = (key: string) => (chosen ? t(key) : t("bot.chooseWorkspaceFirst"));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("bot.title")}</CardTitle>
        <CardDescription>{t("bot.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" noValidate>
          <fieldset disabled={!isAvailable} className="grid gap-4 disabled:opacity-60 sm:grid-cols-2">
            <legend className="sr-only">{t("bot.title")}</legend>
            <input type="hidden" name="intent" value="update-bot" />
            <div className="sm:col-span-2">
              <SwitchRow name="enabled" label={t("bot.enabled")} defaultChecked={preferences.enabled} />
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="bot-workspace">{t("bot.defaultWorkspace")}</Label>
              <select
                id="bot-workspace"
                name="default_workspace_uuid"
                value={workspaceId}
                onChange={(event) => setWorkspaceId(event.target.value)}
                className={nativeSelectClassName}
                aria-describedby="bot-workspace-hint"
                aria-invalid={errors?.default_workspace_uuid ? true : undefined}
              >
                <option value="">{t("bot.none")}</option>
                {writable.map((workspace) => (
                  <option key={workspace.uuid} value={workspace.uuid}>
                    {workspace.name}
                  </option>
                ))}
              </select>
              <p id="bot-workspace-hint" className="text-xs text-muted-foreground">
                {t("bot.defaultWorkspaceHint")}
              </p>
              <FieldMessages id="bot-workspace-error" messages={errors?.default_workspace_uuid} />
            </div>
            {/* Keyed by workspace: switching it starts the pickers over with that workspace's lists. */}
            <ChoiceSelect
              key={`account-${workspaceId}`}
              field="account"
              label={t("bot.defaultAccount")}
              options={chosen?.accounts.map((account) => ({ uuid: account.uuid, label: account.name }))}
              defaultValue={savedIn(preferences.default_account_uuid)}
              emptyText={emptyText("bot.noAccounts")}
              errors={errors?.default_account_uuid}
            />
            <ChoiceSelect
              key={`card-${workspaceId}`}
              field="card"
              label={t("bot.defaultCard")}
              options={chosen?.cards.map((card) => ({
                uuid: card.uuid,
                label: card.last_four_digits ? `${card.name} •••• ${card.last_four_digits}` : card.name,
              }))}
              defaultValue={savedIn(preferences.default_card_uuid)}
              emptyText={emptyText("bot.noCards")}
              errors={errors?.default_card_uuid}
            />
            <ChoiceSelect
              key={`tag-${workspaceId}`}
              field="tag"
              label={t("bot.defaultTag")}
              options={chosen?.tags.map((tag) => ({ uuid: tag.uuid, label: tag.name }))}
              defaultValue={savedIn(preferences.default_tag_uuid)}
              emptyText={emptyText("bot.noTags")}
              errors={errors?.default_tag_uuid}
            />
            <div className="grid gap-2">
              <Label htmlFor="bot-currency">{t("bot.defaultCurrency")}</Label>
              <select
                id="bot-currency"
                name="default_currency"
                defaultValue={preferences.default_currency}
                className={nativeSelectClassName}
                aria-describedby="bot-currency-hint"
              >
                {currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {t(`workspaces:currencies.${currency}`)}
                  </option>
                ))}
              </select>
              <p id="bot-currency-hint" className="text-xs text-muted-foreground">
                {t("bot.defaultCurrencyHint")}
              </p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="bot-language">{t("bot.botLanguage")}</Label>
              <select
                id="bot-language"
                name="bot_language"
                defaultValue={preferences.bot_language}
                className={nativeSelectClassName}
              >
                <option value="pt-BR">Português (Brasil)</option>
                <option value="en">English</option>
              </select>
            </div>
            <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
              <SwitchRow
                name="auto_categorize"
                label={t("bot.autoCategorize")}
                hint={t("bot.autoCategorizeHint")}
                defaultChecked={preferences.auto_categorize}
              />
              <SwitchRow
                name="require_confirmation"
                label={t("bot.requireConfirmation")}
                hint={t("bot.requireConfirmationHint")}
                defaultChecked={preferences.require_confirmation}
              />
            </div>
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {t("bot.save")}
              </Button>
            </div>
          </fieldset>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
