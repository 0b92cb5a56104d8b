import type { ReactNode } from "react";
import { data, Outlet, redirect, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPage, errorPageKindOf, WorkspaceErrorPanel } from "~/components/layout/error-page";
import { AppShell } from "~/components/shell/app-shell";
import { parseCollapsedGroups } from "~/components/shell/navigation";
import { currentWorkspaceCookie, requireViewer } from "~/lib/session.server";
import { loadViewerInWorkspace } from "../../worker/pages/viewer.service";
import { canUseBetaFeature } from "../../worker/tiers/tiers";
import type { Route } from "./+types/workspace-layout";
import { keepsDataWhenKept } from "~/lib/offline-revalidation";
import { themeStyleSheet } from "~/lib/theme";

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
      unreadNotifications: viewer.unreadNotifications,
      showRecurring: canUseBetaFeature(viewer.workspaceTier, workspace, "recurring_transactions"),
      // The paid export formats (Excel, the PDFs) are offered as downloads only where the plan has them.
      hasExportFeatures: viewer.workspaceTier.features.export_features,
      // Bank connections come with the owner's plan; the page shows Free what they do and which plan has them.
      hasBankConnections: viewer.workspaceTier.features.bank_connections,
      collapsedGroups: parseCollapsedGroups(args.request.headers.get("Cookie")),
      // The workspace's colours as the page's style sheet, light and dark (app/lib/theme.ts), written here
      // so the browser never loads the colour arithmetic to paint them.
      themeStyle: themeStyleSheet({
        primary: workspace.primary_color,
        secondary: workspace.secondary_color,
        accent: workspace.accent_color,
      }),
    },
    { headers: { "Set-Cookie": currentWorkspaceCookie(args, workspace.uuid) } },
  );
}

/** An entry kept on the device while offline changed nothing on the server: the page keeps its data. */
export const shouldRevalidate = keepsDataWhenKept;

type ShellData = Awaited<ReturnType<typeof loader>>["data"];

function WorkspaceShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  return (
    <AppShell
      user={shell.user}
      tierLabel={shell.tierLabel}
      unreadNotifications={shell.unreadNotifications}
      workspace={shell.workspace}
      workspaces={shell.workspaces}
      showRecurring={shell.showRecurring}
      collapsedGroups={shell.collapsedGroups}
    >
      {children}
    </AppShell>
  );
}

export default function WorkspaceLayout() {
  return (
    <WorkspaceShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </WorkspaceShell>
  );
}

/**
 * A workspace page whose loader or component fails shows the error inside the shell, whose own read
 * succeeded: the sidebar and the header keep working. When that read is what failed, there is no
 * shell to keep and the whole-page error shows, as the root's boundary would.
 */
export function ErrorBoundary() {
  const kind = errorPageKindOf(useRouteError());
  const shell = useRouteLoaderData<typeof loader>("routes/workspace-layout");
  if (!shell) return <ErrorPage kind={kind} />;
  return (
    <WorkspaceShell shell={shell}>
      <WorkspaceErrorPanel kind={kind} workspaceId={shell.workspace.uuid} />
    </WorkspaceShell>
  );
}
