import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertWorkspace } from "../../../db/factories.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("profile API", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("updates the name (trimmed) and keeps the e-mail", async () => {
    const ana = await signInAs(t, { email: "ana@example.com", name: null });
    const response = await t.request("/api/profile", {
      method: "PUT",
      token: ana.token,
      json: { name: "  Ana Souza ", email: "x@y.z" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ name: "Ana Souza", email: "ana@example.com" });
  });

  it("refuses a blank or over-long name and a taken username", async () => {
    const ana = await signInAs(t, { username: "anasouza" });
    const rafael = await signInAs(t);
    for (const name of ["  ", "x".repeat(101)]) {
      const response = await t.request("/api/profile", { method: "PUT", token: rafael.token, json: { name } });
      expect(response.status).toBe(422);
      expect((await response.json()).errors.name).toHaveLength(1);
    }
    const taken = await t.request("/api/profile", {
      method: "PUT",
      token: rafael.token,
      json: { username: "AnaSouza" },
    });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors.username).toEqual(["That username is taken"]);
    expect(
      (await t.request("/api/profile", { method: "PUT", token: ana.token, json: { username: "AnaSouza" } })).status,
    ).toBe(200);
  });

  it("changes nothing for a session that was revoked", async () => {
    const ana = await signInAs(t, { name: "Ana" });
    await t.db.update(sessions).set({ revokedAt: "2026-11-21T11:00:00.000Z" }).where(eq(sessions.id, ana.sessionId));
    const response = await t.request("/api/profile", { method: "PUT", token: ana.token, json: { name: "Intruder" } });
    expect(response.status).toBe(401);
    const [stored] = await t.db.select().from(users).where(eq(users.id, ana.user.id));
    expect(stored!.name).toBe("Ana");
  });

  it("includes the chat-bot preferences, with defaults before the first save", async () => {
    const ana = await signInAs(t, { language: "pt-BR" });
    const { data } = await (await t.request("/api/profile", { token: ana.token })).json();
    expect(data.preferences).toEqual({
      enabled: false,
      default_workspace_uuid: null,
      default_account_uuid: null,
      default_card_uuid: null,
      default_currency: "USD",
      default_tag_uuid: null,
      bot_language: "pt-BR",
      auto_categorize: false,
      require_confirmation: false,
    });
  });

  it("lists the caller's workspaces under /profile/workspaces exactly as /workspaces does", async () => {
    const ana = await signInAs(t);
    const other = await signInAs(t);
    await insertWorkspace(t.db, { ownerId: ana.user.id, name: "Mine" });
    const shared = await insertWorkspace(t.db, { ownerId: other.user.id, name: "Shared" });
    await addMember(t.db, { workspaceId: shared.id, userId: ana.user.id, role: "viewer" });
    await insertWorkspace(t.db, { ownerId: other.user.id, name: "Not mine" });
    const viaProfile = await t.request("/api/profile/workspaces", { token: ana.token });
    expect(viaProfile.status).toBe(200);
    const { data } = await viaProfile.json();
    expect(data.map((workspace: { name: string; role: string }) => [workspace.name, workspace.role])).toEqual([
      ["Mine", "owner"],
      ["Shared", "viewer"],
    ]);
    expect(data).toEqual((await (await t.request("/api/workspaces", { token: ana.token })).json()).data);
  });

  it("counts workspaces, owned workspaces and live sessions", async () => {
    const ana = await signInAs(t, { createdAt: "2025-01-02T03:04:05.000Z" });
    const other = await signInAs(t);
    await insertWorkspace(t.db, { ownerId: ana.user.id });
    const shared = await insertWorkspace(t.db, { ownerId: other.user.id });
    await addMember(t.db, { workspaceId: shared.id, userId: ana.user.id, role: "admin" });
    const now = "2026-11-21T12:00:00.000Z";
    await t.db.insert(sessions).values([
      { userId: ana.user.id, lastSeenAt: now, expiresAt: "2027-01-01T00:00:00.000Z" },
      { userId: ana.user.id, lastSeenAt: now, expiresAt: "2027-01-01T00:00:00.000Z", revokedAt: now },
      { userId: ana.user.id, lastSeenAt: now, expiresAt: "2026-11-01T00:00:00.000Z" },
    ]);
    const response = await t.request("/api/profile/stats", { token: ana.token });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      workspaces_count: 2,
      owned_workspaces_count: 1,
      member_since: "2025-01-02T03:04:05.000Z",
      active_sessions: 2,
    });
  });

  it("needs a session for every profile endpoint", async () => {
    for (const [method, path] of [
      ["GET", "/api/profile"],
      ["GET", "/api/profile/workspaces"],
      ["GET", "/api/profile/stats"],
      ["PUT", "/api/profile/preferences"],
      ["DELETE", "/api/profile"],
    ]) {
      expect((await t.request(path!, { method })).status).toBe(401);
    }
  });
});
