import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { accounts } from "../../../db/schema/index.ts";
import { accountColors } from "../../../worker/accounts/accounts.presets.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

describe("account colours by preset name", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
  });
  const path = (rest = "") => `/api/workspaces/${team.workspace.id}/accounts${rest}`;
  const send = (method: string, rest: string, json: unknown) =>
    t.request(path(rest), { method, token: team.member.token, json });
  const storedColour = async (id: string) =>
    (await t.db.select({ color: accounts.color }).from(accounts).where(eq(accounts.id, id)))[0]?.color;

  it("creates an account with a colour name, stored and answered as the preset's hex", async () => {
    const response = await send("POST", "", { name: "Savings", type: "savings", color: "violet" });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data.color).toBe("#8B5CF6");
    expect(await storedColour(data.uuid)).toBe("#8B5CF6");
  });

  it("updates to each of the eight names, in any letter case, as its hex; hex values still work", async () => {
    const account = await insertAccount(t.db, { workspaceId: team.workspace.id });
    for (const [name, hex] of Object.entries(accountColors)) {
      for (const sent of [name, name.toUpperCase()]) {
        const response = await send("PUT", `/${account.id}`, { color: sent });
        expect({ sent, status: response.status, color: (await response.json()).data.color }).toEqual({
          sent,
          status: 200,
          color: hex,
        });
        expect(await storedColour(account.id)).toBe(hex);
      }
    }
    const byHex = await send("PUT", `/${account.id}`, { color: "#22c55e" });
    expect((await byHex.json()).data.color).toBe("#22C55E");
  });

  it("refuses an unknown name with 422 at the field, on create and on update, changing nothing", async () => {
    const account = await insertAccount(t.db, { workspaceId: team.workspace.id });
    const before = await snapshotDatabase(t.db);
    for (const [method, rest, json] of [
      ["POST", "", { name: "Pink", type: "checking", color: "pink" }],
      ["PUT", `/${account.id}`, { color: "purple" }],
      ["PUT", `/${account.id}`, { color: "" }],
    ] as const) {
      const response = await send(method, rest, json);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: { color: ["Choose one of the preset colours"] },
      });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});
