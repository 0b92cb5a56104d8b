import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertWorkspace } from "../../../db/factories.ts";
import { workspaceMembers } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("workspaces API", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("creates a workspace owned by the caller and lists only the caller's workspaces", async () => {
    const ana = await signInAs(t, { name: "Ana" });
    const rafael = await signInAs(t, { name: "Rafael" });
    const created = await t.request("/api/workspaces", {
      method: "POST",
      token: ana.token,
      json: { name: "  Casa  ", description: "", currency: "BRL", time_zone: "America/Sao_Paulo" },
    });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data).toMatchObject({
      name: "Casa",
      description: null,
      currency: "BRL",
      role: "owner",
      primary_color: "#121127",
    });
    expect(await t.db.select().from(workspaceMembers)).toEqual([
      expect.objectContaining({ userId: ana.user.id, role: "owner" }),
    ]);

    const anaList = await (await t.request("/api/workspaces", { token: ana.token })).json();
    expect(anaList.data.map((workspace: { uuid: string }) => workspace.uuid)).toEqual([data.uuid]);
    const rafaelList = await (await t.request("/api/workspaces", { token: rafael.token })).json();
    expect(rafaelList.data).toEqual([]);
  });

  it("refuses a blank or over-long name, a bad currency, zone or colour with 422 and changes nothing", async () => {
    const ana = await signInAs(t);
    const response = await t.request("/api/workspaces", {
      method: "POST",
      token: ana.token,
      json: { name: "   ", currency: "ARS", time_zone: "Mars/Base", accent_color: "purple" },
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.name).toEqual(["Workspace name is required"]);
    expect(Object.keys(errors).sort()).toEqual(["accent_color", "currency", "name", "time_zone"]);
    const tooLong = await t.request("/api/workspaces", {
      method: "POST",
      token: ana.token,
      json: { name: "x".repeat(101) },
    });
    expect(tooLong.status).toBe(422);
    expect(await t.db.select().from(workspaceMembers)).toEqual([]);
  });

  it("lets only users with beta access switch beta features on", async () => {
    const plain = await signInAs(t);
    const tester = await signInAs(t, { hasBetaAccess: true });
    const json = { name: "Lab", beta_features_enabled: true };
    expect((await t.request("/api/workspaces", { method: "POST", token: plain.token, json })).status).toBe(403);
    expect((await t.request("/api/workspaces", { method: "POST", token: tester.token, json })).status).toBe(201);
  });

  it("caps the workspaces a free user owns at 2, 3 with beta access, and none on unlimited", async () => {
    const create = (token: string, name: string) =>
      t.request("/api/workspaces", { method: "POST", token, json: { name } });
    for (const [fields, allowed] of [
      [{}, 2],
      [{ hasBetaAccess: true }, 3],
      [{ tier: "unlimited" as const }, 6],
    ] as const) {
      const person = await signInAs(t, fields);
      for (let index = 0; index < allowed; index++) expect((await create(person.token, `W${index}`)).status).toBe(201);
      if (allowed === 6) continue;
      const refused = await create(person.token, "One too many");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "LIMIT_REACHED",
        message: expect.stringMatching(/allows \d workspaces of your own/),
      });
    }
  });

  it("does not count workspaces the user only joined", async () => {
    const ana = await signInAs(t);
    const rafael = await signInAs(t);
    for (const name of ["A", "B"]) {
      const workspace = await insertWorkspace(t.db, { ownerId: rafael.user.id, name });
      await addMember(t.db, { workspaceId: workspace.id, userId: ana.user.id, role: "admin" });
    }
    const response = await t.request("/api/workspaces", { method: "POST", token: ana.token, json: { name: "Mine" } });
    expect(response.status).toBe(201);
  });

  it("needs a session", async () => {
    expect((await t.request("/api/workspaces")).status).toBe(401);
    expect((await t.request("/api/workspaces", { method: "POST", json: { name: "X" } })).status).toBe(401);
  });
});
