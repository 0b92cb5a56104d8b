import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import { accounts, users } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

describe("accounts API", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
  });
  const path = (rest = "") => `/api/workspaces/${team.workspace.id}/accounts${rest}`;
  const send = (method: string, rest: string, by: SignedIn, json?: unknown) =>
    t.request(path(rest), { method, token: by.token, json });
  const account = (fields: Partial<typeof accounts.$inferInsert> = {}) =>
    insertAccount(t.db, { workspaceId: team.workspace.id, ...fields });
  const record = async (json: Record<string, unknown>) => {
    const response = await t.request(`/api/workspaces/${team.workspace.id}/transactions`, {
      method: "POST",
      token: team.member.token,
      json,
    });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  };
  const unknownId = "01900000-0000-7000-8000-000000000000";

  it("creates an account with its opening balance as decimal string and cents", async () => {
    const json = {
      name: "  Nubank ",
      type: "checking",
      balance: "1234.5",
      currency: "BRL",
      color: "#22c55e",
      icon: "wallet",
    };
    const response = await send("POST", "", team.member, json);
    expect(response.status).toBe(201);
    expect((await response.json()).data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "1234.50",
      balance_cents: 123_450,
      initial_balance: "1234.50",
      color: "#22C55E",
      icon: "wallet",
      is_active: true,
      created_at: "2026-11-21T12:00:00.000Z",
      updated_at: null,
    });
  });

  it("defaults to the workspace currency, blue, banknotes and a zero balance; accepts an overdrawn opening", async () => {
    const plain = await (await send("POST", "", team.owner, { name: "Wallet", type: "savings" })).json();
    expect(plain.data).toMatchObject({
      currency: "USD",
      color: "#3B82F6",
      icon: "banknotes",
      balance: "0.00",
      balance_cents: 0,
    });
    const overdrawn = await (
      await send("POST", "", team.owner, { name: "Overdraft", type: "credit", balance: -50.25 })
    ).json();
    expect(overdrawn.data).toMatchObject({ balance: "-50.25", balance_cents: -5025, initial_balance: "-50.25" });
  });

  it("refuses each invalid field with 422 and its message, creating nothing", async () => {
    const json = { name: "  ", type: "cash", currency: "ARS", color: "#000000", icon: "star", balance: "12.345" };
    const response = await send("POST", "", team.member, json);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", request_id: expect.any(String) });
    expect(body.errors).toEqual({
      name: ["Name is required"],
      type: ["Choose checking, savings, investment or credit"],
      currency: ["Choose one of the currencies in the list: USD, BRL, EUR, GBP, JPY, AUD, CAD, CHF, CNY, SEK or NZD"],
      color: ["Choose one of the preset colours"],
      icon: ["Choose one of the icons"],
      balance: ["Enter a valid amount with at most 2 decimals"],
    });
    const tooLong = await (await send("POST", "", team.member, { name: "x".repeat(101), type: "checking" })).json();
    expect(tooLong.errors).toEqual({ name: ["Use at most 100 characters"] });
    expect(await t.db.select().from(accounts)).toEqual([]);
  });

  it("stops at 5 accounts per workspace on the free plan, archived ones included; unlimited has no cap", async () => {
    for (let index = 0; index < 4; index++) await account();
    await account({ isActive: false });
    const refused = await send("POST", "", team.owner, { name: "Sixth", type: "checking" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "LIMIT_REACHED",
      message: expect.stringContaining("allows 5 accounts per workspace"),
    });
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, team.owner.user.id));
    expect((await send("POST", "", team.member, { name: "Sixth", type: "checking" })).status).toBe(201);
  });

  it("lists every account in creation order, archived ones flagged, to any member including a viewer", async () => {
    const first = await account({ name: "First", createdAt: "2026-01-01T00:00:00.000Z" });
    const archived = await account({ name: "Old", isActive: false, createdAt: "2026-02-01T00:00:00.000Z" });
    const response = await send("GET", "", team.viewer);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.map((row: { uuid: string; is_active: boolean }) => [row.uuid, row.is_active])).toEqual([
      [first.id, true],
      [archived.id, false],
    ]);
  });

  it("reads one account and answers 404 for an unknown or malformed id", async () => {
    const found = await account({ name: "Checking", initialBalanceCents: 9_999 });
    expect((await (await send("GET", `/${found.id}`, team.viewer)).json()).data).toMatchObject({
      uuid: found.id,
      name: "Checking",
      balance: "99.99",
    });
    for (const id of [unknownId, "not-a-uuid"]) {
      const missing = await send("GET", `/${id}`, team.owner);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "NOT_FOUND", message: "Account not found." });
    }
  });

  it("updates name, type, colour, icon and currency, and archives", async () => {
    const existing = await account({ currency: "BRL" });
    const json = {
      name: "Joint",
      type: "savings",
      currency: "USD",
      color: "#EF4444",
      icon: "wallet",
      is_active: false,
    };
    const response = await send("PUT", `/${existing.id}`, team.member, json);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ ...json, updated_at: "2026-11-21T12:00:00.000Z" });
  });

  it("refuses to edit the balance (422) and a bad field, and 404s an unknown account", async () => {
    const existing = await account({ initialBalanceCents: 1_000 });
    const response = await send("PUT", `/${existing.id}`, team.owner, { balance: "5000.00", name: "" });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      balance: ["The balance is computed from transactions and cannot be edited"],
      name: ["Name is required"],
    });
    expect((await t.db.select().from(accounts))[0]).toMatchObject({ balanceCents: 1_000, name: existing.name });
    expect((await send("PUT", `/${unknownId}`, team.owner, { name: "Ghost" })).status).toBe(404);
  });

  it("keeps the currency once the account has transactions or cards (409), but allows the same one", async () => {
    const withMoney = await account({ currency: "BRL" });
    await record({ type: "income", destination_id: `account:${withMoney.id}`, amount: "10.00", description: "Gift" });
    const withCard = await account({ currency: "BRL" });
    await insertCard(t.db, { workspaceId: team.workspace.id, accountId: withCard.id });
    for (const id of [withMoney.id, withCard.id]) {
      const response = await send("PUT", `/${id}`, team.owner, { currency: "USD" });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: "ACCOUNT_CURRENCY_LOCKED",
        errors: { currency: ["The currency cannot change once the account has transactions or cards"] },
      });
      expect((await send("PUT", `/${id}`, team.owner, { currency: "BRL", name: "Same" })).status).toBe(200);
    }
  });

  it("deletes an unused account and refuses one with transactions or cards", async () => {
    const unused = await account();
    const deleted = await send("DELETE", `/${unused.id}`, team.member);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ data: { message: "Account deleted" } });
    expect((await send("GET", `/${unused.id}`, team.member)).status).toBe(404);

    const withMoney = await account();
    await record({ type: "income", destination_id: `account:${withMoney.id}`, amount: "1.00", description: "Gift" });
    const withCard = await account();
    await insertCard(t.db, { workspaceId: team.workspace.id, accountId: withCard.id });
    for (const [id, code] of [
      [withMoney.id, "ACCOUNT_HAS_TRANSACTIONS"],
      [withCard.id, "ACCOUNT_HAS_CARDS"],
    ]) {
      const refused = await send("DELETE", `/${id}`, team.owner);
      expect(refused.status).toBe(409);
      expect((await refused.json()).code).toBe(code);
    }
    expect(await t.db.select().from(accounts)).toHaveLength(2);
    expect((await send("DELETE", `/${unknownId}`, team.owner)).status).toBe(404);
  });

  it("lets a viewer read but not create, update or delete (403, nothing changed)", async () => {
    const existing = await account();
    const before = await snapshotDatabase(t.db);
    for (const [method, rest, json] of [
      ["POST", "", { name: "Mine", type: "checking" }],
      ["PUT", `/${existing.id}`, { name: "Renamed" }],
      ["DELETE", `/${existing.id}`, undefined],
    ] as const) {
      const response = await send(method, rest, team.viewer, json);
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe("FORBIDDEN");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("gives the end-of-day balance of each of the last days, future-dated entries excluded", async () => {
    const checking = await account({ initialBalanceCents: 100_000 });
    const other = await account();
    await record({
      type: "income",
      destination_id: `account:${checking.id}`,
      amount: "200.00",
      description: "Pay",
      date: "2026-11-19",
    });
    await record({
      type: "expense",
      origin_id: `account:${checking.id}`,
      amount: "50.00",
      description: "Food",
      date: "2026-11-21",
    });
    await record({
      type: "income",
      destination_id: `account:${checking.id}`,
      amount: "100.00",
      description: "Later",
      date: "2026-11-25",
    });
    await record({
      type: "transfer",
      origin_id: `account:${checking.id}`,
      destination_id: `account:${other.id}`,
      amount: "0.50",
      description: "Move",
      date: "2026-11-20",
    });
    const response = await send("GET", `/${checking.id}/balance/history?days=3`, team.viewer);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      currency: "BRL",
      points: [
        { date: "2026-11-19", balance: "1200.00", balance_cents: 120_000 },
        { date: "2026-11-20", balance: "1199.50", balance_cents: 119_950 },
        { date: "2026-11-21", balance: "1149.50", balance_cents: 114_950 },
      ],
    });
    const month = (await (await send("GET", `/${checking.id}/balance/history`, team.viewer)).json()).data.points;
    expect([month.length, month[0].date, month[0].balance]).toEqual([30, "2026-10-23", "1000.00"]);
  });

  it("refuses a history span outside 2–366 days and 404s an unknown account", async () => {
    const checking = await account();
    for (const days of ["1", "367", "abc"]) {
      const response = await send("GET", `/${checking.id}/balance/history?days=${days}`, team.owner);
      expect(response.status).toBe(422);
      expect(Object.keys((await response.json()).errors)).toEqual(["days"]);
    }
    expect((await send("GET", `/${unknownId}/balance/history`, team.owner)).status).toBe(404);
  });

  it("pages the account's own transactions, newest first", async () => {
    const checking = await account({ initialBalanceCents: 10_000 });
    const other = await account();
    for (const date of ["2026-11-01", "2026-11-02", "2026-11-03"]) {
      await record({
        type: "expense",
        origin_id: `account:${checking.id}`,
        amount: "1.00",
        description: `On ${date}`,
        date,
      });
    }
    await record({ type: "income", destination_id: `account:${other.id}`, amount: "1.00", description: "Elsewhere" });
    const response = await send("GET", `/${checking.id}/transactions?per_page=2&page=2`, team.viewer);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.map((row: { description: string }) => row.description)).toEqual(["On 2026-11-01"]);
    expect(body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    const missing = await send("GET", `/${unknownId}/transactions`, team.owner);
    expect([missing.status, (await missing.json()).message]).toEqual([404, "Account not found."]);
  });

  it("lists the cards of one account only", async () => {
    const checking = await account();
    const card = await insertCard(t.db, { workspaceId: team.workspace.id, accountId: checking.id, name: "Gold" });
    await insertCard(t.db, { workspaceId: team.workspace.id, accountId: (await account()).id });
    const { data } = await (await send("GET", `/${checking.id}/cards`, team.viewer)).json();
    expect(data).toEqual([expect.objectContaining({ uuid: card.id, name: "Gold", account_uuid: checking.id })]);
    expect((await send("GET", `/${unknownId}/cards`, team.viewer)).status).toBe(404);
  });
});
