import { eq } from "drizzle-orm";
import type { z } from "zod";
import { workspaces } from "../../db/schema/index.ts";
import { accountsUsedQuery, workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { accountUsage, betaFeatureNames, canUseBetaFeature, resolveTier, type Tier } from "../tiers/tiers.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { PersonCall, ActingContext, PersonActor } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { tierInfoSchema, usageStatsSchema } from "./workspaces.responses.ts";

/** The workspace's beta switch, owner's tier and account usage: one round trip with the actor's checks. */
async function readWorkspaceTier(ctx: ActingContext<PersonActor>, workspaceId: string) {
  const {
    rows: { settings, owners, accounts },
  } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    settings: ctx.db
      .select({ betaFeaturesEnabled: workspaces.betaFeaturesEnabled })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId)),
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    accounts: accountsUsedQuery(ctx, workspaceId),
  });
  // A workspace always keeps an owner (LAST_OWNER); the fallback only guards the type.
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  return {
    tier,
    betaFeaturesEnabled: settings[0]!.betaFeaturesEnabled,
    usage: accountUsage(tier, accounts[0]?.used ?? 0),
  };
}

/** Beta features are on where the owner has beta access and the workspace opted in. */
function betaFeaturesOf(tier: Tier, betaFeaturesEnabled: boolean) {
  return Object.fromEntries(
    betaFeatureNames.map((name) => [
      name,
      canUseBetaFeature(tier, { beta_features_enabled: betaFeaturesEnabled }, name),
    ]),
  ) as Tier["betaFeatures"];
}

/** GET /workspaces/{id}/tier-info: every field of the tier info (docs/api.md#workspaces). */
export async function getTierInfo({ ctx, input }: PersonCall<WorkspaceRef>): Promise<z.infer<typeof tierInfoSchema>> {
  const { tier, betaFeaturesEnabled, usage } = await readWorkspaceTier(ctx, input.workspaceId);
  return {
    current_tier: tier.plan,
    tier_label: tier.label,
    has_beta_access: tier.hasBetaAccess,
    features: tier.features,
    beta_features: betaFeaturesOf(tier, betaFeaturesEnabled),
    accounts_used: usage.used,
    accounts_remaining: usage.remaining,
    can_create_account: usage.canCreate,
    limits: tier.limits,
  };
}

/** GET /workspaces/{id}/usage-stats. */
export async function getUsageStats({
  ctx,
  input,
}: PersonCall<WorkspaceRef>): Promise<z.infer<typeof usageStatsSchema>> {
  const { usage } = await readWorkspaceTier(ctx, input.workspaceId);
  return {
    accounts: {
      used: usage.used,
      limit: usage.limit,
      remaining: usage.remaining,
      is_at_limit: usage.isAtLimit,
      usage_percentage: usage.usagePercentage,
    },
  };
}
