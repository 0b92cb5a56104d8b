import { beforeEach, describe, expect, it } from "vitest";
import { addMember } from "../../../db/factories.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

describe("tier info and usage stats", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  const tierInfo = async (workspaceId: string, token: string) =>
    t.request(`/api/workspaces/${workspaceId}/tier-info`, { token });

  it("describes a free workspace with every tier-info field", async () => {
    const { workspace, viewer } = await workspaceWithTeam(t);
    const response = await tierInfo(workspace.id, viewer.token);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      current_tier: "free",
      tier_label: "Free",
      has_beta_access: false,
      features: {
        whatsapp_bot: false,
        advanced_analytics: false,
        export_features: false,
        advanced_filters: false,
        priority_support: false,
        bank_connections: false,
      },
      beta_features: { recurring_transactions: false },
      accounts_used: 0,
      accounts_remaining: 5,
      can_create_account: true,
      limits: { accounts_per_workspace: 5, workspaces_per_user: 2 },
    });
  });

  it("takes the tier from the owner, not from the member asking", async () => {
    const { workspace, member } = await workspaceWithTeam(t, {
      owner: { tier: "unlimited", hasBetaAccess: true },
      workspace: { betaFeaturesEnabled: true },
    });
    const { data } = await (await tierInfo(workspace.id, member.token)).json();
    expect(data).toMatchObject({
      current_tier: "unlimited",
      tier_label: "Unlimited + Beta",
      has_beta_access: true,
      features: {
        whatsapp_bot: true,
        advanced_analytics: true,
        export_features: true,
        advanced_filters: true,
        priority_support: true,
        bank_connections: true,
      },
      beta_features: { recurring_transactions: true },
      accounts_remaining: null,
      can_create_account: true,
      limits: { accounts_per_workspace: null, workspaces_per_user: null },
    });
  });

  it("labels free with beta 'Free + Beta' and keeps beta features off until the workspace opts in", async () => {
    const { workspace, owner } = await workspaceWithTeam(t, { owner: { hasBetaAccess: true } });
    const { data } = await (await tierInfo(workspace.id, owner.token)).json();
    expect(data).toMatchObject({
      tier_label: "Free + Beta",
      has_beta_access: true,
      beta_features: { recurring_transactions: false },
    });
    expect(data.limits).toEqual({ accounts_per_workspace: 5, workspaces_per_user: 3 });
  });

  it("uses the most generous owner when there are several", async () => {
    const { workspace, admin, viewer } = await workspaceWithTeam(t);
    const rich = await signInAs(t, { tier: "unlimited" });
    await addMember(t.db, { workspaceId: workspace.id, userId: rich.user.id, role: "owner" });
    expect((await (await tierInfo(workspace.id, viewer.token)).json()).data.current_tier).toBe("unlimited");
    expect((await (await tierInfo(workspace.id, admin.token)).json()).data.tier_label).toBe("Unlimited");
  });

  it("reports account usage against the limit", async () => {
    const { workspace, viewer } = await workspaceWithTeam(t);
    const response = await t.request(`/api/workspaces/${workspace.id}/usage-stats`, { token: viewer.token });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      accounts: { used: 0, limit: 5, remaining: 5, is_at_limit: false, usage_percentage: 0 },
    });
  });

  it("reports no limit on unlimited", async () => {
    const { workspace, owner } = await workspaceWithTeam(t, { owner: { tier: "unlimited" } });
    const { data } = await (
      await t.request(`/api/workspaces/${workspace.id}/usage-stats`, { token: owner.token })
    ).json();
    expect(data.accounts).toEqual({ used: 0, limit: null, remaining: null, is_at_limit: false, usage_percentage: 0 });
  });

  it("answers 404 to a non-member and 401 without a session", async () => {
    const { workspace } = await workspaceWithTeam(t);
    const stranger = await signInAs(t, { tier: "unlimited" });
    for (const endpoint of ["tier-info", "usage-stats"]) {
      expect((await t.request(`/api/workspaces/${workspace.id}/${endpoint}`, { token: stranger.token })).status).toBe(
        404,
      );
      expect((await t.request(`/api/workspaces/${workspace.id}/${endpoint}`)).status).toBe(401);
    }
  });
});
