import { describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { createTestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/** The rules API (README: "Rules"): ordered, pausable, and refusing at the field what is not the workspace's. */
describe("rules", () => {
  async function household() {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
      return { status: response.status, body: await response.json() };
    };
    const create = async (name: string, extra: Record<string, unknown> = {}) => {
      const created = await send("POST", "/rules", {
        name,
        conditions: [{ field: "description", operator: "contains", value: name }],
        actions: { set_tags: [h.food.id] },
        ...extra,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data as { uuid: string; position: number };
    };
    const names = async () => ((await send("GET", "/rules")).body.data as { name: string }[]).map((rule) => rule.name);
    return { t, h, send, create, names };
  }

  it("keeps rules in order: last by default, at a position, reordered, closed up on delete", async () => {
    const { send, create, names } = await household();
    const uber = await create("Uber");
    const ifood = await create("iFood");
    const first = await create("Mercado", { position: 0 });
    expect(first.position).toBe(0);
    expect(await names()).toEqual(["Mercado", "Uber", "iFood"]);
    const reordered = await send("PUT", "/rules/order", { rule_ids: [ifood.uuid, uber.uuid] });
    expect(reordered.body.data.map((rule: { name: string; position: number }) => [rule.name, rule.position])).toEqual([
      ["iFood", 0],
      ["Uber", 1],
      ["Mercado", 2],
    ]);
    expect((await send("DELETE", `/rules/${uber.uuid}`)).status).toBe(200);
    expect(((await send("GET", "/rules")).body.data as { position: number }[]).map((rule) => rule.position)).toEqual([
      0, 1,
    ]);
    const paused = await send("PUT", `/rules/${ifood.uuid}`, { paused: true });
    expect(paused.body.data).toMatchObject({ paused: true, name: "iFood", sources: ["imported", "assistant", "bank"] });
  });

  it("answers amounts and percentages as they were sent", async () => {
    const { h, create, send } = await household();
    const rule = await create("Mercado", {
      conditions: [{ field: "amount", operator: "between", value: "50", max: "500.5" }],
      sources: ["typed", "imported"],
      actions: { split: { parts: [{ tag_ids: [h.food.id], percent: "60.5" }, { tag_ids: [h.home.id] }] } },
    });
    const read = await send("GET", `/rules/${rule.uuid}`);
    expect(read.body.data).toMatchObject({
      sources: ["typed", "imported"],
      conditions: [{ field: "amount", operator: "between", value: "50.00", max: "500.50" }],
      actions: { split: { parts: [{ tag_ids: [h.food.id], percent: 60.5 }, { tag_ids: [h.home.id] }] } },
    });
  });

  it("files what people type only when a rule says so, and only what they left empty", async () => {
    const { h, send, create } = await household();
    await create("Uber", {
      conditions: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [h.home.id], set_payee: "Uber", add_note: "corrida" },
    });
    const spend = (fields: Record<string, unknown>) =>
      send("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${h.checking.id}`,
        amount: "30.00",
        description: "Uber pro aeroporto",
        ...fields,
      });
    // The rule runs on money from outside by default: a typed entry is left as typed.
    const untouched = await spend({});
    expect(untouched.body.data).toMatchObject({ tags: [], payee: null, note: null });

    await create("Uber typed", {
      position: 0,
      sources: ["typed"],
      conditions: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [h.food.id], set_payee: "Uber", add_note: "corrida" },
    });
    const filed = await spend({});
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body.data).toMatchObject({
      tags: [{ name: "Food" }],
      payee: { name: "Uber" },
      note: "corrida",
      description: "Uber pro aeroporto",
    });
    const chosen = await spend({ tag_ids: [h.home.id], note: "minha", payee: "99" });
    expect(chosen.body.data).toMatchObject({ tags: [{ name: "Home" }], payee: { name: "99" }, note: "minha" });
    // What the rule gave is what a read answers.
    const read = await send("GET", `/transactions/${filed.body.data.uuid}`);
    expect(read.body.data).toMatchObject({ tags: [{ name: "Food" }], payee: { name: "Uber" }, note: "corrida" });
  });

  it("refuses at the field what is not the workspace's, and what a viewer sends", async () => {
    const { t, h, send } = await household();
    const other = await workspaceWithTeam(t);
    const foreignTag = await insertTag(t.db, { workspaceId: other.workspace.id, name: "Alheia" });
    const before = await snapshotDatabase(t.db);
    const body = {
      name: "Uber",
      conditions: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [foreignTag.id] },
    };
    expect((await send("POST", "/rules", body)).body.errors["actions.set_tags"]).toBeDefined();
    const foreignSplit = await send("POST", "/rules", {
      ...body,
      actions: { split: { parts: [{ tag_ids: [h.food.id], percent: 50 }, { tag_ids: [foreignTag.id] }] } },
    });
    expect(foreignSplit.body.errors["actions.split.parts.1.tag_ids"]).toBeDefined();
    const foreignPlace = await send("POST", "/rules", {
      ...body,
      conditions: [{ field: "place", operator: "is", value: `account:${crypto.randomUUID()}` }],
      actions: { add_note: "x" },
    });
    expect(foreignPlace.body.errors["conditions.0.value"]).toBeDefined();
    const upsideDown = await send("POST", "/rules", {
      ...body,
      conditions: [{ field: "amount", operator: "between", value: "50", max: "10" }],
      actions: { add_note: "x" },
    });
    expect(upsideDown.body.errors["conditions.0.max"]).toBeDefined();
    expect((await send("POST", "/rules", { ...body, actions: { add_note: "x" } }, h.viewer.token)).status).toBe(403);
    expect((await send("PUT", "/rules/order", { rule_ids: [crypto.randomUUID()] })).status).toBe(422);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});
