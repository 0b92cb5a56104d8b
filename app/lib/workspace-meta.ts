/** Enough of React Router's meta `matches` to find the workspace layout's data. */
type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** "Accounts · Casa Souza — Moneta": a workspace page's title, the workspace's name from its layout. */
export function workspacePageTitle(pageTitle: string | undefined, matches: MetaMatches) {
  const layout = matches.find((match) => match?.id === "routes/workspace-layout")?.loaderData as
    | { workspace?: { name: string } }
    | undefined;
  const workspaceName = layout?.workspace?.name ?? "";
  return [{ title: pageTitle ? `${pageTitle} · ${workspaceName} — Moneta` : `${workspaceName} — Moneta` }];
}
