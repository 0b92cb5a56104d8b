import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { sendAndCollect } from "../../scripts/bot-chat-client.ts";
import { freePort } from "../../scripts/local-stack.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../support/fake-graph-api.ts";
import { signedDeliveryHeaders, testPhoneNumberId, textMessagePayload } from "../support/whatsapp-webhook.ts";

const appSecret = "worker-test-whatsapp-app-secret";

/**
 * Issue 17: the webhook in workerd — Web Crypto's HMAC over the bytes workerd hands the Worker, the
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
