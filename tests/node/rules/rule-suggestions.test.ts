import { describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * Suggested rules (README: "Rules"): re-tagging a payee's transactions the same way twice offers, once,
 * "Always tag Uber as Transporte?".
 */
describe("suggested rules", () => {
  async function household() {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    const transport = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Transporte" });
    const send = async (method: string, rest: string, json?: unknown) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, {
        method,
        token: h.member.token,
        json,
      });
      return { status: response.status, body: await response.json() };
    };
    const ride = async (description: string) => {
      const created = await send("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${h.checking.id}`,
        amount: "20.00",
        description,
        payee: "Uber",
        tag_ids: [h.food.id],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.uuid as string;
    };
    const retag = (id: string, tagIds: string[], description = "Corrida") =>
      send("PUT", `/transactions/${id}`, {
        type: "expense",
        origin_id: `account:${h.checking.id}`,
        amount: "20.00",
        description,
        tag_ids: tagIds,
      });
    return { h, transport, send, ride, retag };
  }

  it("offers a rule after the same re-tagging twice, and makes it when accepted", async () => {
    const { h, transport, send, ride, retag } = await household();
    const first = await ride("Corrida 1");
    const second = await ride("Corrida 2");
    await retag(first, [transport.id]);
    // An edit that keeps the tags is not a re-tagging.
    await retag(first, [transport.id], "Corrida de volta");
    expect((await send("GET", "/rules/suggestions")).body.data).toEqual([]);
    await retag(second, [transport.id]);
    const offered = (await send("GET", "/rules/suggestions")).body.data;
    expect(offered).toEqual([
      {
        payee: { uuid: expect.any(String), name: "Uber" },
        tags: [{ uuid: transport.id, name: "Transporte", color: expect.any(String) }],
        times: 2,
      },
    ]);

    const accepted = await send("POST", "/rules/suggestions/answer", {
      payee_id: offered[0].payee.uuid,
      tag_ids: [transport.id],
      accept: true,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.rule).toMatchObject({
      name: "Uber",
      conditions: [{ field: "payee", operator: "equals", value: "Uber" }],
      actions: { set_tags: [transport.id] },
    });
    // Offered once: answered, it is gone, and answering again finds nothing.
    expect((await send("GET", "/rules/suggestions")).body.data).toEqual([]);
    expect(
      (
        await send("POST", "/rules/suggestions/answer", {
          payee_id: offered[0].payee.uuid,
          tag_ids: [transport.id],
          accept: true,
        })
      ).status,
    ).toBe(404);
    // The rule files the next ride typed without tags.
    const next = await send("POST", "/transactions", {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "18.00",
      description: "Corrida 3",
      payee: "Uber",
    });
    expect(next.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(["Transporte"]);
  });

  it("forgets a declined suggestion for good", async () => {
    const { transport, send, ride, retag } = await household();
    for (const description of ["A", "B", "C"]) await retag(await ride(description), [transport.id]);
    const [offered] = (await send("GET", "/rules/suggestions")).body.data;
    expect(offered.times).toBe(3);
    const declined = await send("POST", "/rules/suggestions/answer", {
      payee_id: offered.payee.uuid,
      tag_ids: [transport.id],
      accept: false,
    });
    expect(declined.body.data).toEqual({ rule: null });
    await retag(await ride("D"), [transport.id]);
    expect((await send("GET", "/rules/suggestions")).body.data).toEqual([]);
    expect((await send("GET", "/rules")).body.data).toEqual([]);
  });
});
