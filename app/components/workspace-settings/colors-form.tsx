import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatMoney, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { isHexColor } from "~/lib/color-contrast";
import { defaultWorkspaceColors, themeVariables, type WorkspaceColors } from "~/lib/theme";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import { isPaintedDark } from "~/lib/color-theme";
import { submitAtOnce } from "~/lib/submit-at-once";
import type { Currency } from "../../../db/enums";

const colorNames = ["primary", "secondary", "accent"] as const;

/**
 * Sets the colours on <html> while editing, in the theme the page is painted in, so the whole app (menus,
 * dialogs) previews them; when editing ends the page's own style sheet of the saved colours takes over again.
 */
function usePreviewTheme(colors: WorkspaceColors) {
  useEffect(() => {
    const root = document.documentElement;
    const variables = themeVariables(colors, isPaintedDark() ? "dark" : "light");
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [colors]);
}

type ColorsFormProps = { saved: WorkspaceColors; canEdit: boolean; currency: Currency };

export function ColorsForm({ saved, canEdit, currency }: ColorsFormProps) {
  const { t } = useTranslation("workspace-settings");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const [colors, setColors] = useState(saved);
  useSettingsToast(fetcher.data, "colors.saved");
  usePreviewTheme(colors);
  const isValid = colorNames.every((name) => isHexColor(colors[name]));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("colors.title")}</CardTitle>
        <CardDescription>{t("colors.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" className="grid gap-6 md:grid-cols-[1fr_16rem]">
          <input type="hidden" name="intent" value="update-colors" />
          <fieldset disabled={!canEdit} className="grid gap-4">
            {colorNames.map((name) => (
              <div key={name} className="grid grid-cols-[3rem_1fr] items-center gap-3">
                <input
                  type="color"
                  aria-label={t(`colors.${name}`)}
                  value={isHexColor(colors[name]) ? colors[name] : "#000000"}
                  onChange={(event) => setColors({ ...colors, [name]: event.target.value })}
                  className="h-10 w-12 cursor-pointer rounded-md border border-input bg-card p-1"
                />
                <div className="grid gap-1">
                  <span className="text-sm font-medium text-foreground">{t(`colors.${name}`)}</span>
                  <Input
                    name={`${name}_color`}
                    aria-label={t("colors.hexLabel", { color: t(`colors.${name}`) })}
                    value={colors[name]}
                    maxLength={7}
                    onChange={(event) => setColors({ ...colors, [name]: event.target.value.trim() })}
                    aria-invalid={!isHexColor(colors[name]) || undefined}
                    aria-describedby={isHexColor(colors[name]) ? undefined : `${name}-color-error`}
                    className="font-mono uppercase"
                  />
                  {/* Says why Save is off, at the field that keeps it off. */}
                  {isHexColor(colors[name]) ? null : (
                    <p id={`${name}-color-error`} className="text-sm text-destructive">
                      {t("colors.hexInvalid")}
                    </p>
                  )}
                </div>
              </div>
            ))}
            {canEdit ? (
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={!isValid || fetcher.state !== "idle"}>
                  {t("colors.save")}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setColors(defaultWorkspaceColors)}>
                  {t("colors.reset")}
                </Button>
              </div>
            ) : null}
          </fieldset>
          <div aria-hidden className="rounded-xl border bg-background p-4">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("colors.preview")}</p>
            <div className="mt-3 rounded-lg bg-primary p-4 text-primary-foreground">
              <p className="text-sm font-medium">{t("colors.previewBalance")}</p>
              <p className="text-2xl font-bold tabular">{formatMoney(1_248_000, currency, language)}</p>
              <span className="mt-2 inline-block rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                {formatPercent(0.042, language, { isSigned: true })}
              </span>
            </div>
            <div className="mt-3 flex items-center gap-3">
              <span className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-foreground">
                {t("colors.previewButton")}
              </span>
              <span className="text-sm font-medium text-accent-text underline">{t("colors.previewLink")}</span>
            </div>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
