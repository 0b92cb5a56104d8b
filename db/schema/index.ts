export * from "./invitations.ts";
export * from "./job-runs.ts";
export * from "./leads.ts";
export * from "./pictures.ts";
export * from "./preferences.ts";
export * from "./rate-limits.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
