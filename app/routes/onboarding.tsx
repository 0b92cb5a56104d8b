import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormMessage } from "~/components/auth/form-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { detectLanguage } from "~/lib/i18n";
import { createServerI18n } from "~/lib/i18n.server";
import { requireViewer, requireViewerForAction, servicesOf } from "~/lib/session.server";
import { personNameSchema } from "../../worker/profile/profile.schemas";
import { updateProfile } from "../../worker/profile/profile.service";
import type { Route } from "./+types/onboarding";

export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "any");
  if (viewer.user.name) throw redirect(viewer.workspaces.length > 0 ? "/dashboard" : "/workspace-setup");
  return { title: createServerI18n(detectLanguage(args.request)).t("auth:meta.onboardingTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "any");
  const parsed = personNameSchema.safeParse((await args.request.formData()).get("name") ?? "");
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.code === "too_big" ? "tooLong" : "required" }, { status: 422 });
  }
  await updateProfile(servicesOf(args), viewer.caller, { name: parsed.data });
  return redirect(viewer.workspaces.length > 0 ? "/dashboard" : "/workspace-setup");
}

export default function Onboarding() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [name, setName] = useState("");
  const isBusy = navigation.state === "submitting";
  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("onboarding.title")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("onboarding.subtitle")}</p>
      <Form method="post" className="mt-8 grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="name">{t("onboarding.nameLabel")}</Label>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            autoFocus
            placeholder={t("onboarding.namePlaceholder")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={Boolean(result?.error) || undefined}
            aria-describedby="name-hint"
          />
          <p id="name-hint" className="text-sm text-muted-foreground">{t("onboarding.hint")}</p>
        </div>
        {result?.error ? <FormMessage tone="error">{t(`onboarding.errors.${result.error}`)}</FormMessage> : null}
        <Button type="submit" size="lg" className="w-full" disabled={isBusy || name.trim() === ""}>
          {isBusy ? t("onboarding.submitting") : t("onboarding.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
