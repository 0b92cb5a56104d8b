import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag, insertWorkspace } from "../../../db/factories.ts";
import { tags, transactionTags, users } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "../planning/planning-fixture.ts";

/**
 * Categories and subcategories (README: "Tags and categories"): a tag may sit under a top-level tag,
 * and a transaction given a subcategory carries its category too (an implied link), so filters,
 * budgets and reports by the category count it, once. The household's tags are Food and Home.
 */
describe("categories and subcategories", () => {
  let t: TestApp;
  let h: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await plannedLedger(t);
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
  });

  const send = async (method: string, rest: string, json?: unknown) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, {
      method,
      token: h.member.token,
      json,
    });
    return { status: response.status, body: await response.json() };
  };
  const createTag = async (name: string, parentId?: string | null) => {
    const created = await send("POST", "/tags", { name, parent_id: parentId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.uuid as string;
  };
  /** An expense from checking on a day of November with the given tags; answers the transaction. */
  const spend = async (amount: string, tagIds: string[], day = "2026-11-10") => {
    const created = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount,
      description: `Spent ${amount}`,
      date: day,
      tag_ids: tagIds,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  };
  /** A transaction's links as stored: tag id → implied (1) or given (0). */
  const linksOf = async (transactionId: string) =>
    Object.fromEntries(
      (await t.db.select().from(transactionTags).where(eq(transactionTags.transactionId, transactionId))).map(
        (link) => [link.tagId, link.implied],
      ),
    );
  /** November's spending by tag, as the category breakdown answers it: tag id → [amount, transactions]. */
  const breakdown = async () => {
    const { body } = await send("GET", "/analytics/category-breakdown?from=2026-11-01&to=2026-11-30");
    return Object.fromEntries(
      body.data.categories.map((row: { tag: { uuid: string } | null; amount: string; transactions: number }) => [
        row.tag?.uuid ?? "none",
        [row.amount, row.transactions],
      ]),
    );
  };
  const listedIds = async (query: string) =>
    (await send("GET", `/transactions?${query}`)).body.data.map((row: { uuid: string }) => row.uuid).sort();

  it("gives a tag a category, moves it and clears it, listing subcategories under their category", async () => {
    const bills = await createTag("Bills");
    const water = await createTag("Water", bills);
    const power = await send("POST", "/tags", { name: "Power", parent_id: h.home.id });
    expect(power.body.data).toMatchObject({ name: "Power", parent_id: h.home.id, usage_count: 0 });
    const internet = await createTag("Internet", h.home.id);
    const listed = (await send("GET", "/tags")).body.data.map((tag: { name: string; parent_id: string | null }) => [
      tag.name,
      tag.parent_id,
    ]);
    expect(listed).toEqual([
      ["Bills", null],
      ["Water", bills],
      ["Food", null],
      ["Home", null],
      ["Internet", h.home.id],
      ["Power", h.home.id],
    ]);

    const moved = await send("PUT", `/tags/${power.body.data.uuid}`, { parent_id: bills });
    expect(moved.body.data).toMatchObject({ name: "Power", parent_id: bills });
    const renamed = await send("PUT", `/tags/${internet}`, { name: "Fibre" });
    expect(renamed.body.data).toMatchObject({ name: "Fibre", parent_id: h.home.id });
    const cleared = await send("PUT", `/tags/${water}`, { parent_id: null });
    expect(cleared.body.data).toMatchObject({ name: "Water", parent_id: null });
    expect((await send("GET", `/tags/${water}`)).body.data.parent_id).toBeNull();
  });

  it("keeps two levels in one workspace: 422 at parent_id, nothing changed, for a subcategory, itself, a category or a foreign tag", async () => {
    const power = await createTag("Power", h.home.id);
    const stranger = await insertWorkspace(t.db, { ownerId: h.owner.user.id });
    const foreign = await insertTag(t.db, { workspaceId: stranger.id, name: "Foreign" });
    const before = await snapshotDatabase(t.db);
    for (const [method, rest, body, message] of [
      [
        "POST",
        "/tags",
        { name: "Bulbs", parent_id: power },
        "Choose a top-level tag: a subcategory can't have subcategories",
      ],
      [
        "PUT",
        `/tags/${h.food.id}`,
        { parent_id: power },
        "Choose a top-level tag: a subcategory can't have subcategories",
      ],
      ["PUT", `/tags/${h.food.id}`, { parent_id: h.food.id }, "A tag can't be its own category"],
      [
        "PUT",
        `/tags/${h.home.id}`,
        { parent_id: h.food.id },
        "This tag has subcategories, so it stays at the top level",
      ],
      ["POST", "/tags", { name: "Intruder", parent_id: foreign.id }, "Category not found in this workspace"],
      ["PUT", `/tags/${power}`, { parent_id: foreign.id }, "Category not found in this workspace"],
      ["PUT", `/tags/${power}`, { name: "Renamed", parent_id: "not-a-tag" }, "Category not found in this workspace"],
    ] as const) {
      const refused = await send(method, rest, body);
      expect({ rest, body, status: refused.status, errors: refused.body.errors }).toEqual({
        rest,
        body,
        status: 422,
        errors: { parent_id: [message] },
      });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("counts a subcategory's transactions under its category once: filters, budgets and the breakdown", async () => {
    const power = await createTag("Power", h.home.id);
    const internet = await createTag("Internet", h.home.id);
    const both = await spend("100.00", [power, internet]);
    const home = await spend("50.00", [h.home.id]);
    const food = await spend("30.00", [h.food.id]);
    // Its answer shows the tags it was given, and its most specific one in a hierarchy.
    expect(both.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(["Internet", "Power"]);
    expect(both.tag_ids.sort()).toEqual([internet, power].sort());
    expect(both.category).toEqual({ uuid: internet, name: "Internet", parent_id: h.home.id });
    expect(home.category).toEqual({ uuid: h.home.id, name: "Home", parent_id: null });
    expect(food.category).toBeNull();
    expect(await linksOf(both.uuid)).toEqual({ [power]: 0, [internet]: 0, [h.home.id]: 1 });
    const read = (await send("GET", `/transactions/${both.uuid}`)).body.data;
    expect([read.tag_ids.sort(), read.category.uuid]).toEqual([[internet, power].sort(), internet]);

    expect(await listedIds(`tag_id=${h.home.id}`)).toEqual([both.uuid, home.uuid].sort());
    expect(await listedIds(`tag_id=${power}`)).toEqual([both.uuid]);
    expect(await breakdown()).toEqual({
      [h.home.id]: ["150.00", 2],
      [power]: ["100.00", 1],
      [internet]: ["100.00", 1],
      [h.food.id]: ["30.00", 1],
    });
    const tagsListed = (await send("GET", "/tags")).body.data;
    expect(tagsListed.map((tag: { name: string; usage_count: number }) => [tag.name, tag.usage_count])).toEqual([
      ["Food", 1],
      ["Home", 1],
      ["Internet", 1],
      ["Power", 1],
    ]);
    const rows = (await send("GET", "/analytics/category-breakdown?from=2026-11-01&to=2026-11-30")).body.data
      .categories;
    expect(rows.map((row: { tag: unknown }) => row.tag)).toContainEqual({
      uuid: power,
      name: "Power",
      color: "#9E9E9E",
      parent_id: h.home.id,
    });

    expect((await send("POST", "/budgets", { tag_id: h.home.id, amount: "200.00" })).status).toBe(201);
    const budgets = (await send("GET", "/budgets")).body.data;
    expect(budgets[0]).toMatchObject({ tag: { uuid: h.home.id }, current_month: { spent: "150.00" } });
  });

  it("moves a subcategory's totals with it to its new category, and off once it is top-level", async () => {
    const power = await createTag("Power", h.home.id);
    const internet = await createTag("Internet", h.home.id);
    const bills = await createTag("Bills");
    const alone = await spend("100.00", [power]);
    const withHome = await spend("40.00", [power, h.home.id]);
    const withInternet = await spend("20.00", [power, internet]);
    expect((await breakdown())[h.home.id]).toEqual(["160.00", 3]);

    expect((await send("PUT", `/tags/${power}`, { parent_id: bills })).status).toBe(200);
    expect(await linksOf(alone.uuid)).toEqual({ [power]: 0, [bills]: 1 });
    expect(await linksOf(withHome.uuid)).toEqual({ [power]: 0, [h.home.id]: 0, [bills]: 1 });
    expect(await linksOf(withInternet.uuid)).toEqual({ [power]: 0, [internet]: 0, [h.home.id]: 1, [bills]: 1 });
    const afterMove = await breakdown();
    expect([afterMove[h.home.id], afterMove[bills]]).toEqual([
      ["60.00", 2],
      ["160.00", 3],
    ]);
    expect(await listedIds(`tag_id=${bills}`)).toEqual([alone.uuid, withHome.uuid, withInternet.uuid].sort());
    expect((await send("GET", `/tags/${bills}`)).body.data.usage_count).toBe(0);

    expect((await send("PUT", `/tags/${power}`, { parent_id: null })).status).toBe(200);
    expect(await linksOf(alone.uuid)).toEqual({ [power]: 0 });
    const afterClear = await breakdown();
    expect([afterClear[h.home.id], afterClear[bills]]).toEqual([["60.00", 2], undefined]);
  });

  it("re-derives the category as tags are attached, detached, synced and edited", async () => {
    const power = await createTag("Power", h.home.id);
    const internet = await createTag("Internet", h.home.id);
    const { uuid } = await spend("10.00", [power]);
    const tagsPath = `/transactions/${uuid}/tags`;
    const usageOfHome = async () => (await send("GET", `/tags/${h.home.id}`)).body.data.usage_count;

    const attached = await send("POST", `${tagsPath}/attach`, { tag_ids: [h.home.id] });
    expect(attached.body.data.tag_ids.sort()).toEqual([h.home.id, power].sort());
    expect(await linksOf(uuid)).toEqual({ [power]: 0, [h.home.id]: 0 });
    expect(await usageOfHome()).toBe(1);

    const detached = await send("POST", `${tagsPath}/detach`, { tag_ids: [h.home.id] });
    expect(detached.body.data.tag_ids).toEqual([power]);
    expect(await linksOf(uuid)).toEqual({ [power]: 0, [h.home.id]: 1 });
    expect(await usageOfHome()).toBe(0);

    await send("POST", `${tagsPath}/attach`, { tag_ids: [internet] });
    await send("POST", `${tagsPath}/detach`, { tag_ids: [power] });
    expect(await linksOf(uuid)).toEqual({ [internet]: 0, [h.home.id]: 1 });
    const lastDetached = await send("POST", `${tagsPath}/detach`, { tag_ids: [internet] });
    expect([lastDetached.body.data.tag_ids, lastDetached.body.data.category]).toEqual([[], null]);
    expect(await linksOf(uuid)).toEqual({});

    const synced = await send("PUT", tagsPath, { tag_ids: [power, h.food.id] });
    expect(synced.body.data.category).toEqual({ uuid: power, name: "Power", parent_id: h.home.id });
    expect(await linksOf(uuid)).toEqual({ [power]: 0, [h.food.id]: 0, [h.home.id]: 1 });
    const edited = await send("PUT", `/transactions/${uuid}`, {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "12.00",
      description: "Edited",
      date: "2026-11-11",
      tag_ids: [internet],
    });
    expect(edited.body.data.category).toMatchObject({ uuid: internet });
    expect(await linksOf(uuid)).toEqual({ [internet]: 0, [h.home.id]: 1 });
  });

  it("takes a deleted subcategory's category off what carried it only through it, and asks before deleting a category with subcategories", async () => {
    const power = await createTag("Power", h.home.id);
    const internet = await createTag("Internet", h.home.id);
    const alone = await spend("100.00", [power]);
    const withInternet = await spend("20.00", [power, internet]);
    const withHome = await spend("40.00", [power, h.home.id]);

    const before = await snapshotDatabase(t.db);
    const refused = await send("DELETE", `/tags/${h.home.id}`);
    expect([refused.status, refused.body.errors]).toEqual([
      422,
      { subcategories: ["This category has subcategories: choose to keep them as categories or to delete them too"] },
    ]);
    expect(await snapshotDatabase(t.db)).toEqual(before);

    expect((await send("DELETE", `/tags/${power}`)).status).toBe(200);
    expect(await linksOf(alone.uuid)).toEqual({});
    expect(await linksOf(withInternet.uuid)).toEqual({ [internet]: 0, [h.home.id]: 1 });
    expect(await linksOf(withHome.uuid)).toEqual({ [h.home.id]: 0 });
    expect((await breakdown())[h.home.id]).toEqual(["60.00", 2]);

    expect((await send("DELETE", `/tags/${internet}`)).status).toBe(200);
    expect((await send("DELETE", `/tags/${h.home.id}`)).status).toBe(200);
    expect(await t.db.select().from(tags).where(eq(tags.workspaceId, h.workspaceId))).toHaveLength(1);
  });

  it("posts a scheduled transaction's subcategory with its category", async () => {
    const power = await createTag("Power", h.home.id);
    const item = await h.schedule({ tag_ids: [power] });
    expect(item.status).toBe(201);
    const executed = await send("POST", `/scheduled-transactions/${item.body.data.uuid}/execute`);
    expect(executed.status).toBe(200);
    const [posted] = await h.postedRows();
    expect(await linksOf(posted!.id)).toEqual({ [power]: 0, [h.home.id]: 1 });
  });

  it("drops a workspace with categories and subcategories whole", async () => {
    const power = await createTag("Power", h.home.id);
    await spend("10.00", [power]);
    const deleted = await t.request(`/api/workspaces/${h.workspaceId}`, { method: "DELETE", token: h.owner.token });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(tags).where(eq(tags.workspaceId, h.workspaceId))).toEqual([]);
  });
});
