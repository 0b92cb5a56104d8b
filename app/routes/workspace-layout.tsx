import { data, Outlet, redirect, useLoaderData } from "react-router";
import { AppShell } from "~/components/shell/app-shell";
import { parseCollapsedGroups } from "~/components/shell/navigation";
import { currentWorkspaceCookie, requireViewer } from "~/lib/session.server";
import { loadViewerInWorkspace } from "../../worker/auth/viewer.service";
import { canUseBetaFeature } from "../../worker/tiers/tiers";
import type { Route } from "./+types/workspace-layout";

export const handle = { i18n: ["workspaces", "auth"] };

/**
 * Every /workspaces/{uuid}/… page: the guards of requireViewer (signed out, no name, no workspace),
 * membership (not a member → /workspaces), the workspace remembered as current, its colours for the
 * whole app, and the shell.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args, "complete", (ctx) =>
    loadViewerInWorkspace({ ctx, input: { workspaceId: args.params.workspaceId } }),
  );
  const { workspace } = viewer;
  if (!workspace) throw redirect("/workspaces");
  return data(
    {
      workspace,
      workspaces: viewer.workspaces,
      user: viewer.user,
      tierLabel: viewer.userTier.label,
      showRecurring: canUseBetaFeature(viewer.workspaceTier, workspace, "recurring_transactions"),
      // The paid export formats (Excel, the PDFs) are offered as downloads only where the plan has them.
      hasExportFeatures: viewer.workspaceTier.features.export_features,
      collapsedGroups: parseCollapsedGroups(args.request.headers.get("Cookie")),
      theme: { primary: workspace.primary_color, secondary: workspace.secondary_color, accent: workspace.accent_color },
    },
    { headers: { "Set-Cookie": currentWorkspaceCookie(args, workspace.uuid) } },
  );
}

export default function WorkspaceLayout() {
  const { workspace, workspaces, user, tierLabel, showRecurring, collapsedGroups } = useLoaderData<typeof loader>();
  return (
    <AppShell
      user={user}
      tierLabel={tierLabel}
      workspace={workspace}
      workspaces={workspaces}
      showRecurring={showRecurring}
      collapsedGroups={collapsedGroups}
    >
      <Outlet />
    </AppShell>
  );
}
