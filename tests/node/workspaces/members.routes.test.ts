import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertInvitation, insertWorkspace } from "../../../db/factories.ts";
import { userPreferences, workspaceInvitations, workspaceMembers } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

describe("workspace members", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
  });
  const base = () => `/api/workspaces/${team.workspace.id}`;
  const setRole = (by: SignedIn, target: SignedIn, role: string) =>
    t.request(`${base()}/members/${target.user.id}`, { method: "PUT", token: by.token, json: { role } });
  const remove = (by: SignedIn, target: SignedIn) =>
    t.request(`${base()}/members/${target.user.id}`, { method: "DELETE", token: by.token });
  const roleOf = async (person: SignedIn) =>
    (
      await t.db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, team.workspace.id), eq(workspaceMembers.userId, person.user.id)))
    )[0]?.role;

  it("lists members (owners first) and pending invitations to any member, viewers included", async () => {
    await insertInvitation(t.db, {
      workspaceId: team.workspace.id,
      email: "new@example.com",
      role: "viewer",
      invitedBy: team.admin.user.id,
    });
    await insertInvitation(t.db, {
      workspaceId: team.workspace.id,
      email: "done@example.com",
      acceptedAt: "2026-11-20T00:00:00.000Z",
    });
    const response = await t.request(`${base()}/members`, { token: team.viewer.token });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.members.map((member: { role: string }) => member.role)).toEqual(["owner", "admin", "member", "viewer"]);
    expect(data.members[0]).toEqual({
      user_uuid: team.owner.user.id,
      name: "Olivia Owner",
      email: team.owner.user.email,
      picture: null,
      role: "owner",
      joined_at: expect.any(String),
    });
    expect(data.invitations).toEqual([
      {
        uuid: expect.any(String),
        email: "new@example.com",
        role: "viewer",
        invited_by: { uuid: team.admin.user.id, name: "Adam Admin" },
        created_at: expect.any(String),
      },
    ]);
  });

  it("lets an admin change roles below owner", async () => {
    const response = await setRole(team.admin, team.member, "viewer");
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({
      user_uuid: team.member.user.id,
      role: "viewer",
      name: "Mia Member",
    });
    expect(await roleOf(team.member)).toBe("viewer");
    expect((await setRole(team.admin, team.viewer, "admin")).status).toBe(200);
  });

  it("keeps owners' business to owners: an admin can neither make nor unmake an owner", async () => {
    const before = await snapshotDatabase(t.db);
    expect((await setRole(team.admin, team.member, "owner")).status).toBe(403);
    expect((await setRole(team.admin, team.owner, "member")).status).toBe(403);
    expect((await remove(team.admin, team.owner)).status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("transfers ownership: an owner makes another owner, then steps down", async () => {
    expect((await setRole(team.owner, team.admin, "owner")).status).toBe(200);
    expect((await setRole(team.owner, team.owner, "admin")).status).toBe(200);
    expect(await roleOf(team.admin)).toBe("owner");
    expect(await roleOf(team.owner)).toBe("admin");
  });

  it("never leaves a workspace without an owner", async () => {
    const stepDown = await setRole(team.owner, team.owner, "admin");
    expect(stepDown.status).toBe(409);
    expect(await stepDown.json()).toMatchObject({
      code: "LAST_OWNER",
      message: expect.stringContaining("needs an owner"),
    });
    expect((await remove(team.owner, team.owner)).status).toBe(409);
    expect(await roleOf(team.owner)).toBe("owner");
  });

  it("keeps an owner when two owners step down at the same moment", async () => {
    await setRole(team.owner, team.admin, "owner");
    const answers = await Promise.all([
      setRole(team.owner, team.owner, "admin"),
      setRole(team.admin, team.admin, "admin"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect([await roleOf(team.owner), await roleOf(team.admin)]).toContain("owner");
  });

  it("refuses members and viewers with 403", async () => {
    for (const person of [team.member, team.viewer]) {
      expect((await setRole(person, team.viewer, "member")).status).toBe(403);
      expect((await remove(person, team.viewer)).status).toBe(403);
    }
    expect(await roleOf(team.viewer)).toBe("viewer");
  });

  it("validates the role with 422 and answers 404 for someone who is not a member", async () => {
    const bad = await setRole(team.owner, team.member, "boss");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.role).toEqual(["Choose owner, admin, member or viewer"]);
    const outsider = await signInAs(t);
    expect((await setRole(team.owner, outsider, "member")).status).toBe(404);
    expect(
      (await t.request(`${base()}/members/not-a-uuid`, { method: "DELETE", token: team.owner.token })).status,
    ).toBe(404);
  });

  it("lets an admin remove a member, and an owner remove a co-owner", async () => {
    const response = await remove(team.admin, team.member);
    expect(response.status).toBe(200);
    expect(await roleOf(team.member)).toBeUndefined();
    expect((await t.request(base(), { token: team.member.token })).status).toBe(404);
    const coOwner = await signInAs(t);
    await addMember(t.db, { workspaceId: team.workspace.id, userId: coOwner.user.id, role: "owner" });
    expect((await remove(team.owner, coOwner)).status).toBe(200);
  });

  it("lets any member leave, and forgets it as their chat-bot default", async () => {
    await t.db.insert(userPreferences).values({
      userId: team.viewer.user.id,
      defaultWorkspaceId: team.workspace.id,
      updatedAt: "2026-11-21T00:00:00.000Z",
    });
    const response = await t.request(`${base()}/leave`, { method: "POST", token: team.viewer.token });
    expect(response.status).toBe(200);
    expect(await roleOf(team.viewer)).toBeUndefined();
    const [preferences] = await t.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, team.viewer.user.id));
    expect(preferences!.defaultWorkspaceId).toBeNull();
  });

  it("does not let the last owner leave, but lets an owner leave when another remains", async () => {
    const refused = await t.request(`${base()}/leave`, { method: "POST", token: team.owner.token });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "LAST_OWNER", message: expect.stringContaining("last owner") });
    await setRole(team.owner, team.admin, "owner");
    expect((await t.request(`${base()}/leave`, { method: "POST", token: team.owner.token })).status).toBe(200);
    expect(await roleOf(team.owner)).toBeUndefined();
  });

  it("lets admins withdraw a pending invitation, and nobody withdraw another workspace's", async () => {
    const invitation = await insertInvitation(t.db, { workspaceId: team.workspace.id });
    const other = await insertWorkspace(t.db, { ownerId: team.admin.user.id });
    const foreign = await insertInvitation(t.db, { workspaceId: other.id });
    const withdraw = (by: SignedIn, id: string) =>
      t.request(`${base()}/invitations/${id}`, { method: "DELETE", token: by.token });
    expect((await withdraw(team.member, invitation.id)).status).toBe(403);
    expect((await withdraw(team.admin, foreign.id)).status).toBe(404);
    expect((await withdraw(team.admin, invitation.id)).status).toBe(200);
    expect((await withdraw(team.admin, invitation.id)).status).toBe(404);
    expect((await t.db.select().from(workspaceInvitations)).map((row) => row.id)).toEqual([foreign.id]);
  });
});
