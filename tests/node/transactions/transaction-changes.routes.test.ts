import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

describe("editing, deleting and listing transactions", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });

  async function recorded(body: Record<string, unknown>) {
    const response = await h.record(body);
    expect(response.status).toBe(201);
    return (await response.json()).data as { uuid: string };
  }

  it("moves the balances when an expense changes amount, then card, then becomes income", async () => {
    const { uuid } = await recorded({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "100.00",
      description: "Luz",
    });
    const edit = (body: Record<string, unknown>) =>
      t.request(h.path(`/${uuid}`), { method: "PUT", token: h.member.token, json: body });

    expect(
      (await edit({ type: "expense", origin_id: `account:${h.checking.id}`, amount: "80.00", description: "Luz" }))
        .status,
    ).toBe(200);
    expect(await h.balances()).toMatchObject({ checking: 92_000, creditDebt: 0 });

    expect(
      (await edit({ type: "expense", origin_id: `card:${h.credit.id}`, amount: "80.00", description: "Luz" })).status,
    ).toBe(200);
    expect(await h.balances()).toMatchObject({ checking: 100_000, creditDebt: 8_000 });

    const income = await edit({
      type: "income",
      destination_id: `account:${h.dollars.id}`,
      amount: "80.00",
      description: "Reembolso",
    });
    expect((await income.json()).data).toMatchObject({ type: "income", currency: "USD", description: "Reembolso" });
    expect(await h.balances()).toEqual({ checking: 100_000, dollars: 58_000, creditDebt: 0, debitDebt: 0 });
  });

  it("keeps the date and the tags of an edit that does not send them", async () => {
    const { uuid } = await recorded({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
      date: "2026-11-02",
      tag_ids: [h.food.id],
    });
    const response = await t.request(h.path(`/${uuid}`), {
      method: "PUT",
      token: h.member.token,
      json: { type: "expense", origin_id: `account:${h.checking.id}`, amount: "11", description: "y" },
    });
    expect((await response.json()).data).toMatchObject({ date: "2026-11-02", tag_ids: [h.food.id], amount: "11.00" });
  });

  it("answers an edit by someone else with the creator's name in created_by, as a read would", async () => {
    const { uuid } = await recorded({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
    });
    const response = await t.request(h.path(`/${uuid}`), {
      method: "PUT",
      token: h.admin.token,
      json: { type: "expense", origin_id: `account:${h.checking.id}`, amount: "12", description: "y" },
    });
    const edited = (await response.json()).data;
    const read = (await (await t.request(h.path(`/${uuid}`), { token: h.admin.token })).json()).data;
    expect(edited.created_by).toEqual({ uuid: h.member.user.id, name: h.member.user.name });
    expect(edited.created_by).toEqual(read.created_by);
  });

  it("gives the money back when a transaction is deleted, and 404 the second time", async () => {
    const { uuid } = await recorded({
      type: "transfer",
      origin_id: `account:${h.checking.id}`,
      destination_id: `account:${h.dollars.id}`,
      amount: "500.00",
      currency_conversion: "0.19",
      description: "Câmbio",
    });
    expect(await h.balances()).toMatchObject({ checking: 50_000, dollars: 59_500 });
    const first = await t.request(h.path(`/${uuid}`), { method: "DELETE", token: h.admin.token });
    expect(first.status).toBe(200);
    expect(await h.balances()).toMatchObject({ checking: 100_000, dollars: 50_000 });
    expect((await t.request(h.path(`/${uuid}`), { method: "DELETE", token: h.admin.token })).status).toBe(404);
    expect(await h.balances()).toMatchObject({ checking: 100_000, dollars: 50_000 });
  });

  it("lists newest first, 20 a page by default, with meta", async () => {
    for (let day = 1; day <= 25; day++) {
      await recorded({
        type: "income",
        destination_id: `account:${h.checking.id}`,
        amount: day,
        description: `Dia ${day}`,
        date: `2026-10-${String(day).padStart(2, "0")}`,
      });
    }
    const first = await (await t.request(h.path(), { token: h.viewer.token })).json();
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0].date).toBe("2026-10-25");
    const second = await (await t.request(h.path("?page=2"), { token: h.viewer.token })).json();
    expect(second.data.map((row: { description: string }) => row.description)).toEqual([
      "Dia 5",
      "Dia 4",
      "Dia 3",
      "Dia 2",
      "Dia 1",
    ]);
  });

  it("filters by date range, kind, account, card, tag (or none), text and amount range", async () => {
    await recorded({
      type: "income",
      destination_id: `account:${h.checking.id}`,
      amount: "3000",
      description: "Salário",
      date: "2026-11-05",
    });
    await recorded({
      type: "expense",
      origin_id: `card:${h.credit.id}`,
      amount: "45.90",
      description: "Pizza 50% off",
      date: "2026-11-10",
      tag_ids: [h.food.id],
    });
    await recorded({
      type: "expense",
      origin_id: `account:${h.dollars.id}`,
      amount: "12",
      description: "Netflix",
      date: "2026-10-28",
    });
    const descriptions = async (query: string) => {
      const body = await (await t.request(h.path(`?${query}`), { token: h.member.token })).json();
      return body.data.map((row: { description: string }) => row.description);
    };
    expect(await descriptions("from=2026-11-01&to=2026-11-30")).toEqual(["Pizza 50% off", "Salário"]);
    expect(await descriptions("type=expense")).toEqual(["Pizza 50% off", "Netflix"]);
    expect(await descriptions(`account_id=${h.dollars.id}`)).toEqual(["Netflix"]);
    expect(await descriptions(`card_id=${h.credit.id}`)).toEqual(["Pizza 50% off"]);
    expect(await descriptions(`tag_id=${h.food.id}`)).toEqual(["Pizza 50% off"]);
    expect(await descriptions("tag_id=none")).toEqual(["Salário", "Netflix"]);
    expect(await descriptions("tag_id=none&type=expense")).toEqual(["Netflix"]);
    expect(await descriptions("search=50%25")).toEqual(["Pizza 50% off"]);
    expect(await descriptions("search=sal")).toEqual(["Salário"]);
    expect(await descriptions("min_amount=12&max_amount=45.90")).toEqual(["Pizza 50% off", "Netflix"]);
    const invalid = await t.request(h.path("?per_page=500&type=gift&tag_id=nothing"), { token: h.member.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["per_page", "tag_id", "type"]);
  });

  it("attaches, detaches and syncs tags, refusing tags of another workspace", async () => {
    const { uuid } = await recorded({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "10",
      description: "x",
    });
    const tagsCall = (suffix: string, tagIds: string[], method = "POST") =>
      t.request(h.path(`/${uuid}/tags${suffix}`), { method, token: h.member.token, json: { tag_ids: tagIds } });
    expect((await (await tagsCall("/attach", [h.food.id, h.home.id])).json()).data.tag_ids.sort()).toEqual(
      [h.food.id, h.home.id].sort(),
    );
    expect((await (await tagsCall("/detach", [h.food.id])).json()).data.tag_ids).toEqual([h.home.id]);
    expect((await (await tagsCall("", [h.food.id], "PUT")).json()).data.tag_ids).toEqual([h.food.id]);
    const other = await householdLedger(t);
    const foreign = await tagsCall("/attach", [other.food.id]);
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors.tag_ids).toEqual(["Tag not found in this workspace"]);
  });

  it("answers one transaction to a viewer and 404 for an unknown id", async () => {
    const { uuid } = await recorded({
      type: "expense",
      origin_id: `card:${h.debit.id}`,
      amount: "10",
      description: "Café",
    });
    const found = await t.request(h.path(`/${uuid}`), { token: h.viewer.token });
    expect((await found.json()).data).toMatchObject({
      uuid,
      origin: { type: "card", name: "Débito" },
      origin_card_mode: "debit",
    });
    expect((await t.request(h.path("/0195f2a0-0000-7000-8000-000000000000"), { token: h.viewer.token })).status).toBe(
      404,
    );
    expect((await t.request(h.path("/nope"), { token: h.viewer.token })).status).toBe(404);
  });
});
