import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { graphMessageOf, ReplyButtonsError, sendReplies } from "../../../worker/assistant/graph-api.ts";
import type { Env } from "../../../worker/env.ts";
import { createTestDatabase } from "../../support/database.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../../support/fake-graph-api.ts";
import { testServiceContext } from "../../support/service-context.ts";

const to = "5511987654321";
const buttons = (...titles: string[]) => titles.map((title, index) => ({ id: `b${index}`, title }));

describe("the Graph API client", () => {
  let graph: FakeGraphApi;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
  });
  afterAll(() => graph.close());
  beforeEach(() => {
    graph.sent.splice(0);
    graph.failWith(null);
  });
  afterEach(() => vi.restoreAllMocks());

  const contextWith = async (env: Partial<Env> = {}) =>
    testServiceContext(await createTestDatabase(), {
      env: {
        WHATSAPP_ACCESS_TOKEN: "token-123",
        WHATSAPP_PHONE_NUMBER_ID: "555000",
        WHATSAPP_GRAPH_API_URL: graph.url,
        ...env,
      },
    });

  it("sends a text, and reply buttons as an interactive message, to /{phone-number-id}/messages with the token", async () => {
    const ctx = await contextWith();
    const result = await sendReplies(ctx, [
      { to, text: "Olá!" },
      { to, text: "✅ Despesa de R$ 45,90", buttons: buttons("Confirmar", "Desfazer", "Mudar conta") },
    ]);
    expect(result).toEqual(["sent", "sent"]);
    expect(graph.sent).toEqual([
      { phoneNumberId: "555000", to, text: "Olá!", buttons: [], template: null, authorization: "Bearer token-123" },
      {
        phoneNumberId: "555000",
        to,
        text: "✅ Despesa de R$ 45,90",
        buttons: buttons("Confirmar", "Desfazer", "Mudar conta"),
        template: null,
        authorization: "Bearer token-123",
      },
    ]);
  });

  it("writes the Cloud API's own message shapes", () => {
    expect(graphMessageOf({ to, text: "oi" })).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { body: "oi" },
    });
    expect(graphMessageOf({ to, text: "ok?", buttons: buttons("Sim") })).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "ok?" },
        action: { buttons: [{ type: "reply", reply: { id: "b0", title: "Sim" } }] },
      },
    });
  });

  it("throws before sending anything when a reply has more than 3 buttons or a title over 20 characters", async () => {
    const ctx = await contextWith();
    expect(() => graphMessageOf({ to, text: "?", buttons: buttons("1", "2", "3", "4") })).toThrow(ReplyButtonsError);
    expect(() => graphMessageOf({ to, text: "?", buttons: buttons("Vinte e um caracteres") })).toThrow(
      ReplyButtonsError,
    );
    // Twenty characters, an emoji counted as one, is within the limit.
    expect(() => graphMessageOf({ to, text: "?", buttons: buttons("Confirmar despesa ✅") })).not.toThrow();
    await expect(
      sendReplies(ctx, [
        { to, text: "first" },
        { to, text: "?", buttons: buttons("1", "2", "3", "4") },
      ]),
    ).rejects.toThrow(ReplyButtonsError);
    expect(graph.sent).toHaveLength(0);
  });

  it("prints the replies in local and test runs without a token, and sends nothing", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const ctx = await contextWith({ WHATSAPP_ACCESS_TOKEN: undefined });
    const result = await sendReplies(ctx, [
      { to, text: "Linha 1\nLinha 2", buttons: buttons("Confirmar", "Desfazer") },
    ]);
    expect(result).toEqual(["printed"]);
    expect(printed).toHaveBeenCalledWith(`[whatsapp reply] ${to} Linha 1 ⏎ Linha 2 [1] Confirmar [2] Desfazer`);
    expect(graph.sent).toHaveLength(0);
  });

  it("in production without a phone-number id logs an error and prints nothing", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const ctx = await contextWith({ APP_ENV: "production", WHATSAPP_PHONE_NUMBER_ID: undefined });
    expect(await sendReplies(ctx, [{ to, text: "secret balance" }])).toEqual(["failed"]);
    expect(printed).not.toHaveBeenCalled();
    expect(ctx.log.lines).toContainEqual(expect.objectContaining({ level: "error", event: "whatsapp.not_configured" }));
  });

  it("retries a 429 once and delivers when the second attempt succeeds", async () => {
    const ctx = await contextWith();
    graph.failWith(429);
    const before = graph.attempts();
    const sending = sendReplies(ctx, [{ to, text: "oi" }]);
    await vi.waitUntil(() => graph.attempts() > before);
    graph.failWith(null);
    expect(await sending).toEqual(["sent"]);
    expect(graph.attempts() - before).toBe(2);
    expect(ctx.log.lines).toContainEqual(expect.objectContaining({ level: "warn", event: "whatsapp.reply_retried" }));
  });

  it("gives up on a Graph API that does not answer within the timeout, without a second try, and sends the next reply", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let calls = 0;
    const silent = createServer(() => {
      calls += 1;
    });
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const ctx = await contextWith({
        WHATSAPP_GRAPH_API_URL: `http://127.0.0.1:${port}/v25.0`,
        WHATSAPP_GRAPH_API_TIMEOUT_MS: "150",
      });
      const started = Date.now();
      expect(
        await sendReplies(ctx, [
          { to, text: "um" },
          { to, text: "dois" },
        ]),
      ).toEqual(["failed", "failed"]);
      expect(calls).toBe(2);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(ctx.log.lines.filter((line) => line.event === "whatsapp.reply_failed")).toHaveLength(2);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
