import { useTranslation } from "react-i18next";
import { data, redirect, useLoaderData } from "react-router";
import { AppHeader } from "~/components/layout/app-header";
import { mainContentId } from "~/components/layout/skip-link";
import { AccountActions } from "~/components/user-settings/account-actions";
import { AssistantLinkCard, type LinkCodeResult } from "~/components/user-settings/assistant-link-card";
import { BotSettingsForm } from "~/components/user-settings/bot-settings-form";
import { PictureForm } from "~/components/user-settings/picture-form";
import { ProfileForm } from "~/components/user-settings/profile-form";
import { ReminderSettingsForm } from "~/components/user-settings/reminder-settings-form";
import { failedWith, invalidInput, unknownIntent, type ActionResult } from "~/lib/action-result";
import { detectLanguage, languageCookie, toLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { clearedSessionCookie, requireViewer, requireViewerForAction } from "~/lib/session.server";
import { createLinkCode, unlinkPhone } from "../../worker/assistant/link.service";
import { signOutEverywhere } from "../../worker/auth/auth.service";
import { loadViewerSettings } from "../../worker/pages/viewer.service";
import { AppError } from "../../worker/http/errors";
import { deletePicture, uploadPicture } from "../../worker/profile/picture.service";
import { updatePreferencesSchema, updateProfileSchema } from "../../worker/profile/profile.schemas";
import { deleteAccount, updateProfile } from "../../worker/profile/profile.service";
import { updatePreferences } from "../../worker/profile/preferences.service";
import { resolveTier } from "../../worker/tiers/tiers";
import { reminderChannels, reminderKinds } from "../../db/reminder-enums";
import { reminderSettingsSchema } from "../../worker/reminders/reminders.schemas";
import { updateReminderSettings } from "../../worker/reminders/reminder-settings.service";
import type { Route } from "./+types/settings";

export const handle = { i18n: ["user-settings", "workspace-settings", "workspaces", "auth"] };

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "named", (ctx) => loadViewerSettings({ ctx }));
  return {
    user: viewer.user,
    workspaces: viewer.workspaces,
    preferenceChoices: viewer.preferenceChoices,
    reminders: viewer.reminders,
    // Offered for download before the account is deleted: read with the rest, no second round trip.
    ownedWorkspaces: viewer.workspaces
      .filter((workspace) => workspace.role === "owner")
      .map(({ uuid, name }) => ({ uuid, name })),
    tierLabel: resolveTier({ tier: viewer.user.tier, hasBetaAccess: viewer.user.has_beta_access }).label,
    unreadNotifications: viewer.unreadNotifications,
    title: serverI18n(detectLanguage(args.request)).t("user-settings:metaTitle"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** Empty optional fields clear the value. */
const optional = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() || null : undefined;
};

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "any");
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "update-profile": {
        const parsed = updateProfileSchema.safeParse({
          name: form.get("name") ?? "",
          username: optional(form, "username"),
          phone: optional(form, "phone"),
          language: form.get("language") ?? undefined,
        });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const profile = await updateProfile({ ctx: viewer.ctx, input: parsed.data });
        // The profile's language is also the interface's from now on.
        const secure = new URL(args.request.url).protocol === "https:";
        return data<ActionResult>(
          { intent, ok: true },
          { headers: { "Set-Cookie": languageCookie(toLanguage(profile.language) ?? "en", secure) } },
        );
      }
      case "update-bot": {
        const parsed = updatePreferencesSchema.safeParse({
          enabled: form.get("enabled") === "on",
          default_workspace_uuid: optional(form, "default_workspace_uuid"),
          default_account_uuid: optional(form, "default_account_uuid"),
          default_card_uuid: optional(form, "default_card_uuid"),
          default_tag_uuid: optional(form, "default_tag_uuid"),
          default_currency: form.get("default_currency") ?? undefined,
          bot_language: form.get("bot_language") ?? undefined,
          auto_categorize: form.get("auto_categorize") === "on",
          require_confirmation: form.get("require_confirmation") === "on",
        });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await updatePreferences({ ctx: viewer.ctx, input: parsed.data });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "update-reminders": {
        const parsed = reminderSettingsSchema.safeParse({
          hour: Number(form.get("hour")),
          weekly_day: Number(form.get("weekly_day")),
          time_zone: optional(form, "time_zone") ?? null,
          night_allowed: form.get("night_allowed") === "on",
          channels: Object.fromEntries(
            reminderKinds.map((kind) => [
              kind,
              Object.fromEntries(
                reminderChannels.map((channel) => [channel, form.get(`channel:${kind}:${channel}`) === "on"]),
              ),
            ]),
          ),
        });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await updateReminderSettings({ ctx: viewer.ctx, input: parsed.data });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "create-link-code":
        return { intent, ok: true, linkCode: await createLinkCode({ ctx: viewer.ctx }) } satisfies LinkCodeResult;
      case "unlink-phone":
        await unlinkPhone({ ctx: viewer.ctx });
        return { intent, ok: true } satisfies ActionResult;
      case "upload-picture": {
        const file = form.get("picture");
        const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
        await uploadPicture({ ctx: viewer.ctx, input: { bytes } });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "delete-picture":
        await deletePicture({ ctx: viewer.ctx });
        return { intent, ok: true } satisfies ActionResult;
      case "sign-out-everywhere":
        await signOutEverywhere({ ctx: viewer.ctx });
        return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
      case "delete-account":
        await deleteAccount({ ctx: viewer.ctx });
        return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return failedWith(intent, error);
    throw error;
  }
}

export default function Settings() {
  const { t } = useTranslation("user-settings");
  const { user, workspaces, preferenceChoices, ownedWorkspaces, tierLabel, unreadNotifications, reminders } =
    useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh">
      <AppHeader user={user} tierLabel={tierLabel} unreadNotifications={unreadNotifications} />
      <main id={mainContentId} tabIndex={-1} className="mx-auto grid max-w-3xl gap-6 px-4 py-10 outline-none sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
        <PictureForm picture={user.picture} name={user.name || user.email} />
        <ProfileForm user={user} />
        {user.assistant ? <AssistantLinkCard assistant={user.assistant} /> : null}
        {user.preferences ? (
          <BotSettingsForm
            preferences={user.preferences}
            workspaces={workspaces}
            choices={preferenceChoices}
            isAvailable={user.assistant?.available ?? false}
          />
        ) : null}
        <ReminderSettingsForm reminders={reminders} />
        <AccountActions email={user.email} ownedWorkspaces={ownedWorkspaces} />
      </main>
    </div>
  );
}
