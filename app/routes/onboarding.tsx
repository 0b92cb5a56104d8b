import { useTranslation } from "react-i18next";
import { data, redirect, useActionData } from "react-router";
import { AuthLayout } from "~/components/auth/auth-layout";
import { SingleFieldForm } from "~/components/auth/single-field-form";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { requireViewer, requireViewerForAction } from "~/lib/session.server";
import { personNameSchema } from "../../worker/profile/profile.schemas";
import { updateProfile } from "../../worker/profile/profile.service";
import type { Route } from "./+types/onboarding";

export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "any");
  if (viewer.user.name) throw redirect(viewer.workspaces.length > 0 ? "/dashboard" : "/workspace-setup");
  return { title: serverI18n(detectLanguage(args.request)).t("auth:meta.onboardingTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "any");
  const parsed = personNameSchema.safeParse((await args.request.formData()).get("name") ?? "");
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.code === "too_big" ? "tooLong" : "required" }, { status: 422 });
  }
  await updateProfile({ ctx: viewer.ctx, input: { name: parsed.data } });
  return redirect(viewer.workspaces.length > 0 ? "/dashboard" : "/workspace-setup");
}

export default function Onboarding() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("onboarding.title")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("onboarding.subtitle")}</p>
      <SingleFieldForm
        name="name"
        label={t("onboarding.nameLabel")}
        placeholder={t("onboarding.namePlaceholder")}
        hint={t("onboarding.hint")}
        autoComplete="name"
        submitLabel={t("onboarding.submit")}
        busyLabel={t("onboarding.submitting")}
        error={result?.error ? t(`onboarding.errors.${result.error}`) : undefined}
      />
    </AuthLayout>
  );
}
