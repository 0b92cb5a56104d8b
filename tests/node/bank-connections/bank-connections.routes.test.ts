import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { insertAccount, insertCard, insertWorkspace } from "../../../db/factories.ts";
import { bankConnections } from "../../../db/schema/index.ts";
import { openSecret } from "../../../worker/bank-connections/sealed-secrets.ts";
import { startFakePluggy } from "../../support/fake-pluggy.ts";
import { startFakeSimplefin } from "../../support/fake-simplefin.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * Bank connections (README: "Bank connections"): connecting a bank through SimpleFIN's setup token or
 * Pluggy's widget item, its accounts listed in Moneta's terms, linked to Moneta accounts and cards, and
 * disconnected — against the providers' stand-ins on 127.0.0.1.
 */

const secretsKey = btoa(String.fromCharCode(...new Uint8Array(32).map((_, index) => index * 7 + 1)));
const today = "2026-11-21";
const pluggyCredentials = { clientId: "moneta-test-client", clientSecret: "moneta-test-secret" };

let pluggy: Awaited<ReturnType<typeof startFakePluggy>>;
let simplefin: Awaited<ReturnType<typeof startFakeSimplefin>>;

beforeAll(async () => {
  pluggy = await startFakePluggy({ today, ...pluggyCredentials });
  simplefin = await startFakeSimplefin({ today });
});
afterAll(async () => {
  await pluggy?.stop();
  await simplefin?.stop();
});

async function household(options: { tier?: "free" | "unlimited"; env?: Record<string, string> } = {}) {
  const t = await createTestApp({
    now: `${today}T15:00:00.000Z`,
    env: {
      BANK_SECRETS_KEY: secretsKey,
      PLUGGY_API_URL: pluggy.url,
      PLUGGY_CLIENT_ID: pluggyCredentials.clientId,
      PLUGGY_CLIENT_SECRET: pluggyCredentials.clientSecret,
      ...options.env,
    },
  });
  const team = await workspaceWithTeam(t, { owner: { tier: options.tier ?? "unlimited" } });
  const workspaceId = team.workspace.id;
  const checking = await insertAccount(t.db, { workspaceId, name: "Itaú", currency: "BRL" });
  const card = await insertCard(t.db, { workspaceId, accountId: checking.id, name: "Roxinho" });
  const send = async (method: string, rest: string, json?: unknown, token = team.owner.token) => {
    const response = await t.request(`/api/workspaces/${workspaceId}${rest}`, { method, token, json });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  /** An item made the way Pluggy's widget makes one: with a connect token naming this workspace. */
  const widgetItem = async (forWorkspace = workspaceId) => pluggy.createItem({ clientUserId: forWorkspace });
  return { t, team, workspaceId, checking, card, send, widgetItem };
}

describe("connecting through SimpleFIN", () => {
  it("claims the setup token once, seals the access URL and lists the bank's accounts undecided", async () => {
    const h = await household();
    const connected = await h.send("POST", "/bank-connections/simplefin", { setup_token: simplefin.setupToken() });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const connection = connected.body.data;
    expect(connection).toMatchObject({ provider: "simplefin", status: "active", disconnected_at: null });
    expect(connection.institution).not.toBe("SimpleFIN");
    expect(connection.accounts.map((account: { kind: string }) => account.kind).sort()).toEqual([
      "checking",
      "credit_card",
      "savings",
    ]);
    for (const account of connection.accounts) expect(account.link).toBeNull();
    const card = connection.accounts.find((account: { kind: string }) => account.kind === "credit_card");
    expect(card.balance.startsWith("-")).toBe(true);
    // Stored sealed: the row holds no URL, and only this row's id opens it.
    const [row] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, connection.uuid));
    expect(row!.sealedAccess).not.toMatch(/https?:|@/);
    const opened = await openSecret(secretsKey, row!.id, row!.sealedAccess!);
    expect(opened).toMatch(/^http:\/\/[^:]+:[^@]+@127\.0\.0\.1/);
    expect(await openSecret(secretsKey, crypto.randomUUID(), row!.sealedAccess!)).toBeNull();
    expect(JSON.stringify(connected.body)).not.toContain(opened!.split("@")[0]!.split("//")[1]!);
  });

  it("refuses a token already claimed at setup_token, and one that isn't a token, writing nothing", async () => {
    const h = await household();
    const token = simplefin.setupToken();
    expect((await h.send("POST", "/bank-connections/simplefin", { setup_token: token })).status).toBe(201);
    const before = await snapshotDatabase(h.t.db);
    for (const setup_token of [token, "not a token at all", ""]) {
      const refused = await h.send("POST", "/bank-connections/simplefin", { setup_token });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(["setup_token"]);
    }
    expect(await snapshotDatabase(h.t.db)).toEqual(before);
  });

  it("is for owners and admins, on the Unlimited plan, and says so when the server has no key", async () => {
    const h = await household();
    for (const who of [h.team.member, h.team.viewer]) {
      const refused = await h.send("POST", "/bank-connections/simplefin", { setup_token: "x" }, who.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("FORBIDDEN");
    }
    const admin = await h.send(
      "POST",
      "/bank-connections/simplefin",
      { setup_token: simplefin.setupToken() },
      h.team.admin.token,
    );
    expect(admin.status).toBe(201);
    expect((await h.send("GET", "/bank-connections", undefined, h.team.viewer.token)).body.data).toHaveLength(1);

    const free = await household({ tier: "free" });
    const upgrade = await free.send("POST", "/bank-connections/simplefin", { setup_token: simplefin.setupToken() });
    expect(upgrade.status).toBe(403);
    expect(upgrade.body.code).toBe("PLAN_UPGRADE_REQUIRED");

    const unset = await household({ env: { BANK_SECRETS_KEY: "" } });
    const unavailable = await unset.send("POST", "/bank-connections/simplefin", {
      setup_token: simplefin.setupToken(),
    });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.code).toBe("BANK_CONNECTIONS_UNAVAILABLE");
  });
});

