/** The whole workspace's download (GET /exports/workspace.zip), its README in `language`. */
export function workspaceZipHref(workspaceId: string, language: string): string {
  return `/api/workspaces/${workspaceId}/exports/workspace.zip?language=${encodeURIComponent(language)}`;
}
