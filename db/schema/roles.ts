/** Roles inside a workspace. No Drizzle here, so forms in the browser can import the list. */
export const workspaceRoles = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];
