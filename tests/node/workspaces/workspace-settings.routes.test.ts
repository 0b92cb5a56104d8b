import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertInvitation } from "../../../db/factories.ts";
import { workspaceInvitations, workspaceMembers, workspaces } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

describe("one workspace: read, settings, delete", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t, { workspace: { name: "Casa", currency: "BRL" } });
  });
  const path = () => `/api/workspaces/${team.workspace.id}`;
  const put = (token: string, json: unknown) => t.request(path(), { method: "PUT", token, json });

  it("shows the workspace to every member with that member's role", async () => {
    for (const [person, role] of [
      [team.owner, "owner"],
      [team.viewer, "viewer"],
    ] as const) {
      const response = await t.request(path(), { token: person.token });
      expect(response.status).toBe(200);
      expect((await response.json()).data).toMatchObject({
        uuid: team.workspace.id,
        name: "Casa",
        currency: "BRL",
        role,
      });
    }
  });

  it("answers 404 to a non-member, for a made-up id and for a malformed id", async () => {
    const stranger = await signInAs(t);
    for (const target of [
      path(),
      "/api/workspaces/0190a5f0-0000-7000-8000-000000000000",
      "/api/workspaces/not-a-uuid",
    ]) {
      const response = await t.request(target, { token: stranger.token });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND", message: "Workspace not found." });
    }
  });

  it("lets an admin change the settings sent, trimming the name and clearing an empty description", async () => {
    await t.db.update(workspaces).set({ description: "old" }).where(eq(workspaces.id, team.workspace.id));
    const response = await put(team.admin.token, {
      name: "  Casa Nova ",
      description: "",
      currency: "USD",
      time_zone: "America/Sao_Paulo",
      primary_color: "#0B3954",
      secondary_color: "#ffd166",
      accent_color: "#ef476f",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({
      name: "Casa Nova",
      description: null,
      currency: "USD",
      time_zone: "America/Sao_Paulo",
      primary_color: "#0B3954",
      accent_color: "#ef476f",
      role: "admin",
    });
    const [stored] = await t.db.select().from(workspaces).where(eq(workspaces.id, team.workspace.id));
    expect(stored).toMatchObject({ name: "Casa Nova", updatedAt: "2026-11-21T12:00:00.000Z" });
  });

  it("keeps the fields that were not sent", async () => {
    const response = await put(team.owner.token, { description: "Family money" });
    expect((await response.json()).data).toMatchObject({ name: "Casa", currency: "BRL", description: "Family money" });
  });

  it("refuses bad settings with 422 and the field map, changing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const response = await put(team.owner.token, {
      name: " ",
      currency: "ARS",
      time_zone: "Mars/Olympus",
      primary_color: "#12345",
      secondary_color: "gold",
      beta_features_enabled: "yes",
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(Object.keys(errors).sort()).toEqual([
      "beta_features_enabled",
      "currency",
      "name",
      "primary_color",
      "secondary_color",
      "time_zone",
    ]);
    expect(errors.name).toEqual(["Workspace name is required"]);
    expect((await put(team.owner.token, { name: "x".repeat(101) })).status).toBe(422);
    expect((await put(team.owner.token, { description: "x".repeat(501) })).status).toBe(422);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("refuses members and viewers with 403 and strangers with 404", async () => {
    const stranger = await signInAs(t);
    const before = await snapshotDatabase(t.db);
    for (const person of [team.member, team.viewer]) {
      const response = await put(person.token, { name: "Mine now" });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe("FORBIDDEN");
    }
    expect((await put(stranger.token, { name: "Mine now" })).status).toBe(404);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("lets only a caller with beta access switch beta features on; anyone allowed may switch them off", async () => {
    expect((await put(team.admin.token, { beta_features_enabled: true })).status).toBe(403);
    const tester = await signInAs(t, { hasBetaAccess: true });
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: team.workspace.id, userId: tester.user.id, role: "admin" });
    const on = await put(tester.token, { beta_features_enabled: true });
    expect((await on.json()).data.beta_features_enabled).toBe(true);
    const off = await put(team.admin.token, { beta_features_enabled: false });
    expect((await off.json()).data.beta_features_enabled).toBe(false);
  });

  it("lets only an owner delete it, taking members and invitations along", async () => {
    await insertInvitation(t.db, { workspaceId: team.workspace.id, invitedBy: team.owner.user.id });
    for (const person of [team.admin, team.member, team.viewer]) {
      expect((await t.request(path(), { method: "DELETE", token: person.token })).status).toBe(403);
    }
    const response = await t.request(path(), { method: "DELETE", token: team.owner.token });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ message: "Workspace deleted" });
    expect(await t.db.select().from(workspaces)).toEqual([]);
    expect(await t.db.select().from(workspaceMembers)).toEqual([]);
    expect(await t.db.select().from(workspaceInvitations)).toEqual([]);
    expect((await t.request(path(), { token: team.owner.token })).status).toBe(404);
  });

  it("does not let a stranger delete it", async () => {
    const stranger = await signInAs(t);
    expect((await t.request(path(), { method: "DELETE", token: stranger.token })).status).toBe(404);
    expect(await t.db.select().from(workspaces)).toHaveLength(1);
  });
});
