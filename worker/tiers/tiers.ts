/**
 * The one place tiers are defined (docs/product.md#plans-and-limits): Free, Free + Beta, Unlimited, Unlimited + Beta.
 * A tier is a plan (free or unlimited) plus whether the user has beta access. The API's tier
 * info, the sidebar, the workspace-creation dialog and later features all read from here.
 * No database or server imports, so the browser bundle may import it too.
 */
export const tierPlans = ["free", "unlimited"] as const;
export type TierPlan = (typeof tierPlans)[number];

export const featureNames = [
  "whatsapp_bot",
  "advanced_analytics",
  "export_features",
  "advanced_filters",
  "priority_support",
  "bank_connections",
] as const;
export type FeatureName = (typeof featureNames)[number];
export const betaFeatureNames = ["recurring_transactions"] as const;
export type BetaFeatureName = (typeof betaFeatureNames)[number];

/** null means "no limit". */
export type TierLimits = { accounts_per_workspace: number | null; workspaces_per_user: number | null };

type PlanDefinition = { label: string; features: Record<FeatureName, boolean>; limits: TierLimits };

/** The numbers (README: "Plans"). Workspaces count those the user owns; joining by invitation is free. */
const plans: Record<TierPlan, PlanDefinition> = {
  free: {
    label: "Free",
    features: {
      whatsapp_bot: false,
      advanced_analytics: false,
      export_features: false,
      advanced_filters: false,
      priority_support: false,
      bank_connections: false,
    },
    limits: { accounts_per_workspace: 5, workspaces_per_user: 2 },
  },
  unlimited: {
    label: "Unlimited",
    features: {
      whatsapp_bot: true,
      advanced_analytics: true,
      export_features: true,
      advanced_filters: true,
      priority_support: true,
      bank_connections: true,
    },
    limits: { accounts_per_workspace: null, workspaces_per_user: null },
  },
};

/** Beta access gives one more workspace on a limited plan. */
export const betaWorkspaceBonus = 1;

export type Tier = {
  plan: TierPlan;
  label: string;
  hasBetaAccess: boolean;
  features: Record<FeatureName, boolean>;
  betaFeatures: Record<BetaFeatureName, boolean>;
  limits: TierLimits;
};

/** What a user (or a workspace, through its owner) may do. */
export function resolveTier(account: { tier: TierPlan; hasBetaAccess: boolean }): Tier {
  const plan = plans[account.tier];
  const workspaces = plan.limits.workspaces_per_user;
  return {
    plan: account.tier,
    label: account.hasBetaAccess ? `${plan.label} + Beta` : plan.label,
    hasBetaAccess: account.hasBetaAccess,
    features: { ...plan.features },
    betaFeatures: { recurring_transactions: account.hasBetaAccess },
    limits: {
      accounts_per_workspace: plan.limits.accounts_per_workspace,
      workspaces_per_user: workspaces === null ? null : workspaces + (account.hasBetaAccess ? betaWorkspaceBonus : 0),
    },
  };
}

/** True while `used` is below `limit`; no limit never runs out. */
export function isWithinLimit(used: number, limit: number | null): boolean {
  return limit === null || used < limit;
}

/** The recurring-transactions link shows only when the tier allows it and the workspace opted in. */
export function canUseBetaFeature(
  tier: Tier,
  workspace: { beta_features_enabled: boolean },
  feature: BetaFeatureName,
): boolean {
  return workspace.beta_features_enabled && tier.betaFeatures[feature];
}

export type AccountUsage = {
  used: number;
  limit: number | null;
  remaining: number | null;
  canCreate: boolean;
  isAtLimit: boolean;
  /** 0–100, rounded; 0 when there is no limit. */
  usagePercentage: number;
};

export function accountUsage(tier: Tier, used: number): AccountUsage {
  const limit = tier.limits.accounts_per_workspace;
  return {
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    canCreate: isWithinLimit(used, limit),
    isAtLimit: !isWithinLimit(used, limit),
    usagePercentage: limit === null || limit === 0 ? 0 : Math.min(100, Math.round((used / limit) * 100)),
  };
}
