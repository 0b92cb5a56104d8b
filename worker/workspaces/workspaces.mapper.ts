import type { workspaces, WorkspaceRole } from "../../db/schema/index.ts";
import type { z } from "zod";
import type { workspaceSchema } from "./workspaces.responses.ts";

/** A workspace as the API returns it (./workspaces.responses.ts). */
export type WorkspaceResponse = z.infer<typeof workspaceSchema>;

export function toWorkspaceResponse(workspace: typeof workspaces.$inferSelect, role: WorkspaceRole): WorkspaceResponse {
  return {
    uuid: workspace.id,
    name: workspace.name,
    description: workspace.description,
    currency: workspace.currency,
    time_zone: workspace.timeZone,
    primary_color: workspace.primaryColor,
    secondary_color: workspace.secondaryColor,
    accent_color: workspace.accentColor,
    beta_features_enabled: workspace.betaFeaturesEnabled,
    role,
    created_at: workspace.createdAt,
  };
}
