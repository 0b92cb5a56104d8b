import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import { accountUsage, canUseBetaFeature, isWithinLimit, resolveTier, tierPlans } from "../../../worker/tiers/tiers.ts";

describe("tiers", () => {
  it("knows exactly the plans the users table can hold", () => {
    expect([...tierPlans]).toEqual(users.tier.enumValues);
  });

  it("labels the four tiers as the badge shows them", () => {
    const labels = tierPlans.flatMap((tier) =>
      [false, true].map((hasBetaAccess) => resolveTier({ tier, hasBetaAccess }).label),
    );
    expect(labels).toEqual(["Free", "Free + Beta", "Unlimited", "Unlimited + Beta"]);
  });

  it("gives free users 2 workspaces and 5 accounts each, beta access one workspace more", () => {
    expect(resolveTier({ tier: "free", hasBetaAccess: false }).limits).toEqual({
      accounts_per_workspace: 5,
      workspaces_per_user: 2,
    });
    expect(resolveTier({ tier: "free", hasBetaAccess: true }).limits).toEqual({
      accounts_per_workspace: 5,
      workspaces_per_user: 3,
    });
  });

  it("lifts every limit and unlocks every paid feature on unlimited", () => {
    const tier = resolveTier({ tier: "unlimited", hasBetaAccess: false });
    expect(tier.limits).toEqual({ accounts_per_workspace: null, workspaces_per_user: null });
    expect(Object.values(tier.features).every(Boolean)).toBe(true);
    expect(tier.betaFeatures.recurring_transactions).toBe(false);
  });

  it("keeps the chat-bot, analytics and exports off on free", () => {
    const tier = resolveTier({ tier: "free", hasBetaAccess: true });
    expect(tier.features).toEqual({
      whatsapp_bot: false,
      advanced_analytics: false,
      export_features: false,
      advanced_filters: false,
      priority_support: false,
      bank_connections: false,
    });
  });

  it("opens recurring transactions only with beta access and a workspace that opted in", () => {
    const beta = resolveTier({ tier: "free", hasBetaAccess: true });
    const plain = resolveTier({ tier: "unlimited", hasBetaAccess: false });
    expect(canUseBetaFeature(beta, { beta_features_enabled: true }, "recurring_transactions")).toBe(true);
    expect(canUseBetaFeature(beta, { beta_features_enabled: false }, "recurring_transactions")).toBe(false);
    expect(canUseBetaFeature(plain, { beta_features_enabled: true }, "recurring_transactions")).toBe(false);
  });

  it("treats no limit as never reached", () => {
    expect(isWithinLimit(1_000_000, null)).toBe(true);
    expect(isWithinLimit(4, 5)).toBe(true);
    expect(isWithinLimit(5, 5)).toBe(false);
  });

  it("computes account usage, remaining and percentage against the limit", () => {
    const free = resolveTier({ tier: "free", hasBetaAccess: false });
    expect(accountUsage(free, 4)).toEqual({
      used: 4,
      limit: 5,
      remaining: 1,
      canCreate: true,
      isAtLimit: false,
      usagePercentage: 80,
    });
    expect(accountUsage(free, 5)).toMatchObject({
      remaining: 0,
      canCreate: false,
      isAtLimit: true,
      usagePercentage: 100,
    });
    expect(accountUsage(free, 7)).toMatchObject({ remaining: 0, usagePercentage: 100 });
    const unlimited = resolveTier({ tier: "unlimited", hasBetaAccess: true });
    expect(accountUsage(unlimited, 40)).toEqual({
      used: 40,
      limit: null,
      remaining: null,
      canCreate: true,
      isAtLimit: false,
      usagePercentage: 0,
    });
  });
});
