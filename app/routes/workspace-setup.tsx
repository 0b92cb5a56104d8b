import { useTranslation } from "react-i18next";
import { data, redirect, useActionData } from "react-router";
import { AuthLayout } from "~/components/auth/auth-layout";
import { SingleFieldForm } from "~/components/auth/single-field-form";
import { BrowserTimeZoneField } from "~/components/workspaces/browser-time-zone-field";
import { SuggestedCategoriesField } from "~/components/workspaces/suggested-categories-field";
import { useLanguage } from "~/lib/use-language";
import { detectLanguage, type Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { currentWorkspaceCookie, requireViewer, requireViewerForAction } from "~/lib/session.server";
import { newWorkspaceTimeZone } from "../../worker/workspaces/new-workspace-time-zone";
import { createWorkspaceSchema } from "../../worker/workspaces/workspaces.schemas";
import { createWorkspace } from "../../worker/workspaces/workspaces.service";
import type { Route } from "./+types/workspace-setup";

export const handle = { i18n: ["auth", "workspaces"] };

/** A guess from the browser's language; the workspace settings can change it. */
const currencyFor = (language: Language) => (language === "pt-BR" ? "BRL" : "USD");

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "named");
  if (viewer.workspaces.length > 0) throw redirect("/dashboard");
  return { title: serverI18n(detectLanguage(args.request)).t("auth:meta.setupTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "named");
  const form = await args.request.formData();
  const language = detectLanguage(args.request);
  const parsed = createWorkspaceSchema.safeParse({
    name: form.get("name") ?? "",
    currency: currencyFor(language),
    time_zone: newWorkspaceTimeZone(form.get("time_zone"), language),
    suggested_categories: form.get("suggested_categories") === "on",
  });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.code === "too_big" ? "tooLong" : "required" }, { status: 422 });
  }
  const workspace = await createWorkspace({ ctx: viewer.ctx, input: parsed.data });
  return redirect(`/workspaces/${workspace.uuid}/dashboard`, {
    headers: { "Set-Cookie": currentWorkspaceCookie(args, workspace.uuid) },
  });
}

export default function WorkspaceSetup() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  const language = useLanguage();
  return (
    <AuthLayout>
      <p className="text-sm font-semibold text-accent-text">{t("setup.title")}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-foreground">{t("setup.subtitle")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("setup.description")}</p>
      <SingleFieldForm
        name="name"
        label={t("setup.nameLabel")}
        placeholder={t("setup.namePlaceholder")}
        submitLabel={t("setup.submit")}
        busyLabel={t("setup.submitting")}
        error={result?.error ? t(`setup.errors.${result.error}`) : undefined}
        extraFields={<SuggestedCategoriesField currency={currencyFor(language)} />}
      >
        <BrowserTimeZoneField />
      </SingleFieldForm>
    </AuthLayout>
  );
}
