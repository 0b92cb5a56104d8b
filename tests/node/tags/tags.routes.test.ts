import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertTag } from "../../../db/factories.ts";
import { tags, transactions, transactionTags } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

describe("tags API", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
  });
  const path = (rest = "") => `/api/workspaces/${team.workspace.id}/tags${rest}`;
  const send = (method: string, rest: string, by: SignedIn, json?: unknown) =>
    t.request(path(rest), { method, token: by.token, json });
  const tag = (fields: Partial<typeof tags.$inferInsert> = {}) =>
    insertTag(t.db, { workspaceId: team.workspace.id, ...fields });
  /** An expense of 1.00 on the given date with the given tags, recorded through the API. */
  const spendTagged = async (date: string, tagIds: string[], description = `On ${date}`) => {
    const account = await insertAccount(t.db, { workspaceId: team.workspace.id, initialBalanceCents: 10_000 });
    const json = {
      type: "expense",
      origin_id: `account:${account.id}`,
      amount: "1.00",
      description,
      date,
      tag_ids: tagIds,
    };
    const response = await t.request(`/api/workspaces/${team.workspace.id}/transactions`, {
      method: "POST",
      token: team.member.token,
      json,
    });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  };
  const unknownId = "01900000-0000-7000-8000-000000000000";

  it("creates a tag, grey unless a colour is chosen, unused so far", async () => {
    const response = await send("POST", "", team.member, { name: "  Groceries ", description: " Food and home " });
    expect(response.status).toBe(201);
    expect((await response.json()).data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Groceries",
      color: "#9E9E9E",
      description: "Food and home",
      parent_id: null,
      usage_count: 0,
      last_used: null,
      created_at: "2026-11-21T12:00:00.000Z",
    });
    const coloured = await (
      await send("POST", "", team.member, { name: "Travel", color: "#5b43cf", description: "" })
    ).json();
    expect(coloured.data).toMatchObject({ color: "#5b43cf", description: null });
  });

  it("refuses each invalid field with 422 and its message, creating nothing", async () => {
    const response = await send("POST", "", team.member, { name: " ", color: "grey", description: "d".repeat(256) });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: {
        name: ["Name is required"],
        color: ["Use a six-digit colour such as #9E9E9E"],
        description: ["Use at most 255 characters"],
      },
    });
    const tooLong = await (await send("POST", "", team.member, { name: "n".repeat(51) })).json();
    expect(tooLong.errors).toEqual({ name: ["Use at most 50 characters"] });
    expect((await (await send("POST", "", team.member, {})).json()).errors).toEqual({ name: ["Name is required"] });
    expect(await t.db.select().from(tags)).toEqual([]);
  });

  it("keeps names unique in a workspace whatever their case, accented letters too (409 TAG_NAME_TAKEN)", async () => {
    await tag({ name: "Groceries" });
    const response = await send("POST", "", team.member, { name: "GROCERIES" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: "TAG_NAME_TAKEN",
      errors: { name: ["A tag with this name already exists"] },
    });
    const accented = await tag({ name: "Saúde" });
    expect((await (await send("POST", "", team.member, { name: "SAÚDE" })).json()).code).toBe("TAG_NAME_TAKEN");
    expect((await send("PUT", `/${accented.id}`, team.member, { name: "SAÚDE" })).status).toBe(200);
    expect(await t.db.select().from(tags)).toHaveLength(2);
  });

  it("lists tags by name with how often and when each was last used", async () => {
    const rent = await tag({ name: "rent" });
    const food = await tag({ name: "Food" });
    const idle = await tag({ name: "Idle" });
    await spendTagged("2026-11-03", [food.id, rent.id]);
    await spendTagged("2026-11-10", [food.id]);
    await spendTagged("2026-10-01", [food.id]);
    const response = await send("GET", "", team.viewer);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(
      data.map((row: { uuid: string; usage_count: number; last_used: string | null }) => [
        row.uuid,
        row.usage_count,
        row.last_used,
      ]),
    ).toEqual([
      [food.id, 3, "2026-11-10"],
      [idle.id, 0, null],
      [rent.id, 1, "2026-11-03"],
    ]);
  });

  it("reads one tag with its usage and answers 404 for an unknown or malformed id", async () => {
    const food = await tag({ name: "Food", color: "#22C55E" });
    await spendTagged("2026-11-03", [food.id]);
    expect((await (await send("GET", `/${food.id}`, team.viewer)).json()).data).toMatchObject({
      uuid: food.id,
      name: "Food",
      color: "#22C55E",
      usage_count: 1,
      last_used: "2026-11-03",
    });
    for (const id of [unknownId, "food"]) {
      const missing = await send("GET", `/${id}`, team.viewer);
      expect([missing.status, (await missing.json()).message]).toEqual([404, "Tag not found."]);
    }
  });

  it("updates only the fields sent, keeping usage, and allows a change of case of its own name", async () => {
    const food = await tag({ name: "food", description: "Meals" });
    await spendTagged("2026-11-03", [food.id]);
    const response = await send("PUT", `/${food.id}`, team.member, { name: "Food", color: "#121127" });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({
      name: "Food",
      color: "#121127",
      description: "Meals",
      usage_count: 1,
      last_used: "2026-11-03",
    });
    const cleared = await (await send("PUT", `/${food.id}`, team.member, { description: null })).json();
    expect(cleared.data).toMatchObject({ name: "Food", description: null });
  });

  it("refuses to rename onto another tag's name, an invalid field, or an unknown tag", async () => {
    await tag({ name: "Rent" });
    const food = await tag({ name: "Food" });
    const taken = await send("PUT", `/${food.id}`, team.member, { name: " rent " });
    expect([taken.status, (await taken.json()).code]).toEqual([409, "TAG_NAME_TAKEN"]);
    const invalid = await send("PUT", `/${food.id}`, team.member, { name: "", color: "#12345" });
    expect((await invalid.json()).errors).toEqual({
      name: ["Name is required"],
      color: ["Use a six-digit colour such as #9E9E9E"],
    });
    expect((await send("PUT", `/${unknownId}`, team.member, { name: "Ghost" })).status).toBe(404);
    expect((await t.db.select().from(tags)).map((row) => row.name).sort()).toEqual(["Food", "Rent"]);
  });

  it("answers a Portuguese caller in Portuguese, with the same code and fields", async () => {
    await tag({ name: "Rent" });
    const headers = { "Accept-Language": "pt-BR,pt;q=0.9" };
    const taken = await t.request(path(), {
      method: "POST",
      token: team.member.token,
      json: { name: "rent" },
      headers,
    });
    expect(await taken.json()).toMatchObject({
      code: "TAG_NAME_TAKEN",
      message: "Já existe uma etiqueta com esse nome. Escolha outro.",
      errors: { name: ["Já existe uma etiqueta com este nome"] },
    });
    const invalid = await t.request(path(), {
      method: "POST",
      token: team.member.token,
      json: { name: "x".repeat(51) },
      headers,
    });
    expect(await invalid.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { name: ["Use no máximo 50 caracteres"] },
    });
  });

  it("deletes a tag: it comes off its transactions, which stay", async () => {
    const food = await tag({ name: "Food" });
    const spent = await spendTagged("2026-11-03", [food.id]);
    const response = await send("DELETE", `/${food.id}`, team.member);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { message: "Tag deleted" } });
    expect(await t.db.select().from(tags)).toEqual([]);
    expect(await t.db.select().from(transactionTags)).toEqual([]);
    expect((await t.db.select().from(transactions)).map((row) => row.id)).toEqual([spent.uuid]);
    expect((await send("DELETE", `/${food.id}`, team.member)).status).toBe(404);
  });

  it("lets a viewer read but not create, update or delete (403, nothing changed)", async () => {
    const food = await tag({ name: "Food" });
    expect((await send("GET", "", team.viewer)).status).toBe(200);
    const before = await snapshotDatabase(t.db);
    for (const [method, rest, json] of [
      ["POST", "", { name: "Mine" }],
      ["PUT", `/${food.id}`, { name: "Renamed" }],
      ["DELETE", `/${food.id}`, undefined],
    ] as const) {
      const response = await send(method, rest, team.viewer, json);
      expect([response.status, (await response.json()).code]).toEqual([403, "FORBIDDEN"]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("pages the transactions carrying a tag, newest first", async () => {
    const food = await tag({ name: "Food" });
    const other = await tag({ name: "Other" });
    await spendTagged("2026-11-01", [food.id], "Market");
    await spendTagged("2026-11-05", [food.id, other.id], "Dinner");
    await spendTagged("2026-11-06", [other.id], "Taxi");
    const body = await (await send("GET", `/${food.id}/transactions`, team.viewer)).json();
    expect(body.data.map((row: { description: string }) => row.description)).toEqual(["Dinner", "Market"]);
    expect(body.data[0].tags).toEqual(expect.arrayContaining([{ uuid: food.id, name: "Food", color: "#9E9E9E" }]));
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    const paged = await (await send("GET", `/${food.id}/transactions?per_page=1&page=2`, team.viewer)).json();
    expect([paged.data[0].description, paged.meta.last_page]).toEqual(["Market", 2]);
    const missing = await send("GET", `/${unknownId}/transactions`, team.viewer);
    expect([missing.status, (await missing.json()).message]).toEqual([404, "Tag not found."]);
  });
});