describe("connecting through Pluggy", () => {
  it("gives the widget a connect token and turns its item into a connection, once", async () => {
    const h = await household();
    const token = await h.send("POST", "/bank-connections/pluggy/connect-token", {});
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    expect(token.body.data.connect_token).toEqual(expect.any(String));
    const itemId = await h.widgetItem();
    const connected = await h.send("POST", "/bank-connections/pluggy", { item_id: itemId });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(connected.body.data).toMatchObject({ provider: "pluggy", institution: "Banco Sandbox", status: "active" });
    expect(connected.body.data.accounts).toHaveLength(3);
    const again = await h.send("POST", "/bank-connections/pluggy", { item_id: itemId });
    expect(again.body.data.uuid).toBe(connected.body.data.uuid);
    expect((await h.send("GET", "/bank-connections")).body.data).toHaveLength(1);
  });

  it("refuses an item made for another workspace, at item_id, writing nothing", async () => {
    const h = await household();
    const elsewhere = await insertWorkspace(h.t.db, { ownerId: h.team.owner.user.id });
    const before = await snapshotDatabase(h.t.db);
    for (const itemId of [await h.widgetItem(elsewhere.id), crypto.randomUUID()]) {
      const refused = await h.send("POST", "/bank-connections/pluggy", { item_id: itemId });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(["item_id"]);
    }
    expect(await snapshotDatabase(h.t.db)).toEqual(before);
    // Connected in one workspace, the item is refused in another of the same person.
    const itemId = await h.widgetItem();
    expect((await h.send("POST", "/bank-connections/pluggy", { item_id: itemId })).status).toBe(201);
    const other = await h.t.request(`/api/workspaces/${elsewhere.id}/bank-connections/pluggy`, {
      method: "POST",
      token: h.team.owner.token,
      json: { item_id: itemId },
    });
    expect(other.status).toBe(422);
  });

  it("answers 503 with Retry-After and writes nothing while Pluggy fails", async () => {
    const h = await household();
    const itemId = await h.widgetItem();
    const before = await snapshotDatabase(h.t.db);
    pluggy.knobs.failNext(10, 500);
    const failed = await h.send("POST", "/bank-connections/pluggy", { item_id: itemId });
    pluggy.knobs.failNext(0, 500);
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe("BANK_PROVIDER_UNAVAILABLE");
    expect(failed.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await snapshotDatabase(h.t.db)).toEqual(before);
  });
});

