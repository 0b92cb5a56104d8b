import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertInvitation, insertTag } from "../../../db/factories.ts";
import { transactions, workspaces } from "../../../db/schema/index.ts";
import { api } from "../../../worker/api.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Routes that take other bodies: uploads — the picture (multipart or raw bytes), a statement to import and a
 * receipt, another app's export and a workspace archive (multipart only: anything else is 415, tested in tests/node/imports/,
 * tests/node/move-in/ and tests/node/receipts/) —
 * and the one-click unsubscribe a mail client posts as a form (RFC 8058).
 */
const uploadRoutes = new Set([
  "POST /profile/picture",
  "POST /workspaces/:workspaceId/imports/preview",
  "POST /workspaces/:workspaceId/move-ins/preview",
  "POST /workspace-archives/preview",
  "POST /workspace-archives",
  "POST /workspaces/:workspaceId/transactions/:transactionId/receipts",
  "POST /reminders/unsubscribe",
]);
const jsonWriteRoutes = [...new Set(api.routes.map((route) => `${route.method} ${route.path}`))]
  .filter((route) => writeMethods.has(route.split(" ")[0]!) && !uploadRoutes.has(route))
  .sort();

describe("JSON API writes and their Content-Type", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let ids: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t, { owner: { tier: "unlimited", hasBetaAccess: true } });
    const workspaceId = team.workspace.id;
    const account = await insertAccount(t.db, { workspaceId, initialBalanceCents: 100_000 });
    const card = await insertCard(t.db, { workspaceId, accountId: account.id });
    const tag = await insertTag(t.db, { workspaceId });
    const invitation = await insertInvitation(t.db, { workspaceId, invitedBy: team.owner.user.id });
    const created = await t.request(`/api/workspaces/${workspaceId}/transactions`, {
      method: "POST",
      token: team.owner.token,
      json: { type: "income", destination_id: `account:${account.id}`, amount: "10.00", description: "Pay" },
    });
    expect(created.status).toBe(201);
    const transactionId = (await created.json()).data.uuid;
    ids = {
      workspaceId,
      accountId: account.id,
      cardId: card.id,
      tagId: tag.id,
      transactionId,
      invitationId: invitation.id,
      userId: team.member.user.id,
    };
  });

  const pathOf = (template: string) =>
    `/api${template.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? "missing")}`;
  const sendAs = (contentType: string, method: string, path: string, body: string) =>
    t.request(path, { method, token: team.owner.token, body, headers: { "Content-Type": contentType } });

  it("refuses a text/plain body on POST /transactions with 415 and records nothing", async () => {
    const body = JSON.stringify({
      type: "income",
      destination_id: `account:${ids.accountId}`,
      amount: "99.00",
      description: "Sneaky",
    });
    const response = await sendAs(
      "text/plain;charset=UTF-8",
      "POST",
      `/api/workspaces/${ids.workspaceId}/transactions`,
      body,
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: "Send the request body as JSON (Content-Type: application/json).",
      code: "UNSUPPORTED_MEDIA_TYPE",
      request_id: response.headers.get("X-Request-Id"),
    });
    expect(await t.db.select().from(transactions).where(eq(transactions.description, "Sneaky"))).toEqual([]);
  });

  it("refuses a PUT whose body is not JSON instead of answering 200 and ignoring it", async () => {
    const response = await sendAs(
      "text/plain",
      "PUT",
      `/api/workspaces/${ids.workspaceId}`,
      JSON.stringify({ name: "Taken over" }),
    );
    expect(response.status).toBe(415);
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, ids.workspaceId!));
    expect(workspace!.name).not.toBe("Taken over");
  });

  it("answers 415 and changes nothing for a form, text or missing Content-Type on every JSON write route", async () => {
    expect(jsonWriteRoutes.length).toBeGreaterThan(30);
    const before = await snapshotDatabase(t.db);
    const body = JSON.stringify({ name: "Changed", email: "x@example.com", role: "viewer", tag_ids: [ids.tagId] });
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "",
    ]) {
      for (const route of jsonWriteRoutes) {
        const [method, template] = route.split(" ") as [string, string];
        const response = await t.request(pathOf(template), {
          method,
          token: team.owner.token,
          body,
          headers: contentType ? { "Content-Type": contentType } : {},
        });
        expect({ route, contentType, status: response.status }).toEqual({ route, contentType, status: 415 });
      }
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("takes JSON with a charset parameter, in any letter case", async () => {
    const body = JSON.stringify({
      type: "income",
      destination_id: `account:${ids.accountId}`,
      amount: "1.00",
      description: "Charset",
    });
    for (const contentType of ["application/json; charset=utf-8", "Application/JSON;charset=UTF-8"]) {
      const response = await sendAs(contentType, "POST", `/api/workspaces/${ids.workspaceId}/transactions`, body);
      expect(response.status).toBe(201);
    }
  });

  it("keeps bodyless writes working: delete, leave, logout (also with an empty text body)", async () => {
    const deleted = await t.request(`/api/workspaces/${ids.workspaceId}/tags/${ids.tagId}`, {
      method: "DELETE",
      token: team.owner.token,
    });
    expect(deleted.status).toBe(200);
    const left = await t.request(`/api/workspaces/${ids.workspaceId}/leave`, {
      method: "POST",
      token: team.viewer.token,
      body: "",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    expect(left.status).toBe(200);
    const loggedOut = await t.request("/api/auth/logout", {
      method: "POST",
      token: team.member.token,
      headers: { "Content-Length": "0" },
    });
    expect(loggedOut.status).toBe(200);
  });
});
