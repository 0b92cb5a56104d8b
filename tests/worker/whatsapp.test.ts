import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { sendAndCollect } from "../../scripts/bot-chat-client.ts";
import { freePort } from "../../scripts/local-stack.ts";
import { eq } from "drizzle-orm";
import { insertAccount, insertUser, insertWorkspace } from "../../db/factories.ts";
import { accounts, botLinks, transactions, userPreferences } from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { databaseAt } from "../support/worker-session.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../support/fake-graph-api.ts";
import { signedDeliveryHeaders, testPhoneNumberId, textMessagePayload } from "../support/whatsapp-webhook.ts";

const appSecret = "worker-test-whatsapp-app-secret";

/**
 * The webhook in workerd — Web Crypto's HMAC over the bytes workerd hands the Worker, the
 * 200 given before the work, and the work really run by waitUntil after the response (the reply
 * reaches the fake Graph API on 127.0.0.1 only if it was). The served case is the way
 * `npm run bot:chat` talks to `npm start`, through the console's own module.
 */
describe("the WhatsApp webhook in the built Worker", () => {
  let graph: FakeGraphApi;
  let worker: Miniflare;
  const whatsappVars = () => ({
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_ACCESS_TOKEN: "worker-test-token",
    WHATSAPP_PHONE_NUMBER_ID: testPhoneNumberId,
    WHATSAPP_GRAPH_API_URL: graph.url,
  });

  beforeAll(async () => {
    graph = await startFakeGraphApi();
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl"), vars: whatsappVars() });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.dispose();
    await graph?.close();
  });
  beforeEach(() => {
    graph.sent.splice(0);
  });

  async function deliver(body: string, headers: Record<string, string>) {
    return worker.dispatchFetch("http://localhost/api/whatsapp/webhook", { method: "POST", headers, body });
  }

  it("answers a signed message 200 and, after the response, sends the reply to the Graph API", async () => {
    const from = "5511900000001";
    const body = JSON.stringify(textMessagePayload({ from, text: "gastei 12,50 no café" }));
    const response = await deliver(body, await signedDeliveryHeaders(body, appSecret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { accepted: 1, skipped: 0, statuses: 0 } });
    const [reply] = await graph.waitForMessages(1, 10_000);
    expect(reply).toMatchObject({
      to: from,
      phoneNumberId: testPhoneNumberId,
      authorization: "Bearer worker-test-token",
    });
  });

  it("writes once when a linked phone's delivery arrives five times at once (workerd over sqld)", async () => {
    const db = databaseAt(inject("databaseUrl"));
    const person = await insertUser(db, { tier: "unlimited", language: "pt-BR" });
    const workspace = await insertWorkspace(db, {
      ownerId: person.id,
      currency: "BRL",
      timeZone: "America/Sao_Paulo",
    });
    const account = await insertAccount(db, { workspaceId: workspace.id, name: "Itaú", currency: "BRL" });
    const phone = "5511900000099";
    const now = new Date().toISOString();
    await db.insert(botLinks).values({ userId: person.id, phone, linkedAt: now });
    await db.insert(userPreferences).values({
      userId: person.id,
      botEnabled: true,
      defaultWorkspaceId: workspace.id,
      defaultAccountId: account.id,
      botLanguage: "pt-BR",
      updatedAt: now,
    });
    const body = JSON.stringify(textMessagePayload({ from: phone, text: "gastei 45,90 no mercado" }));
    const headers = await signedDeliveryHeaders(body, appSecret);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(body, headers)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    await graph.waitForMessages(1, 10_000);
    // The twins finish without a word: give them time to, then count.
    await new Promise((wait) => setTimeout(wait, 1500));
    expect(graph.sent.filter((message) => message.to === phone)).toHaveLength(1);
    const written = await db.select().from(transactions).where(eq(transactions.workspaceId, workspace.id));
    expect(written).toMatchObject([{ amountCents: 4590, createdVia: "bot:whatsapp", createdBy: person.id }]);
    const [balance] = await db
      .select({ cents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(balance!.cents).toBe(-4590);
  });

  it("refuses a tampered body with 401 and sends nothing", async () => {
    const body = JSON.stringify(textMessagePayload({ from: "5511900000002", text: "gastei 12,50" }));
    const headers = await signedDeliveryHeaders(body, appSecret);
    const response = await deliver(body.replace("12,50", "1250,00"), headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    await new Promise((wait) => setTimeout(wait, 500));
    expect(graph.sent).toHaveLength(0);
  });

  it("talks to the served Worker the way npm run bot:chat does, and prints what comes back", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "moneta-whatsapp-"));
    const port = await freePort();
    const served = startBuiltWorker({
      databaseUrl: inject("databaseUrl"),
      vars: whatsappVars(),
      serve: { port, persistDir: dataDir },
    });
    try {
      await served.ready;
      const target = { appUrl: `http://127.0.0.1:${port}`, appSecret, from: "5511900000003" };
      const { delivery, replies } = await sendAndCollect(target, graph, "oi", { waitMs: 10_000 });
      expect(delivery.status).toBe(200);
      expect(replies.length).toBeGreaterThan(0);
      expect(replies[0]!.to).toBe(target.from);
    } finally {
      await served.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
