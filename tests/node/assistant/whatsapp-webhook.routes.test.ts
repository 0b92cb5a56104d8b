import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { maxWebhookBodyBytes } from "../../../worker/assistant/whatsapp.routes.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../../support/fake-graph-api.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import {
  buttonReplyPayload,
  messagePayload,
  signBody,
  signedDeliveryHeaders,
  statusPayload,
  testPhoneNumberId,
  textMessagePayload,
} from "../../support/whatsapp-webhook.ts";

const appSecret = "node-test-app-secret-0123456789";
const verifyToken = "node-test-verify-token";
const whatsappEnv = {
  WHATSAPP_APP_SECRET: appSecret,
  WHATSAPP_VERIFY_TOKEN: verifyToken,
  WHATSAPP_ACCESS_TOKEN: "node-test-access-token",
  WHATSAPP_PHONE_NUMBER_ID: testPhoneNumberId,
};
const path = "/api/whatsapp/webhook";

/**
 * The channel's edge: Meta's subscription handshake, the signature checked on the raw
 * bytes before anything is read, the answer given at once and the work done afterwards, and
 * replies delivered to the Graph API (faked on 127.0.0.1). Each message comes from its own phone,
 * so the conversation's own rules (an unlinked number is answered once) never hide a reply.
 */
