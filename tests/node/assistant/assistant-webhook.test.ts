import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { workspaceMembers } from "../../../db/schema/index.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../../support/fake-graph-api.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { signedDeliveryHeaders, testPhoneNumberId, textMessagePayload } from "../../support/whatsapp-webhook.ts";
import { createDatabase } from "../../../db/client.ts";
import { answerMessages } from "../../../worker/assistant/whatsapp-delivery.ts";
import { readWebhook } from "../../../worker/assistant/whatsapp-webhook.schemas.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { type AssistantHousehold, assistantHousehold } from "./assistant-fixture.ts";

const appSecret = "assistant-webhook-test-secret-0123";

/**
 * The webhook tests, end to end inside the app: a delivery signed as Meta signs it, the
 * conversation for the linked phone, the write, and the reply at the (fake) Graph API.
 */
describe("a WhatsApp delivery to a linked phone", () => {
  let graph: FakeGraphApi;
  let t: TestApp;
  let a: AssistantHousehold;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
  });
  afterAll(() => graph.close());
  beforeEach(async () => {
    graph.sent.splice(0);
    // Meta's timestamps are real time: the app's clock reads it too.
    t = await createTestApp({
      now: new Date().toISOString(),
      env: {
        WHATSAPP_APP_SECRET: appSecret,
        WHATSAPP_VERIFY_TOKEN: "verify",
        WHATSAPP_ACCESS_TOKEN: "token",
        WHATSAPP_PHONE_NUMBER_ID: testPhoneNumberId,
        WHATSAPP_GRAPH_API_URL: graph.url,
      },
    });
    a = await assistantHousehold({ db: t.db, clock: t.clock });
  });

  async function post(body: string, secret = appSecret) {
    const response = await t.request("/api/whatsapp/webhook", {
      method: "POST",
      headers: await signedDeliveryHeaders(body, secret),
      body,
    });
    await t.settleDeferred();
    return response;
  }
  const textFrom = (from: string, text: string, fields: { id?: string; timestamp?: number } = {}) =>
    JSON.stringify(textMessagePayload({ from, text, ...fields }));
  const repliesTo = (phone: string) => graph.sent.filter((sent) => sent.to === phone);
  const mine = (text: string, fields: { id?: string; timestamp?: number } = {}) => textFrom(a.phone, text, fields);

  it("writes one transaction for a signed message and replies with it, with buttons", async () => {
    const response = await post(mine("gastei 45,90 no mercado ontem"));
    expect(response.status).toBe(200);
    const rows = await a.written();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 4590, createdVia: "bot:whatsapp", createdBy: a.marina.id });
    const [reply] = repliesTo(a.phone);
    expect(reply!.text.replace(/\u00a0/g, " ")).toContain("✅ Despesa de R$ 45,90 em Mercado, conta Itaú, ontem.");
    expect(reply!.buttons?.map((button) => button.title)).toEqual(["Desfazer", "Mudar conta"]);
  });

  it("writes once when the same delivery arrives five times at once, and not again when it is replayed", async () => {
    const body = mine("uber 31,20");
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await a.written()).toHaveLength(1);
    expect(repliesTo(a.phone)).toHaveLength(1);

    await post(body);
    expect(await a.written()).toHaveLength(1);
    expect(repliesTo(a.phone)).toHaveLength(1);
  });

  it("refuses a tampered delivery with 401 and does nothing", async () => {
    const signedFor = mine("mercado 10");
    const headers = await signedDeliveryHeaders(signedFor, appSecret);
    const tampered = signedFor.replace("mercado 10", "mercado 10000");
    const response = await t.request("/api/whatsapp/webhook", { method: "POST", headers, body: tampered });
    await t.settleDeferred();
    expect(response.status).toBe(401);
    expect((await post(mine("mercado 10"), "another-secret")).status).toBe(401);
    expect(await a.written()).toHaveLength(0);
    expect(graph.sent).toHaveLength(0);
  });

  it("does not act on a message a day old (Meta retrying it late)", async () => {
    const dayAgo = Math.floor(Date.now() / 1000) - 25 * 3600;
    expect((await post(mine("mercado 10", { timestamp: dayAgo }))).status).toBe(200);
    expect(await a.written()).toHaveLength(0);
    expect(graph.sent).toHaveLength(0);
  });

  it("tells an unlinked number how to link, and writes nothing", async () => {
    await post(textFrom("5541999990000", "gastei 10 no mercado"));
    expect(await a.written()).toHaveLength(0);
    expect(repliesTo("5541999990000")[0]!.text).toContain("Vincular WhatsApp");
  });

  it("writes nothing for a user whose plan lacks the assistant, or a viewer — and says why", async () => {
    await a.linkedMember("5521900001111", { tier: "free", language: "en" });
    await post(textFrom("5521900001111", "spent 10 on groceries"));
    expect(repliesTo("5521900001111")[0]!.text).toContain("comes with the Unlimited plan");

    await t.db.update(workspaceMembers).set({ role: "viewer" }).where(eq(workspaceMembers.userId, a.marina.id));
    await post(mine("gastei 10 no mercado"));
    expect(repliesTo(a.phone)[0]!.text).toContain("você só pode ver");
    expect(await a.written()).toHaveLength(0);
  });

  it("tells the person nothing was recorded when the database is out of reach", async () => {
    // A real client to a port nothing listens on: every call fails as an unreachable database does.
    const deadDatabase = createDatabase({ url: "http://127.0.0.1:9", timeoutMs: 500 });
    const ctx = testServiceContext(deadDatabase, { clock: t.clock, env: t.env });
    const message = readWebhook(JSON.parse(mine("gastei 45 no mercado")))!.messages[0]!.message;
    await answerMessages(ctx, [message]);
    expect(repliesTo(a.phone).map((reply) => reply.text)).toEqual([
      "Algo falhou do nosso lado e nada foi registrado. Tente de novo em alguns instantes.",
    ]);
    expect(ctx.log.lines.some((line) => line.event === "whatsapp.message_failed")).toBe(true);
    expect(await a.written()).toHaveLength(0);
  });
});
