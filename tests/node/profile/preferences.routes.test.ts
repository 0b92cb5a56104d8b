import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertAccount, insertCard, insertTag, insertWorkspace } from "../../../db/factories.ts";
import { and, eq } from "drizzle-orm";
import { accounts, userPreferences, workspaceMembers } from "../../../db/schema/index.ts";
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
    const account = await insertAccount(t.db, { workspaceId: workspace.id });
    const card = await insertCard(t.db, { workspaceId: workspace.id, accountId: account.id });
    const tag = await insertTag(t.db, { workspaceId: workspace.id });
    const settings = {
      enabled: true,
      default_workspace_uuid: workspace.id,
      default_account_uuid: account.id,
      default_card_uuid: card.id,
      default_currency: "BRL",
      default_tag_uuid: tag.id,
      bot_language: "pt-BR",
      auto_categorize: true,
      require_confirmation: true,
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

  it("refuses an account or tag that is not in the default workspace, even one of the caller's other workspaces", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studio = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studioAccount = await insertAccount(t.db, { workspaceId: studio.id });
    const studioTag = await insertTag(t.db, { workspaceId: studio.id });
    const response = await save(ana.token, {
      default_workspace_uuid: home.id,
      default_account_uuid: studioAccount.id,
      default_tag_uuid: studioTag.id,
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      default_account_uuid: ["Choose an account of your default workspace"],
      default_tag_uuid: ["Choose a tag of your default workspace"],
    });
    expect(await t.db.select().from(userPreferences)).toEqual([]);
  });

  it("refuses an account or tag while no default workspace is chosen, and ids that do not exist", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const account = await insertAccount(t.db, { workspaceId: home.id });
    const withoutWorkspace = await save(ana.token, { default_account_uuid: account.id });
    expect(withoutWorkspace.status).toBe(422);
    expect((await withoutWorkspace.json()).errors).toEqual({
      default_account_uuid: ["Choose an account of your default workspace"],
    });
    const unknown = await save(ana.token, {
      default_workspace_uuid: home.id,
      default_tag_uuid: "0190a5f0-2222-7000-8000-000000000002",
    });
    expect((await unknown.json()).errors).toEqual({ default_tag_uuid: ["Choose a tag of your default workspace"] });
    expect(await t.db.select().from(userPreferences)).toEqual([]);
  });

  it("checks an account sent alone against the stored default workspace", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studio = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const homeAccount = await insertAccount(t.db, { workspaceId: home.id });
    const studioAccount = await insertAccount(t.db, { workspaceId: studio.id });
    await save(ana.token, { default_workspace_uuid: home.id });
    expect((await save(ana.token, { default_account_uuid: studioAccount.id })).status).toBe(422);
    const accepted = await save(ana.token, { default_account_uuid: homeAccount.id });
    expect((await accepted.json()).data).toMatchObject({
      default_workspace_uuid: home.id,
      default_account_uuid: homeAccount.id,
    });
  });

  it("clears the stored account and tag when the default workspace changes to one they are not in", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studio = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const account = await insertAccount(t.db, { workspaceId: home.id });
    const tag = await insertTag(t.db, { workspaceId: home.id });
    await save(ana.token, {
      default_workspace_uuid: home.id,
      default_account_uuid: account.id,
      default_tag_uuid: tag.id,
    });
    const { data } = await (await save(ana.token, { default_workspace_uuid: studio.id })).json();
    expect(data).toMatchObject({
      default_workspace_uuid: studio.id,
      default_account_uuid: null,
      default_tag_uuid: null,
    });
  });

  it("drops defaults of a workspace the caller has left at the next save", async () => {
    const ana = await signInAs(t);
    const owner = await signInAs(t);
    const shared = await insertWorkspace(t.db, { ownerId: owner.user.id });
    await addMember(t.db, { workspaceId: shared.id, userId: ana.user.id, role: "member" });
    const account = await insertAccount(t.db, { workspaceId: shared.id });
    await save(ana.token, { default_workspace_uuid: shared.id, default_account_uuid: account.id });
    const left = await t.request(`/api/workspaces/${shared.id}/leave`, { method: "POST", token: ana.token });
    expect(left.status).toBe(200);
    const { data } = await (await save(ana.token, { auto_categorize: true })).json();
    expect(data).toMatchObject({ default_workspace_uuid: null, default_account_uuid: null, auto_categorize: true });
  });

  it("refuses another user's card, and a card of the caller's other workspace", async () => {
    const ana = await signInAs(t);
    const stranger = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studio = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const theirs = await insertWorkspace(t.db, { ownerId: stranger.user.id });
    const theirCard = await insertCard(t.db, {
      workspaceId: theirs.id,
      accountId: (await insertAccount(t.db, { workspaceId: theirs.id })).id,
    });
    const studioCard = await insertCard(t.db, {
      workspaceId: studio.id,
      accountId: (await insertAccount(t.db, { workspaceId: studio.id })).id,
    });
    for (const card of [theirCard, studioCard]) {
      const response = await save(ana.token, { default_workspace_uuid: home.id, default_card_uuid: card.id });
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual({
        default_card_uuid: ["Choose a card of your default workspace"],
      });
    }
    expect(await t.db.select().from(userPreferences)).toEqual([]);
  });

  it("refuses a workspace where the caller is only a viewer, and keeps a member's", async () => {
    const ana = await signInAs(t);
    const owner = await signInAs(t);
    const watched = await insertWorkspace(t.db, { ownerId: owner.user.id });
    await addMember(t.db, { workspaceId: watched.id, userId: ana.user.id, role: "viewer" });
    const refused = await save(ana.token, { default_workspace_uuid: watched.id });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({
      default_workspace_uuid: ["Choose a workspace where you can add transactions"],
    });
    expect(await t.db.select().from(userPreferences)).toEqual([]);

    const shared = await insertWorkspace(t.db, { ownerId: owner.user.id });
    await addMember(t.db, { workspaceId: shared.id, userId: ana.user.id, role: "member" });
    expect((await (await save(ana.token, { default_workspace_uuid: shared.id })).json()).data).toMatchObject({
      default_workspace_uuid: shared.id,
    });
  });

  it("refuses an archived account or card, and clears a stored one archived since", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const archivedAccount = await insertAccount(t.db, { workspaceId: home.id, isActive: false });
    const account = await insertAccount(t.db, { workspaceId: home.id });
    const archivedCard = await insertCard(t.db, { workspaceId: home.id, accountId: account.id, isActive: false });
    const refused = await save(ana.token, {
      default_workspace_uuid: home.id,
      default_account_uuid: archivedAccount.id,
      default_card_uuid: archivedCard.id,
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({
      default_account_uuid: ["This account is archived"],
      default_card_uuid: ["This card is archived. Choose an active one."],
    });

    await save(ana.token, { default_workspace_uuid: home.id, default_account_uuid: account.id });
    await t.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, account.id));
    const { data } = await (await save(ana.token, { enabled: true })).json();
    expect(data).toMatchObject({ default_workspace_uuid: home.id, default_account_uuid: null, enabled: true });
  });

  it("clears the stored account, card and tag when the default workspace switches, and keeps them when it stays", async () => {
    const ana = await signInAs(t);
    const home = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const studio = await insertWorkspace(t.db, { ownerId: ana.user.id });
    const account = await insertAccount(t.db, { workspaceId: home.id });
    const card = await insertCard(t.db, { workspaceId: home.id, accountId: account.id });
    const tag = await insertTag(t.db, { workspaceId: home.id });
    const defaults = { default_account_uuid: account.id, default_card_uuid: card.id, default_tag_uuid: tag.id };
    await save(ana.token, { default_workspace_uuid: home.id, ...defaults });
    const stayed = await (await save(ana.token, { default_workspace_uuid: home.id, bot_language: "en" })).json();
    expect(stayed.data).toMatchObject(defaults);
    const { data } = await (await save(ana.token, { default_workspace_uuid: studio.id })).json();
    expect(data).toMatchObject({
      default_workspace_uuid: studio.id,
      default_account_uuid: null,
      default_card_uuid: null,
      default_tag_uuid: null,
    });
  });

  it("drops a stored workspace where the caller became a viewer at the next save", async () => {
    const ana = await signInAs(t);
    const owner = await signInAs(t);
    const shared = await insertWorkspace(t.db, { ownerId: owner.user.id });
    await addMember(t.db, { workspaceId: shared.id, userId: ana.user.id, role: "member" });
    const account = await insertAccount(t.db, { workspaceId: shared.id });
    await save(ana.token, { default_workspace_uuid: shared.id, default_account_uuid: account.id });
    await t.db
      .update(workspaceMembers)
      .set({ role: "viewer" })
      .where(and(eq(workspaceMembers.workspaceId, shared.id), eq(workspaceMembers.userId, ana.user.id)));
    const { data } = await (await save(ana.token, { auto_categorize: true })).json();
    expect(data).toMatchObject({ default_workspace_uuid: null, default_account_uuid: null });
  });

  it("refuses malformed values with 422 and the field map", async () => {
    const ana = await signInAs(t);
    const response = await save(ana.token, {
      enabled: "yes",
      default_workspace_uuid: "home",
      default_currency: "ARS",
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
