import { and, eq } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { accountsUsedQuery, workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { accountUsage, betaFeatureNames, canUseBetaFeature, resolveTier, type Tier } from "../tiers/tiers.ts";
import { assertWorkspaceId, requirePermission } from "./workspace-access.ts";
import type { WorkspaceRef } from "./workspaces.service.ts";
import type { PersonCall, ActingContext, PersonActor } from "../auth/actor.ts";
import { batchAsActor } from "../auth/actor-access.ts";

/** Membership, workspace, owner's tier and account usage: one round trip with the session check. */
async function readWorkspaceTier(ctx: ActingContext<PersonActor>, workspaceId: string) {
  assertWorkspaceId(workspaceId);
  const { rows, owners, accounts } = await batchAsActor(ctx, {
    rows: ctx.db
      .select({ role: workspaceMembers.role, betaFeaturesEnabled: workspaces.betaFeaturesEnabled })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, ctx.actor.userId))),
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    accounts: accountsUsedQuery(ctx, workspaceId),
  });
  requirePermission(rows, "workspace.read");
  // A workspace always keeps an owner (LAST_OWNER); the fallback only guards the type.
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  return { tier, betaFeaturesEnabled: rows[0]!.betaFeaturesEnabled, usage: accountUsage(tier, accounts[0]?.used ?? 0) };
}

/** Beta features are on where the owner has beta access and the workspace opted in. */
function betaFeaturesOf(tier: Tier, betaFeaturesEnabled: boolean) {
  return Object.fromEntries(
    betaFeatureNames.map((name) => [name, canUseBetaFeature(tier, { beta_features_enabled: betaFeaturesEnabled }, name)]),
  ) as Tier["betaFeatures"];
}

/** GET /workspaces/{id}/tier-info: every field of SPEC §3 Tier info. */
export async function getTierInfo({ ctx, input }: PersonCall<WorkspaceRef>) {
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

/** GET /workspaces/{id}/usage-stats (SPEC §3 Usage stats). */
export async function getUsageStats({ ctx, input }: PersonCall<WorkspaceRef>) {
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
