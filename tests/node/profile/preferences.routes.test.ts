import { beforeEach, describe, expect, it } from "vitest";
import { insertWorkspace } from "../../../db/factories.ts";
import { userPreferences } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("chat-bot preferences", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  const save = (token: string, json: unknown) => t.request("/api/profile/preferences", { method: "PUT", token, json });

  it("saves the settings and returns them, also within GET /profile", async () => {
    const ana = await signInAs(t);
    const workspace = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const settings = {
      enabled: true,
      default_workspace_uuid: workspace.id,
      default_account_uuid: "0190a5f0-1111-7000-8000-000000000001",
      default_currency: "BRL",
      default_tag_uuid: "0190a5f0-2222-7000-8000-000000000002",
      bot_language: "pt-BR",
      auto_categorize: true,
      require_confirmation: false,
    };
    const response = await save(ana.token, settings);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual(settings);
    expect((await (await t.request("/api/profile", { token: ana.token })).json()).data.preferences).toEqual(settings);
  });

  it("changes only the fields sent, and clears a default sent as null", async () => {
    const ana = await signInAs(t);
    const workspace = await insertWorkspace(t.db, { ownerId: ana.user.id });
    await save(ana.token, { enabled: true, default_workspace_uuid: workspace.id });
    const { data } = await (await save(ana.token, { default_workspace_uuid: null, auto_categorize: true })).json();
    expect(data).toMatchObject({ enabled: true, default_workspace_uuid: null, auto_categorize: true });
    expect(await t.db.select().from(userPreferences)).toHaveLength(1);
  });

  it("accepts only one of the caller's own workspaces as the default", async () => {
    const ana = await signInAs(t);
    const stranger = await signInAs(t);
    const theirs = await insertWorkspace(t.db, { ownerId: stranger.user.id });
    const response = await save(ana.token, { default_workspace_uuid: theirs.id });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ default_workspace_uuid: ["Choose one of your workspaces"] });
    expect(await t.db.select().from(userPreferences)).toEqual([]);
  });

  it("refuses malformed values with 422 and the field map", async () => {
    const ana = await signInAs(t);
    const response = await save(ana.token, {
      enabled: "yes",
      default_workspace_uuid: "home",
      default_currency: "EUR",
      bot_language: "fr",
      require_confirmation: 1,
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).errors).sort()).toEqual([
      "bot_language",
      "default_currency",
      "default_workspace_uuid",
      "enabled",
      "require_confirmation",
    ]);
  });
});