describe("linking a bank's accounts", () => {
  async function connected() {
    const h = await household();
    const itemId = await h.widgetItem();
    const made = await h.send("POST", "/bank-connections/pluggy", { item_id: itemId });
    const connection = made.body.data;
    const remote = (kind: string) => connection.accounts.find((account: { kind: string }) => account.kind === kind);
    const link = (kind: string, link: unknown, token?: string) =>
      h.send("PUT", `/bank-connections/${connection.uuid}/accounts/${remote(kind).uuid}`, { link }, token);
    return { ...h, itemId, connection, remote, link };
  }

  it("links a bank account to an account and a credit card to a card, and can ignore one", async () => {
    const h = await connected();
    const checking = await h.link("checking", { type: "account", account_id: h.checking.id });
    expect(checking.status, JSON.stringify(checking.body)).toBe(200);
    const card = await h.link("credit_card", { type: "card", card_id: h.card.id });
    const ignored = await h.link("savings", { type: "ignore" });
    const links = Object.fromEntries(
      ignored.body.data.accounts.map((account: { kind: string; link: unknown }) => [account.kind, account.link]),
    );
    expect(card.status).toBe(200);
    expect(links).toEqual({
      checking: { type: "account", account_id: h.checking.id, name: "Itaú" },
      credit_card: { type: "card", card_id: h.card.id, name: "Roxinho" },
      savings: { type: "ignored" },
    });
    const undecided = await h.link("savings", { type: "none" });
    expect(
      undecided.body.data.accounts.find((account: { kind: string }) => account.kind === "savings").link,
    ).toBeNull();
  });

  it("refuses, at the field and changing nothing, a wrong kind, currency, another workspace's account, or one taken", async () => {
    const h = await connected();
    const dollars = await insertAccount(h.t.db, { workspaceId: h.workspaceId, name: "Wise", currency: "USD" });
    const stranger = await signInAs(h.t, { tier: "unlimited" });
    const theirs = await insertWorkspace(h.t.db, { ownerId: stranger.user.id });
    const theirAccount = await insertAccount(h.t.db, { workspaceId: theirs.id, currency: "BRL" });
    expect((await h.link("checking", { type: "account", account_id: h.checking.id })).status).toBe(200);
    const before = await snapshotDatabase(h.t.db);
    const attempts: Array<[string, unknown, string, number]> = [
      ["credit_card", { type: "account", account_id: h.checking.id }, "link.account_id", 422],
      ["savings", { type: "card", card_id: h.card.id }, "link.card_id", 422],
      ["savings", { type: "account", account_id: dollars.id }, "link.account_id", 422],
      ["savings", { type: "account", account_id: theirAccount.id }, "link.account_id", 422],
      ["savings", { type: "account", account_id: h.checking.id }, "link.account_id", 409],
      ["savings", { type: "elsewhere" }, "link.type", 422],
    ];
    for (const [kind, link, field, status] of attempts) {
      const refused = await h.link(kind, link);
      expect({ link, status: refused.status, fields: Object.keys(refused.body.errors ?? {}) }).toEqual({
        link,
        status,
        fields: [field],
      });
    }
    const viewer = await h.link("savings", { type: "ignore" }, h.team.viewer.token);
    expect(viewer.status).toBe(403);
    expect(await snapshotDatabase(h.t.db)).toEqual(before);
  });

  it("disconnects: Pluggy's item is deleted, the connection stays disconnected with its accounts unlinked", async () => {
    const h = await connected();
    await h.link("checking", { type: "account", account_id: h.checking.id });
    pluggy.knobs.failNext(10, 500);
    const failed = await h.send("DELETE", `/bank-connections/${h.connection.uuid}`);
    pluggy.knobs.failNext(0, 500);
    expect(failed.status).toBe(503);
    expect((await h.send("GET", `/bank-connections/${h.connection.uuid}`)).body.data.status).toBe("active");

    const done = await h.send("DELETE", `/bank-connections/${h.connection.uuid}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "disconnected", disconnected_at: expect.any(String) });
    for (const account of done.body.data.accounts) expect(account.link).toBeNull();
    expect(pluggy.knobs.itemExists(h.itemId)).toBe(false);
    const relink = await h.link("checking", { type: "account", account_id: h.checking.id });
    expect(relink.status).toBe(409);
    expect(relink.body.code).toBe("BANK_CONNECTION_DISCONNECTED");
  });
});
