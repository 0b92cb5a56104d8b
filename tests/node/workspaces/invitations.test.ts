import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertUser } from "../../../db/factories.ts";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../../db/schema/index.ts";
import { startFakeResend, type FakeResend } from "../../support/fake-resend.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

describe("inviting people into a workspace", () => {
  let resend: FakeResend;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend.close());
  beforeEach(async () => {
    resend.failWith(null);
    t = await createTestApp({ env: { RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url } });
    team = await workspaceWithTeam(t, { workspace: { name: "Casa <Souza>" } });
  });
  const invite = (by: SignedIn, json: unknown) =>
    t.request(`/api/workspaces/${team.workspace.id}/members`, { method: "POST", token: by.token, json });
  const sentTo = (email: string) => resend.sent.filter((message) => message.to === email);

  it("lets an admin invite an address: a pending invitation and an e-mail in the inviter's language", async () => {
    await t.db.update(users).set({ language: "pt-BR" }).where(eq(users.id, team.admin.user.id));
    const response = await invite(team.admin, { email: " New.Person@Example.com ", role: "member" });
    expect(response.status).toBe(201);
    expect((await response.json()).data).toEqual({
      uuid: expect.any(String),
      email: "new.person@example.com",
      role: "member",
      invited_by: { uuid: team.admin.user.id, name: "Adam Admin" },
      created_at: "2026-11-21T12:00:00.000Z",
    });
    const [message] = sentTo("new.person@example.com");
    expect(message!.subject).toBe("Adam Admin convidou você para “Casa <Souza>” no Moneta");
    expect(message!.text).toContain(`${t.env.APP_URL}/login`);
    expect(message!.html).toContain("Casa &#60;Souza&#62;");
    expect(message!.html).not.toContain("<Souza>");
  });

  it("writes to a known address in that account's own language", async () => {
    await t.db.update(users).set({ language: "pt-BR" }).where(eq(users.id, team.owner.user.id));
    await insertUser(t.db, { email: "known@example.com", language: "en" });
    expect((await invite(team.owner, { email: "known@example.com", role: "viewer" })).status).toBe(201);
    expect(sentTo("known@example.com")[0]!.subject).toBe("Olivia Owner invited you to “Casa <Souza>” on Moneta");
  });

  it("renews an invitation sent twice instead of duplicating it", async () => {
    await invite(team.admin, { email: "twice@example.com", role: "viewer" });
    await invite(team.admin, { email: "twice@example.com", role: "admin" });
    const rows = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.email, "twice@example.com"));
    expect(rows.map((row) => row.role)).toEqual(["admin"]);
    expect(sentTo("twice@example.com")).toHaveLength(2);
  });

  it("refuses an address that is already a member with 409", async () => {
    const response = await invite(team.owner, { email: team.viewer.user.email, role: "admin" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: "ALREADY_MEMBER",
      errors: { email: ["This person is already a member"] },
    });
  });

  it("lets only admins and owners invite, and only owners invite an owner", async () => {
    const before = await snapshotDatabase(t.db);
    expect((await invite(team.member, { email: "x@example.com", role: "viewer" })).status).toBe(403);
    expect((await invite(team.viewer, { email: "x@example.com", role: "viewer" })).status).toBe(403);
    expect((await invite(team.admin, { email: "x@example.com", role: "owner" })).status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(resend.sent.filter((message) => message.to === "x@example.com")).toEqual([]);
    expect((await invite(team.owner, { email: "x@example.com", role: "owner" })).status).toBe(201);
  });

  it("validates the address and role with 422", async () => {
    const response = await invite(team.owner, { email: "nope", role: "king" });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).errors).sort()).toEqual(["email", "role"]);
  });

  it("answers 503 and stores nothing when the e-mail cannot be sent", async () => {
    resend.failWith(500);
    const response = await invite(team.owner, { email: "later@example.com", role: "member" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Failed to send the invitation e-mail",
    });
    expect(await t.db.select().from(workspaceInvitations)).toEqual([]);
  });

  it("prints one console line instead of sending when no Resend key is set locally", async () => {
    const local = await createTestApp({ env: { APP_ENV: "local", RESEND_API_KEY: "" } });
    const localTeam = await workspaceWithTeam(local);
    const print = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const response = await local.request(`/api/workspaces/${localTeam.workspace.id}/members`, {
        method: "POST",
        token: localTeam.owner.token,
        json: { email: "console@example.com", role: "member" },
      });
      expect(response.status).toBe(201);
      // Local runs also print the access log; the mail itself is exactly one line.
      const mailLines = print.mock.calls.flat().filter((line) => String(line).includes("console@example.com"));
      expect(mailLines).toEqual([`[invitation] console@example.com invited to ${localTeam.workspace.id}`]);
    } finally {
      print.mockRestore();
    }
  });

  describe("the invited address finds the workspace at its next sign-in", () => {
    const signInWithCode = async (email: string, code?: string) => {
      await t.request("/api/auth/request-token", { method: "POST", json: { email } });
      return t.request("/api/auth/login", {
        method: "POST",
        json: { method: "email", email, token: code ?? resend.lastCodeFor(email) },
      });
    };

    it("joins a new person with the invited role, in the same sign-in", async () => {
      await invite(team.admin, { email: "newcomer@example.com", role: "viewer" });
      const response = await signInWithCode("newcomer@example.com");
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data.user.workspaces_count).toBe(1);
      const list = await (await t.request("/api/workspaces", { token: data.access_token })).json();
      expect(list.data).toEqual([expect.objectContaining({ uuid: team.workspace.id, role: "viewer" })]);
      const [invitation] = await t.db.select().from(workspaceInvitations);
      expect(invitation!.acceptedAt).toBe("2026-11-21T12:00:00.000Z");
      const roster = await t.request(`/api/workspaces/${team.workspace.id}/members`, { token: team.owner.token });
      expect((await roster.json()).data.invitations).toEqual([]);
    });

    it("joins an existing account too, next to its own workspaces", async () => {
      const existing = await insertUser(t.db, { email: "existing@example.com" });
      const [own] = await t.db.insert(workspaces).values({ name: "Own", createdBy: existing.id }).returning();
      await t.db.insert(workspaceMembers).values({ workspaceId: own!.id, userId: existing.id, role: "owner" });
      await invite(team.owner, { email: "existing@example.com", role: "admin" });
      const { data } = await (await signInWithCode("existing@example.com")).json();
      expect(data.user.workspaces_count).toBe(2);
    });

    it("does not join anyone when the code is wrong", async () => {
      await invite(team.admin, { email: "guess@example.com", role: "member" });
      await t.request("/api/auth/request-token", { method: "POST", json: { email: "guess@example.com" } });
      const right = resend.lastCodeFor("guess@example.com");
      const wrong = right === "000000" ? "111111" : "000000";
      expect((await signInWithCode("guess@example.com", wrong)).status).toBe(401);
      const members = await t.db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, team.workspace.id));
      expect(members).toHaveLength(4);
      const [invitation] = await t.db.select().from(workspaceInvitations);
      expect(invitation!.acceptedAt).toBeNull();
    });
  });
});
