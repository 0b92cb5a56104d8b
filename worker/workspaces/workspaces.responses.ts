import { z } from "zod";
import { currencies, workspaceRoles } from "../../db/enums.ts";
import { betaFeatureNames, featureNames, tierPlans } from "../tiers/tiers.ts";

const flags = <Name extends string>(names: readonly Name[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<Name, z.ZodBoolean>);

/** A workspace as the API returns it, with the caller's role in it. */
export const workspaceSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  currency: z.enum(currencies),
  /** IANA. */
  time_zone: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  beta_features_enabled: z.boolean(),
  role: z.enum(workspaceRoles),
  created_at: z.string(),
});

/**
 * GET /workspaces/{id}/tier-info: the workspace's plan, which is its most generous owner's. A null limit
 * or remainder means no limit; a beta feature is on only when the owner has beta access and the
 * workspace switched beta features on.
 */
export const tierInfoSchema = z.object({
  current_tier: z.enum(tierPlans),
  tier_label: z.string(),
  has_beta_access: z.boolean(),
  features: flags(featureNames),
  beta_features: flags(betaFeatureNames),
  accounts_used: z.number().int(),
  accounts_remaining: z.number().int().nullable(),
  can_create_account: z.boolean(),
  limits: z.object({
    accounts_per_workspace: z.number().int().nullable(),
    workspaces_per_user: z.number().int().nullable(),
  }),
});

/** GET /workspaces/{id}/usage-stats: archived accounts count; no limit is null, and 0 %. */
export const usageStatsSchema = z.object({
  accounts: z.object({
    used: z.number().int(),
    limit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    is_at_limit: z.boolean(),
    usage_percentage: z.number(),
  }),
});

export const memberSchema = z.object({
  user_uuid: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  picture: z.string().nullable(),
  role: z.enum(workspaceRoles),
  joined_at: z.string(),
});

export const invitationSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  role: z.enum(workspaceRoles),
  invited_by: z.object({ uuid: z.string(), name: z.string().nullable() }).nullable(),
  created_at: z.string(),
});

/** Members owners first, then admins, members and viewers, each by joining date; pending invitations oldest first. */
export const membersSchema = z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) });
