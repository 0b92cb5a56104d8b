import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLoaderData } from "react-router";
import { AppHeader } from "~/components/layout/app-header";
import { Button } from "~/components/ui/button";
import { detectLanguage } from "~/lib/i18n";
import { createServerI18n } from "~/lib/i18n.server";
import { currentWorkspaceCookie, requireViewer } from "~/lib/session.server";
import type { Route } from "./+types/workspace-area";

export const handle = { i18n: ["workspaces", "auth"] };

export const workspaceAreas = [
  "dashboard",
  "analytics",
  "accounts",
  "cards",
  "transactions",
  "scheduled-transactions",
  "installment-plans",
  "loans",
  "recurring-transactions",
  "tags",
  "settings",
] as const;
type WorkspaceArea = (typeof workspaceAreas)[number];

/**
 * /workspaces/{uuid}/{area}: membership decides (not a member → /workspaces, SPEC §2); the
 * workspace becomes the remembered one. Areas not built yet say so plainly.
 */
export async function loader(args: Route.LoaderArgs) {
  const area = args.params.area as WorkspaceArea;
  if (!workspaceAreas.includes(area)) throw data(null, { status: 404 });
  const viewer = await requireViewer(args);
  const workspace = viewer.workspaces.find((item) => item.uuid === args.params.workspaceId);
  if (!workspace) throw redirect("/workspaces");
  const t = createServerI18n(detectLanguage(args.request)).t;
  return data(
    { area, workspace, user: viewer.user, title: `${t(`workspaces:areas.${area}`)} · ${workspace.name} — Moneta` },
    { headers: { "Set-Cookie": currentWorkspaceCookie(args, workspace.uuid) } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function WorkspaceArea() {
  const { t } = useTranslation("workspaces");
  const { area, workspace, user } = useLoaderData<typeof loader>();
  const areaName = t(`areas.${area}`);
  return (
    <div className="min-h-dvh">
      <AppHeader email={user.email} workspaceName={workspace.name} />
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{areaName}</h1>
        <section className="mt-8 flex flex-col items-center rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
          <div className="grid size-14 place-items-center rounded-2xl bg-secondary-100 text-primary">
            <Construction className="size-7" aria-hidden />
          </div>
          <p className="mt-5 text-sm font-semibold tracking-wide text-accent uppercase">{t("comingSoon.eyebrow")}</p>
          <h2 className="mt-2 text-xl font-semibold text-foreground">{t("comingSoon.title", { area: areaName })}</h2>
          <p className="mt-3 max-w-md text-muted-foreground">{t("comingSoon.body", { workspace: workspace.name })}</p>
          <Button variant="outline" className="mt-6" asChild>
            <Link to="/workspaces">{t("comingSoon.back")}</Link>
          </Button>
        </section>
      </main>
    </div>
  );
}
