import type { workspaces, WorkspaceRole } from "../../db/schema/index.ts";
import type { Currency } from "../../db/enums.ts";

/** SPEC §3 Workspace, as the API returns it. */
export type WorkspaceResponse = {
  uuid: string;
  name: string;
  description: string | null;
  currency: Currency;
  time_zone: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  beta_features_enabled: boolean;
  role: WorkspaceRole;
  created_at: string;
};

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