describe("the WhatsApp webhook", () => {
  let graph: FakeGraphApi;
  let t: TestApp;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
  });
  afterAll(() => graph.close());
  beforeEach(async () => {
    graph.sent.splice(0);
    graph.failWith(null);
    // Messages carry the real time, so the app's clock reads it too.
    t = await createTestApp({
      now: new Date().toISOString(),
      env: { ...whatsappEnv, WHATSAPP_GRAPH_API_URL: graph.url },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  let phoneCounter = 0;
  const newPhone = () => {
    phoneCounter += 1;
    return `55119${87654000 + phoneCounter}`;
  };

  async function deliver(payload: unknown, options: { secret?: string; headers?: Record<string, string> } = {}) {
    const body = JSON.stringify(payload);
    const headers = { ...(await signedDeliveryHeaders(body, options.secret ?? appSecret)), ...options.headers };
    const response = await t.request(path, { method: "POST", headers, body });
    await t.settleDeferred();
    return response;
  }

  describe("GET: the subscription handshake", () => {
    const verify = (query: Record<string, string>) => t.request(`${path}?${new URLSearchParams(query)}`);

    it("echoes the challenge as plain text when the mode is subscribe and the token matches", async () => {
      const response = await verify({
        "hub.mode": "subscribe",
        "hub.verify_token": verifyToken,
        "hub.challenge": "1158201444",
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("1158201444");
    });

    it.each([
      ["a wrong token", { "hub.mode": "subscribe", "hub.verify_token": `${verifyToken}x` }],
      [
        "a token that is only the start of ours",
        { "hub.mode": "subscribe", "hub.verify_token": verifyToken.slice(0, 5) },
      ],
      ["no token", { "hub.mode": "subscribe" }],
      ["another mode", { "hub.mode": "unsubscribe", "hub.verify_token": verifyToken }],
    ])("refuses %s with 403 in the error envelope, echoing nothing", async (_, query) => {
      const response = await verify({ ...query, "hub.challenge": "1158201444" });
      expect(response.status).toBe(403);
      const body = await response.json();
      expect(body).toMatchObject({ code: "FORBIDDEN", request_id: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain("1158201444");
    });

    it("refuses every attempt while no verify token is configured, an empty one included", async () => {
      t = await createTestApp({ env: { ...whatsappEnv, WHATSAPP_VERIFY_TOKEN: undefined } });
      for (const token of ["", "anything"]) {
        const response = await verify({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1" });
        expect(response.status).toBe(403);
      }
    });
  });

  describe("POST: deliveries", () => {
    it("answers a signed text message with 200 and sends a reply to its sender through the Graph API", async () => {
      const from = newPhone();
      const response = await deliver(textMessagePayload({ from, text: "gastei 45,90 no mercado" }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { accepted: 1, skipped: 0, statuses: 0 } });
      expect(graph.sent).toHaveLength(1);
      expect(graph.sent[0]).toMatchObject({
        to: from,
        phoneNumberId: testPhoneNumberId,
        authorization: "Bearer node-test-access-token",
        text: expect.stringMatching(/\S/),
      });
    });

    it("answers before the work is done: the reply is sent only when the deferred work runs", async () => {
      const body = JSON.stringify(textMessagePayload({ from: newPhone(), text: "oi" }));
      const response = await t.request(path, {
        method: "POST",
        headers: await signedDeliveryHeaders(body, appSecret),
        body,
      });
      expect(response.status).toBe(200);
      expect(graph.sent).toHaveLength(0);
      await t.settleDeferred();
      expect(graph.sent).toHaveLength(1);
    });

    it("needs no session or cookie and is not refused for a foreign Origin: Meta proves itself by the signature", async () => {
      const response = await deliver(textMessagePayload({ from: newPhone(), text: "oi" }), {
        headers: { Origin: "https://graph.facebook.com", Cookie: "moneta_session=not-a-session" },
      });
      expect(response.status).toBe(200);
      expect(graph.sent).toHaveLength(1);
    });

    it("reads a tapped reply button and a message type it cannot read, answering both", async () => {
      const tapped = await deliver(buttonReplyPayload({ from: newPhone(), buttonId: "confirm", title: "Confirmar" }));
      const photo = await deliver(
        messagePayload({ from: newPhone() }, { type: "image", image: { id: "1", mime_type: "image/jpeg" } }),
      );
      for (const response of [tapped, photo]) {
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ data: { accepted: 1 } });
      }
      expect(graph.sent).toHaveLength(2);
    });

    it.each([
      [
        "a tampered body",
        async (body: string) => ({
          body: body.replace("45,90", "4590,00"),
          signature: await signBody(body, appSecret),
        }),
      ],
      ["another secret", async (body: string) => ({ body, signature: await signBody(body, "someone-elses-secret") })],
      [
        "a signature without its sha256= prefix",
        async (body: string) => ({ body, signature: (await signBody(body, appSecret)).slice(7) }),
      ],
      ["no signature", async (body: string) => ({ body, signature: undefined })],
    ])("refuses %s with 401 and sends nothing", async (_, forge) => {
      const { body, signature } = await forge(
        JSON.stringify(textMessagePayload({ from: newPhone(), text: "gastei 45,90" })),
      );
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (signature) headers["X-Hub-Signature-256"] = signature;
      const response = await t.request(path, { method: "POST", headers, body });
      await t.settleDeferred();
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(graph.sent).toHaveLength(0);
    });

    it("refuses every delivery while no app secret is configured", async () => {
      t = await createTestApp({
        env: { ...whatsappEnv, WHATSAPP_APP_SECRET: undefined, WHATSAPP_GRAPH_API_URL: graph.url },
      });
      const response = await deliver(textMessagePayload({ from: newPhone(), text: "oi" }), { secret: "any-secret" });
      expect(response.status).toBe(401);
      expect(graph.sent).toHaveLength(0);
    });

    it("accepts status callbacks, failed ones included, and sends nothing", async () => {
      for (const status of ["sent", "delivered", "read", "failed"] as const) {
        const response = await deliver(statusPayload({ recipient: newPhone(), status }));
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ data: { accepted: 0, skipped: 0, statuses: 1 } });
      }
      expect(graph.sent).toHaveLength(0);
    });

    it("skips a message sent more than 24 hours ago, and answers one sent 23 hours ago", async () => {
      const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000) - hours * 3600;
      const stale = await deliver(textMessagePayload({ from: newPhone(), text: "gastei 10", timestamp: hoursAgo(25) }));
      expect(await stale.json()).toEqual({ data: { accepted: 0, skipped: 1, statuses: 0 } });
      expect(graph.sent).toHaveLength(0);
      const recent = await deliver(
        textMessagePayload({ from: newPhone(), text: "gastei 10", timestamp: hoursAgo(23) }),
      );
      expect(await recent.json()).toMatchObject({ data: { accepted: 1 } });
      expect(graph.sent).toHaveLength(1);
    });

    it("skips a message addressed to another business number", async () => {
      const response = await deliver(textMessagePayload({ from: newPhone(), text: "oi", phoneNumberId: "999" }));
      expect(await response.json()).toEqual({ data: { accepted: 0, skipped: 1, statuses: 0 } });
      expect(graph.sent).toHaveLength(0);
    });

    it("acknowledges a signed body it cannot read with 200 (Meta would retry anything else for days) and does nothing", async () => {
      for (const body of ["not json at all", JSON.stringify({ object: "page", entry: [] })]) {
        const response = await t.request(path, {
          method: "POST",
          headers: await signedDeliveryHeaders(body, appSecret),
          body,
        });
        await t.settleDeferred();
        expect(response.status).toBe(200);
      }
      expect(graph.sent).toHaveLength(0);
    });

    it("answers every message of a batched delivery, in the order sent", async () => {
      const [first, second] = [newPhone(), newPhone()];
      const payload = textMessagePayload({ from: first, text: "um" });
      const value = payload.entry[0]!.changes[0]!.value;
      value.messages.push(textMessagePayload({ from: second, text: "dois" }).entry[0]!.changes[0]!.value.messages[0]!);
      const response = await deliver(payload);
      expect(await response.json()).toEqual({ data: { accepted: 2, skipped: 0, statuses: 0 } });
      expect(graph.sent.map((message) => message.to)).toEqual([first, second]);
    });

    it("still answers the readable messages of a delivery when one of them is malformed", async () => {
      const payload = textMessagePayload({ from: newPhone(), text: "oi" });
      const value = payload.entry[0]!.changes[0]!.value as { messages: unknown[] };
      value.messages.unshift({ from: "not a phone", id: "wamid.broken", type: "text" });
      const response = await deliver(payload);
      expect(await response.json()).toEqual({ data: { accepted: 1, skipped: 1, statuses: 0 } });
      expect(graph.sent).toHaveLength(1);
    });

    it("refuses a body over 1 MB with 413 before checking anything", async () => {
      const body = JSON.stringify({ padding: "x".repeat(maxWebhookBodyBytes) });
      const response = await t.request(path, {
        method: "POST",
        headers: await signedDeliveryHeaders(body, appSecret),
        body,
      });
      expect(response.status).toBe(413);
    });

    it("retries a reply once when the Graph API fails, then logs it, and has still answered the webhook 200", async () => {
      const printed = vi.spyOn(console, "log").mockImplementation(() => {});
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      graph.failWith(503);
      const before = graph.attempts();
      const from = newPhone();
      const response = await deliver(textMessagePayload({ from, text: "oi" }));
      expect(response.status).toBe(200);
      expect(graph.attempts() - before).toBe(2);
      expect(graph.sent).toHaveLength(0);
      expect(logged.mock.calls.flat().join("\n")).toMatch(/whatsapp\.reply_failed.*HTTP 503/);
      // A test run prints the reply it could not deliver, as a local run does.
      expect(printed.mock.calls.flat().join("\n")).toContain(`[whatsapp reply] ${from} `);
    });

    it("does not retry a reply the Graph API refused as a bad request", async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      vi.spyOn(console, "error").mockImplementation(() => {});
      graph.failWith(400);
      const before = graph.attempts();
      await deliver(textMessagePayload({ from: newPhone(), text: "oi" }));
      expect(graph.attempts() - before).toBe(1);
    });
  });
});
