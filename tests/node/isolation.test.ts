import { beforeEach, describe, expect, it } from "vitest";
import { insertInvitation, insertWorkspace } from "../../db/factories.ts";
import { api } from "../../worker/api.ts";
import { signInAs } from "../support/sessions.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../support/workspaces.ts";

/**
 * Tenant isolation, for EVERY route addressed by a workspace id. A new workspace-scoped route
 * fails this file until it is listed here with a body that would succeed for a member.
 */
const requestBodies: Record<string, unknown> = {
  "GET /workspaces/:workspaceId": undefined,
  "PUT /workspaces/:workspaceId": { name: "Taken over" },
  "DELETE /workspaces/:workspaceId": undefined,
  "GET /workspaces/:workspaceId/tier-info": undefined,
  "GET /workspaces/:workspaceId/usage-stats": undefined,
  "GET /workspaces/:workspaceId/members": undefined,
  "POST /workspaces/:workspaceId/members": { email: "intruder@example.com", role: "admin" },
  "PUT /workspaces/:workspaceId/members/:userId": { role: "viewer" },
  "DELETE /workspaces/:workspaceId/members/:userId": undefined,
  "DELETE /workspaces/:workspaceId/invitations/:invitationId": undefined,
  "POST /workspaces/:workspaceId/leave": undefined,
};

const registeredRoutes = [...new Set(api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`))];
const workspaceScopedRoutes = registeredRoutes.filter((route) => route.includes(":workspaceId")).sort();

type Ids = Record<string, string>;

function fill(route: string, ids: Ids): { method: string; path: string } {
  const [method, template] = route.split(" ") as [string, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    if (!ids[name]) throw new Error(`isolation.test.ts has no id for :${name} in ${route}; add one to the fixture.`);
    return ids[name]!;
  });
  return { method, path: `/api${path}` };
}

describe("tenant isolation", () => {
  let t: TestApp;
  let victim: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let victimIds: Ids;
  beforeEach(async () => {
    t = await createTestApp();
    victim = await workspaceWithTeam(t, { owner: { tier: "unlimited", hasBetaAccess: true } });
    const invitation = await insertInvitation(t.db, { workspaceId: victim.workspace.id, invitedBy: victim.owner.user.id });
    victimIds = { workspaceId: victim.workspace.id, userId: victim.admin.user.id, invitationId: invitation.id };
  });

  async function expectEveryRouteRefused(caller: SignedIn, routes: string[], ids: Ids) {
    const before = await snapshotDatabase(t.db);
    for (const route of routes) {
      const { method, path } = fill(route, ids);
      const response = await t.request(path, { method, token: caller.token, json: requestBodies[route] });
      expect({ route, status: response.status }).toEqual({ route, status: 404 });
      expect((await response.json()).code).toBe("NOT_FOUND");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  }

  it("covers every workspace-scoped route the API registers", () => {
    expect(workspaceScopedRoutes).toEqual(Object.keys(requestBodies).sort());
  });

  it("addresses every route under /workspaces/ by :workspaceId, so none escapes this test", () => {
    const underWorkspaces = registeredRoutes.filter((route) => route.split(" ")[1]!.startsWith("/workspaces/"));
    expect(underWorkspaces.filter((route) => !route.split(" ")[1]!.startsWith("/workspaces/:workspaceId"))).toEqual([]);
  });

  it("answers 404 and changes nothing when a signed-in non-member calls any of them with a real workspace", async () => {
    const stranger = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    await expectEveryRouteRefused(stranger, workspaceScopedRoutes, victimIds);
  });

  it("answers 404 and changes nothing when the owner of workspace A sends workspace B's id", async () => {
    const intruder = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    await insertWorkspace(t.db, { ownerId: intruder.user.id });
    await expectEveryRouteRefused(intruder, workspaceScopedRoutes, victimIds);
  });

  it("answers 404 and changes nothing when the owner of workspace A sends B's member and invitation ids under A", async () => {
    const intruder = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    const own = await insertWorkspace(t.db, { ownerId: intruder.user.id });
    const routesWithInnerIds = workspaceScopedRoutes.filter((route) => /:workspaceId\/.*:\w+/.test(route));
    expect(routesWithInnerIds.length).toBeGreaterThan(0);
    await expectEveryRouteRefused(intruder, routesWithInnerIds, { ...victimIds, workspaceId: own.id });
  });
});
