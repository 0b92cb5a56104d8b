import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertPicture, insertWorkspace } from "../../../db/factories.ts";
import {
  botLinkCodes,
  botLinks,
  sessions,
  userPictures,
  userPreferences,
  users,
  workspaceMembers,
  workspaces,
} from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("deleting the account", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("removes the workspaces the user alone owns, keeps shared ones, ends every session and unlinks the phone", async () => {
    const ana = await signInAs(t);
    const rafael = await signInAs(t);
    const solo = await insertWorkspace(t.db, { ownerId: ana.user.id, name: "Solo" });
    await addMember(t.db, { workspaceId: solo.id, userId: rafael.user.id, role: "admin" });
    const coOwned = await insertWorkspace(t.db, { ownerId: ana.user.id, name: "Co-owned" });
    await addMember(t.db, { workspaceId: coOwned.id, userId: rafael.user.id, role: "owner" });
    const joined = await insertWorkspace(t.db, { ownerId: rafael.user.id, name: "Joined" });
    await addMember(t.db, { workspaceId: joined.id, userId: ana.user.id, role: "member" });
    await insertPicture(t.db, { userId: ana.user.id });
    await t.db.insert(userPreferences).values({ userId: ana.user.id, updatedAt: "2026-11-21T00:00:00.000Z" });
    const at = "2026-11-21T11:55:00.000Z";
    await t.db.insert(botLinks).values({ userId: ana.user.id, phone: "5511987654321", linkedAt: at });
    await t.db
      .insert(botLinkCodes)
      .values({ userId: ana.user.id, code: "482913", expiresAt: "2026-11-21T12:05:00.000Z", createdAt: at });
    const secondDevice = await t.db
      .insert(sessions)
      .values({ userId: ana.user.id, lastSeenAt: "2026-11-21T00:00:00.000Z", expiresAt: "2027-01-01T00:00:00.000Z" });
    expect(secondDevice.rowsAffected).toBe(1);

    const response = await t.request("/api/profile", { method: "DELETE", token: ana.token });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ message: "Account deleted", deleted_workspaces: 1 });

    expect((await t.db.select({ name: workspaces.name }).from(workspaces)).map((row) => row.name).sort()).toEqual([
      "Co-owned",
      "Joined",
    ]);
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, ana.user.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, ana.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ana.user.id))).toEqual([]);
    expect(await t.db.select().from(userPictures)).toEqual([]);
    expect(await t.db.select().from(userPreferences)).toEqual([]);
    // The assistant stops answering the phone, and the code can no longer link it.
    expect(await t.db.select().from(botLinks)).toEqual([]);
    expect(await t.db.select().from(botLinkCodes)).toEqual([]);
    expect((await t.request("/api/profile", { token: ana.token })).status).toBe(401);
    expect((await t.request("/api/workspaces", { token: rafael.token })).status).toBe(200);
  });

  it("needs a live session", async () => {
    const ana = await signInAs(t);
    await t.db.update(sessions).set({ revokedAt: "2026-11-21T11:00:00.000Z" }).where(eq(sessions.id, ana.sessionId));
    expect((await t.request("/api/profile", { method: "DELETE", token: ana.token })).status).toBe(401);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });
});
