import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag, insertWorkspace } from "../../../db/factories.ts";
import {
  installmentPlans,
  recurringTransactions,
  scheduledTransactions,
  tags,
  transactionTags,
  userPreferences,
  users,
} from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { deleteTag, mergeTag } from "../../../worker/tags/tag-merge.service.ts";
import { createTag as createTagService } from "../../../worker/tags/tags.service.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "../planning/planning-fixture.ts";

/**
 * Merging a tag into another and deleting one as the person chooses (README: "Tags and categories"): what
 * the tag had — transactions, budget, subcategories, planned transactions' tags — moves in one write, and
 * counts, budgets and reports answer the survivor's new totals. The household's tags are Food and Home.
 */
describe("merging and deleting tags", () => {
  let t: TestApp;
  let h: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await plannedLedger(t);
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
  });

  const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
    return { status: response.status, body: await response.json() };
  };
  const createTag = async (name: string, parentId?: string) => {
    const created = await send("POST", "/tags", { name, parent_id: parentId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.uuid as string;
  };
  const spend = async (amount: string, tagIds: string[]) => {
    const created = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount,
      description: `Spent ${amount}`,
      date: "2026-11-10",
      tag_ids: tagIds,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.uuid as string;
  };
  /** A transaction's links as stored: tag id → implied (1) or given (0). */
  const linksOf = async (transactionId: string) =>
    Object.fromEntries(
      (await t.db.select().from(transactionTags).where(eq(transactionTags.transactionId, transactionId))).map(
        (link) => [link.tagId, link.implied],
      ),
    );
  /** The tags page as answered: name → [usage, category name]. */
  const listed = async () => {
    const all = (await send("GET", "/tags")).body.data as { uuid: string; name: string; parent_id: string | null }[];
    return Object.fromEntries(
      all.map((tag: { name: string; parent_id: string | null; usage_count?: number }) => [
        tag.name,
        [tag.usage_count, all.find((other) => other.uuid === tag.parent_id)?.name ?? null],
      ]),
    );
  };
  /** November's spending by tag name: [amount, transactions]. */
  const breakdown = async () => {
    const { body } = await send("GET", "/analytics/category-breakdown?from=2026-11-01&to=2026-11-30");
    return Object.fromEntries(
      body.data.categories.map((row: { tag: { name: string } | null; amount: string; transactions: number }) => [
        row.tag?.name ?? "none",
        [row.amount, row.transactions],
      ]),
    );
  };

  it("moves a tag's transactions, budget, subcategories, planned tags and default tag to the survivor", async () => {
    const bills = await createTag("Bills");
    const water = await createTag("Water", bills);
    const billsOnly = await spend("100.00", [bills]);
    const billsAndHome = await spend("40.00", [bills, h.home.id]);
    const waterOnly = await spend("20.00", [water]);
    await spend("5.00", [h.food.id]);
    expect((await send("POST", "/budgets", { tag_id: bills, amount: "300.00" })).status).toBe(201);
    expect((await h.schedule({ tag_ids: [bills, h.home.id] })).status).toBe(201);
    expect((await h.recur({ tag_ids: [h.food.id, bills] })).status).toBe(201);
    const plan = await send("POST", "/installment-plans", {
      description: "Geladeira",
      purchase_date: "2026-11-21",
      total_amount: "900.00",
      installments_count: 3,
      origin: `card:${h.credit.id}`,
      tag_ids: [bills],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    await t.db
      .insert(userPreferences)
      .values({ userId: h.member.user.id, defaultTagId: bills, updatedAt: "2026-11-21T15:00:00.000Z" });
    expect((await listed()).Home).toEqual([1, null]);

    const merged = await send("POST", `/tags/${bills}/merge`, { into: h.home.id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // The plan's three postings were given Bills too; one of them falls in November.
    expect(merged.body.data).toMatchObject({ uuid: h.home.id, name: "Home", usage_count: 5 });
    expect(await listed()).toEqual({ Food: [1, null], Home: [5, null], Water: [1, "Home"] });
    expect(await linksOf(billsOnly)).toEqual({ [h.home.id]: 0 });
    expect(await linksOf(billsAndHome)).toEqual({ [h.home.id]: 0 });
    expect(await linksOf(waterOnly)).toEqual({ [water]: 0, [h.home.id]: 1 });
    expect(await breakdown()).toMatchObject({ Home: ["460.00", 4], Water: ["20.00", 1], Food: ["5.00", 1] });
    const budgets = (await send("GET", "/budgets")).body.data;
    expect(budgets).toHaveLength(1);
    expect(budgets[0]).toMatchObject({ tag: { uuid: h.home.id }, amount: "300.00" });
    const tagLists = await Promise.all(
      [scheduledTransactions, recurringTransactions, installmentPlans].map(async (table) =>
        (await t.db.select({ tagIds: table.tagIds }).from(table)).map((row) => JSON.parse(row.tagIds)),
      ),
    );
    expect(tagLists).toEqual([[[h.home.id]], [[h.food.id, h.home.id]], [[h.home.id]]]);
    const [preferences] = await t.db.select().from(userPreferences);
    expect(preferences!.defaultTagId).toBe(h.home.id);
    expect(await t.db.select().from(tags).where(eq(tags.id, bills))).toEqual([]);
  });

  it("merges a subcategory into its category: what carried the category through it now carries it given", async () => {
    const power = await createTag("Power", h.home.id);
    const powerOnly = await spend("10.00", [power]);
    const both = await spend("20.00", [power, h.home.id]);
    const merged = await send("POST", `/tags/${power}/merge`, { into: h.home.id });
    expect(merged.body.data).toMatchObject({ usage_count: 2, parent_id: null });
    expect([await linksOf(powerOnly), await linksOf(both)]).toEqual([{ [h.home.id]: 0 }, { [h.home.id]: 0 }]);
    expect(await breakdown()).toEqual({ Home: ["30.00", 2] });
  });

  it("refuses a merge into itself, into a foreign tag, between two budgets, three levels deep or by a viewer, writing nothing", async () => {
    const power = await createTag("Power", h.home.id);
    await spend("10.00", [power, h.food.id]);
    const stranger = await insertWorkspace(t.db, { ownerId: h.owner.user.id });
    const foreign = await insertTag(t.db, { workspaceId: stranger.id, name: "Foreign" });
    expect((await send("POST", "/budgets", { tag_id: h.food.id, amount: "50.00" })).status).toBe(201);
    expect((await send("POST", "/budgets", { tag_id: power, amount: "60.00" })).status).toBe(201);
    const before = await snapshotDatabase(t.db);
    const refusals = [
      [h.food.id, h.food.id, 422, { into: ["Choose another tag: a tag can't be merged into itself"] }],
      [h.food.id, power, 422, { into: ["Both tags have a budget. Delete the one you don't want, then merge"] }],
      [h.home.id, power, 422, { into: ["This tag has subcategories, so it can only be merged into a top-level tag"] }],
      [h.food.id, foreign.id, 404, undefined],
      [foreign.id, h.food.id, 404, undefined],
      [h.food.id, "", 422, { into: ["Choose the tag to merge into"] }],
    ] as const;
    for (const [from, into, status, errors] of refusals) {
      const refused = await send("POST", `/tags/${from}/merge`, { into });
      expect({ from, into, status: refused.status, errors: refused.body.errors }).toEqual({
        from,
        into,
        status,
        errors,
      });
    }
    const byViewer = await send("POST", `/tags/${h.home.id}/merge`, { into: h.food.id }, h.viewer.token);
    expect(byViewer.status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("asks what becomes of a category's subcategories, and keeps them as categories when told", async () => {
    const power = await createTag("Power", h.home.id);
    const powerOnly = await spend("10.00", [power]);
    const homeOnly = await spend("30.00", [h.home.id]);
    const before = await snapshotDatabase(t.db);
    for (const query of ["", "?subcategories=keep"]) {
      const refused = await send("DELETE", `/tags/${h.home.id}${query}`);
      expect([refused.status, refused.body.errors]).toEqual([
        422,
        { subcategories: ["This category has subcategories: choose to keep them as categories or to delete them too"] },
      ]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);

    expect((await send("DELETE", `/tags/${h.home.id}?subcategories=promote`)).status).toBe(200);
    expect(await listed()).toEqual({ Food: [0, null], Power: [1, null] });
    expect([await linksOf(powerOnly), await linksOf(homeOnly)]).toEqual([{ [power]: 0 }, {}]);
    expect(await breakdown()).toEqual({ Power: ["10.00", 1], none: ["30.00", 1] });
  });

  it("deletes a category with its subcategories, moving their transactions to another tag", async () => {
    const power = await createTag("Power", h.home.id);
    const internet = await createTag("Internet", h.home.id);
    const bills = await createTag("Bills");
    const fees = await createTag("Fees", bills);
    const powerOnly = await spend("10.00", [power]);
    const homeAndFood = await spend("30.00", [h.home.id, h.food.id]);
    const internetAndFees = await spend("5.00", [internet, fees]);
    const before = await snapshotDatabase(t.db);
    for (const [query, message] of [
      [`move_to=${h.home.id}`, "Choose another tag: this is the one being deleted"],
      [`move_to=${power}`, "This subcategory is deleted too. Choose another tag"],
    ] as const) {
      const refused = await send("DELETE", `/tags/${h.home.id}?subcategories=delete&${query}`);
      expect([refused.status, refused.body.errors]).toEqual([422, { move_to: [message] }]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);

    const deleted = await send("DELETE", `/tags/${h.home.id}?subcategories=delete&move_to=${fees}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await listed()).toEqual({ Bills: [0, null], Fees: [3, "Bills"], Food: [1, null] });
    expect(await linksOf(powerOnly)).toEqual({ [fees]: 0, [bills]: 1 });
    expect(await linksOf(homeAndFood)).toEqual({ [fees]: 0, [h.food.id]: 0, [bills]: 1 });
    expect(await linksOf(internetAndFees)).toEqual({ [fees]: 0, [bills]: 1 });
    expect(await breakdown()).toEqual({ Bills: ["45.00", 3], Fees: ["45.00", 3], Food: ["30.00", 1] });
  });

  it("moves the rules' tags with a merge, and asks where they go when a tag they give is deleted", async () => {
    const bills = await createTag("Bills");
    const rule = await send("POST", "/rules", {
      name: "Contas",
      conditions: [{ field: "description", operator: "contains", value: "conta" }],
      actions: { split: { parts: [{ tag_ids: [bills], percent: "50" }, { tag_ids: [h.home.id, bills] }] } },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const other = await send("POST", "/rules", {
      name: "Mercado",
      conditions: [{ field: "description", operator: "contains", value: "mercado" }],
      actions: { set_tags: [h.food.id] },
    });
    expect((await send("POST", `/tags/${bills}/merge`, { into: h.home.id })).status).toBe(200);
    const split = (await send("GET", `/rules/${rule.body.data.uuid}`)).body.data.actions.split;
    expect(split.parts.map((part: { tag_ids: string[] }) => part.tag_ids)).toEqual([[h.home.id], [h.home.id]]);

    const refused = await send("DELETE", `/tags/${h.food.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.move_to).toBeDefined();
    expect((await send("DELETE", `/tags/${h.food.id}?move_to=${h.home.id}`)).status).toBe(200);
    expect((await send("GET", `/rules/${other.body.data.uuid}`)).body.data.actions).toEqual({ set_tags: [h.home.id] });
  });

  it("writes nothing when the tags change between its read and its write: 409 TAGS_CHANGED", async () => {
    const bills = await createTag("Bills");
    const water = await createTag("Water");
    await spend("10.00", [bills]);
    expect((await send("POST", "/budgets", { tag_id: bills, amount: "50.00" })).status).toBe(201);
    /** The member's services on a database where `change` lands right before the write's batch (the second). */
    const racing = (change: () => Promise<void>) => {
      let batches = 0;
      const db = new Proxy(t.db, {
        get(target, property, receiver) {
          if (property !== "batch") return Reflect.get(target, property, receiver);
          return async (items: Parameters<Database["batch"]>[0]) => {
            batches += 1;
            if (batches === 2) await change();
            return target.batch(items);
          };
        },
      });
      return actingAs(testServiceContext(db, { clock: t.clock }), {
        type: "person",
        userId: h.member.user.id,
        sessionId: h.member.sessionId,
        via: "bearer",
      });
    };
    let before: Awaited<ReturnType<typeof snapshotDatabase>> = {};
    const input = { workspaceId: h.workspaceId, tagId: bills };
    // Home gets a budget of its own: which of the two to keep is not for the merge to guess.
    const budgeted = racing(async () => {
      expect((await send("POST", "/budgets", { tag_id: h.home.id, amount: "60.00" })).status).toBe(201);
      before = await snapshotDatabase(t.db);
    });
    await expect(mergeTag({ ctx: budgeted, input: { ...input, into: h.home.id } })).rejects.toMatchObject({
      code: "TAGS_CHANGED",
    });
    expect(await snapshotDatabase(t.db)).toEqual(before);
    // Bills gets a subcategory while it is deleted without a choice for it.
    const withSubcategory = racing(async () => {
      await createTag("Gas", bills);
      before = await snapshotDatabase(t.db);
    });
    await expect(deleteTag({ ctx: withSubcategory, input })).rejects.toMatchObject({ code: "TAGS_CHANGED" });
    expect(await snapshotDatabase(t.db)).toEqual(before);
    // The tag its transactions were to move to is deleted.
    const targetGone = racing(async () => {
      expect((await send("DELETE", `/tags/${water}`)).status).toBe(200);
      before = await snapshotDatabase(t.db);
    });
    await expect(
      deleteTag({ ctx: targetGone, input: { ...input, subcategories: "promote", move_to: water } }),
    ).rejects.toMatchObject({ code: "TAGS_CHANGED" });
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("creates no third level when the chosen category becomes a subcategory after it was read", async () => {
    const bills = await createTag("Bills");
    let before: Awaited<ReturnType<typeof snapshotDatabase>> = {};
    // The category is moved under Home right after the create read it.
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (items: Parameters<Database["batch"]>[0]) => {
          const read = await target.batch(items);
          expect((await send("PUT", `/tags/${bills}`, { name: "Bills", parent_id: h.home.id })).status).toBe(200);
          before = await snapshotDatabase(t.db);
          return read;
        };
      },
    });
    const ctx = actingAs(testServiceContext(db, { clock: t.clock }), {
      type: "person",
      userId: h.member.user.id,
      sessionId: h.member.sessionId,
      via: "bearer",
    });
    const input = { workspaceId: h.workspaceId, name: "Gas", color: "#9E9E9E", description: null, parent_id: bills };
    await expect(createTagService({ ctx, input })).rejects.toMatchObject({ code: "TAGS_CHANGED" });
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(Object.keys(await listed())).not.toContain("Gas");
  });
});
