import { beforeEach, describe, expect, it, vi } from "vitest";
import { samplePictures } from "../../../db/factories.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { loadViewer, loadViewerInWorkspace, loadViewerSettings } from "../../../worker/pages/viewer.service.ts";
import { listMembers } from "../../../worker/workspaces/members.service.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

/**
 * The pages show people's pictures (header, user menu, members list) from the reads they already
 * make: the picture's address comes with the person's row, in the page's one round trip.
 */
describe("pictures in the pages' reads", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
  });
  const ctxOf = (person: SignedIn) =>
    actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: person.user.id,
      sessionId: person.sessionId,
      via: "cookie",
    });
  const uploadAs = async (person: SignedIn): Promise<string> => {
    const response = await t.request("/api/profile/picture", {
      method: "POST",
      token: person.token,
      body: samplePictures.png,
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(response.status).toBe(200);
    return (await response.json()).data.picture;
  };
  /** The read's answer and how many times it went to the database. */
  const counted = async <T>(read: () => Promise<T>) => {
    const batch = vi.spyOn(t.db.$client, "batch");
    const execute = vi.spyOn(t.db.$client, "execute");
    try {
      const answer = await read();
      return { answer, batches: batch.mock.calls.length, executes: execute.mock.calls.length };
    } finally {
      batch.mockRestore();
      execute.mockRestore();
    }
  };

  it("gives every page frame the viewer's picture address, in the page's one round trip", async () => {
    const picture = await uploadAs(team.member);
    const ctx = ctxOf(team.member);
    const workspaceId = team.workspace.id;
    const frames = {
      workspaces: () => loadViewer({ ctx }),
      workspace: () => loadViewerInWorkspace({ ctx, input: { workspaceId } }),
      settings: () => loadViewerSettings({ ctx }),
    };
    for (const [page, read] of Object.entries(frames)) {
      const { answer, batches, executes } = await counted(read);
      expect({ page, picture: answer.user.picture, batches, executes }).toEqual({
        page,
        picture,
        batches: 1,
        executes: 0,
      });
    }
  });

  it("lists each member with their picture address, a new one after each upload, in one round trip", async () => {
    const first = await uploadAs(team.member);
    const read = () => listMembers({ ctx: ctxOf(team.viewer), input: { workspaceId: team.workspace.id } });
    const { answer, batches, executes } = await counted(read);
    expect({ batches, executes }).toEqual({ batches: 1, executes: 0 });
    expect(answer.members.map((member) => [member.name, member.picture])).toEqual([
      ["Olivia Owner", null],
      ["Adam Admin", null],
      ["Mia Member", first],
      ["Vic Viewer", null],
    ]);

    const second = await uploadAs(team.member);
    expect(second).not.toBe(first);
    const { members } = await read();
    expect(members.find((member) => member.user_uuid === team.member.user.id)?.picture).toBe(second);
    expect((await t.request(second, { token: team.viewer.token })).headers.get("Content-Type")).toBe("image/png");
  });

  it("gives no address once the picture is removed", async () => {
    await uploadAs(team.owner);
    await t.request("/api/profile/picture", { method: "DELETE", token: team.owner.token });
    const { user } = await loadViewer({ ctx: ctxOf(team.owner) });
    const { members } = await listMembers({ ctx: ctxOf(team.owner), input: { workspaceId: team.workspace.id } });
    expect([user.picture, members[0]?.picture]).toEqual([null, null]);
  });
});
