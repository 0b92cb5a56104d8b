import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLoaderData } from "react-router";
import { AppHeader } from "~/components/layout/app-header";
import { mainContentId } from "~/components/layout/skip-link";
import { WorkspaceInitial } from "~/components/ui/workspace-initial";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import type { CreateWorkspaceResult } from "~/components/workspaces/create-workspace-dialog";
import { CreateWorkspaceDialog } from "~/components/workspaces/lazy-create-workspace-dialog";
import { RestoreWorkspaceDialog } from "~/components/workspaces/lazy-restore-workspace-dialog";
import { formatDate } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { currentWorkspaceCookie, requireViewer, requireViewerForAction } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { AppError } from "../../worker/http/errors";
import { resolveTier } from "../../worker/tiers/tiers";
import { newWorkspaceTimeZone } from "../../worker/workspaces/new-workspace-time-zone";
import { createWorkspaceSchema } from "../../worker/workspaces/workspaces.schemas";
import { createWorkspace } from "../../worker/workspaces/workspaces.service";
import type { Route } from "./+types/workspaces";

export const handle = { i18n: ["workspaces", "auth", "restore"] };

/** docs/product.md#sign-in-and-onboarding: no name → /onboarding; no workspace yet → /workspace-setup. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "complete");
  const language = detectLanguage(args.request);
  return {
    title: serverI18n(language).t("workspaces:meta.title"),
    user: viewer.user,
    tierLabel: resolveTier({ tier: viewer.user.tier, hasBetaAccess: viewer.user.has_beta_access }).label,
    unreadNotifications: viewer.unreadNotifications,
    workspaces: viewer.workspaces,
    defaultCurrency: language === "pt-BR" ? ("BRL" as const) : ("USD" as const),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "named");
  const form = await args.request.formData();
  const parsed = createWorkspaceSchema.safeParse({
    name: form.get("name") ?? "",
    time_zone: newWorkspaceTimeZone(form.get("time_zone"), detectLanguage(args.request)),
    description: form.get("description") ?? undefined,
    currency: form.get("currency") ?? undefined,
    beta_features_enabled: form.get("beta_features_enabled") === "on",
    suggested_categories: form.get("suggested_categories") === "on",
  });
  if (!parsed.success) {
    const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === "name");
    return data<CreateWorkspaceResult>(
      { error: nameIssue?.code === "too_big" ? "tooLong" : nameIssue ? "required" : "failed" },
      { status: 422 },
    );
  }
  try {
    const workspace = await createWorkspace({ ctx: viewer.ctx, input: parsed.data });
    return redirect(`/workspaces/${workspace.uuid}/dashboard`, {
      headers: { "Set-Cookie": currentWorkspaceCookie(args, workspace.uuid) },
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return data<CreateWorkspaceResult>(
        { error: error.status === 403 || error.status === 409 ? "limit" : "failed" },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function Workspaces() {
  const { t } = useTranslation("workspaces");
  const language = useLanguage();
  const { user, tierLabel, unreadNotifications, workspaces, defaultCurrency } = useLoaderData<typeof loader>();
  const [isCreating, setIsCreating] = useState(false);
  const [isRestoring, setIsRestoring] = useState(false);
  return (
    <div className="min-h-dvh">
      <AppHeader user={user} tierLabel={tierLabel} unreadNotifications={unreadNotifications} />
      <main id={mainContentId} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 outline-none sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("list.title")}</h1>
        <p className="mt-2 text-muted-foreground">{workspaces.length > 0 ? t("list.subtitle") : t("list.emptyHint")}</p>
        {workspaces.length === 0 ? (
          <p className="mt-8 text-lg font-semibold text-foreground">{t("list.empty")}</p>
        ) : null}
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {workspaces.map((workspace) => (
            <li
              key={workspace.uuid}
              className="group relative flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent-300 hover:shadow-md"
            >
              <div className="flex items-start justify-between gap-3">
                <WorkspaceInitial workspace={workspace} className="size-10 rounded-lg text-sm" />
                <Badge variant="neutral">{t(`roles.${workspace.role}`)}</Badge>
              </div>
              <h2 className="mt-4 font-semibold text-foreground group-hover:text-accent-text">
                {/* The link covers the whole card (::after), and its name is the workspace's, which it shows. */}
                <Link
                  to={`/workspaces/${workspace.uuid}/dashboard`}
                  aria-label={t("list.open", { name: workspace.name })}
                  className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-offset-2"
                >
                  {workspace.name}
                </Link>
              </h2>
              <p className="mt-1 line-clamp-2 flex-1 text-sm text-muted-foreground">
                {workspace.description || t("list.noDescription")}
              </p>
              <p className="mt-4 text-xs text-muted-foreground">
                {t("list.created", { date: formatDate(workspace.created_at, language, { style: "medium" }) })}
                {" · "}
                {workspace.currency}
              </p>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => setIsCreating(true)}
              className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input p-5 text-center transition hover:border-accent hover:bg-accent-50/50"
            >
              <span className="grid size-10 place-items-center rounded-full bg-accent-50 text-accent-text">
                <Icon name="plus" className="size-5" />
              </span>
              <span className="font-semibold text-foreground">{t("list.createCard")}</span>
              <span className="text-sm text-muted-foreground">{t("list.createCardHint")}</span>
            </button>
          </li>
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          {t("restore:link.hint")}{" "}
          <button
            type="button"
            onClick={() => setIsRestoring(true)}
            className="font-medium text-accent-text underline-offset-4 hover:underline"
          >
            {t("restore:link.open")}
          </button>
        </p>
      </main>
      <RestoreWorkspaceDialog open={isRestoring} onOpenChange={setIsRestoring} />
      <CreateWorkspaceDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        hasBetaAccess={user.has_beta_access}
        defaultCurrency={defaultCurrency}
      />
    </div>
  );
}
