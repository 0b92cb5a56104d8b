import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FieldMessages } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import type { UserResponse } from "../../../worker/profile/profile.mapper";
import { submitAtOnce } from "~/lib/submit-at-once";

/** Name, username, phone and language; the e-mail is shown but cannot change. */
export function ProfileForm({ user }: { user: UserResponse }) {
  const { t } = useTranslation("user-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "user-settings:profile.saved");
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="update-profile" />
          <div className="grid gap-2">
            <Label htmlFor="profile-name">{t("profile.name")}</Label>
            <Input
              id="profile-name"
              name="name"
              defaultValue={user.name ?? ""}
              maxLength={100}
              required
              aria-invalid={Boolean(errors?.name) || undefined}
              aria-describedby="profile-name-error"
            />
            <FieldMessages id="profile-name-error" messages={errors?.name} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-email">{t("profile.email")}</Label>
            <Input id="profile-email" value={user.email} readOnly disabled aria-describedby="profile-email-hint" />
            <p id="profile-email-hint" className="text-xs text-muted-foreground">
              {t("profile.emailHint")}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-username">{t("profile.username")}</Label>
            <Input
              id="profile-username"
              name="username"
              defaultValue={user.username ?? ""}
              maxLength={30}
              autoComplete="username"
              aria-invalid={Boolean(errors?.username) || undefined}
              aria-describedby="profile-username-hint"
            />
            {errors?.username ? (
              <FieldMessages id="profile-username-hint" messages={errors.username} />
            ) : (
              <p id="profile-username-hint" className="text-xs text-muted-foreground">
                {t("profile.usernameHint")}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-phone">{t("profile.phone")}</Label>
            <Input
              id="profile-phone"
              name="phone"
              type="tel"
              defaultValue={user.phone ?? ""}
              maxLength={30}
              autoComplete="tel"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-language">{t("profile.language")}</Label>
            <select
              id="profile-language"
              name="language"
              defaultValue={user.language}
              className={nativeSelectClassName}
              aria-describedby="profile-language-hint"
            >
              <option value="en">English</option>
              <option value="pt-BR">Português (Brasil)</option>
            </select>
            <p id="profile-language-hint" className="text-xs text-muted-foreground">
              {t("profile.languageHint")}
            </p>
          </div>
          <div className="flex items-end justify-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? t("profile.saving") : t("profile.save")}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
