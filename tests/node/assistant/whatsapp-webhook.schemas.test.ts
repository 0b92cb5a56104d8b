import { describe, expect, it } from "vitest";
import { secretsMatch } from "../../../worker/access/secrets-match.ts";
import { isSignedByMeta, webhookSignature } from "../../../worker/assistant/whatsapp-signature.ts";
import { incomingMessageOf, readWebhook } from "../../../worker/assistant/whatsapp-webhook.schemas.ts";
import {
  buttonReplyPayload,
  messagePayload,
  statusPayload,
  textMessagePayload,
} from "../../support/whatsapp-webhook.ts";

const from = "5511987654321";
const firstMessage = (payload: { entry: Array<{ changes: Array<{ value: Record<string, unknown> }> }> }) =>
  (payload.entry[0]!.changes[0]!.value.messages as unknown[])[0];

describe("reading WhatsApp webhook deliveries", () => {
  it("reads a text message into the channel-free message: sender, wamid and the time it was sent", () => {
    const payload = textMessagePayload({ from, text: "gastei 45,90", id: "wamid.ABC", timestamp: "1764000000" });
    expect(readWebhook(payload)).toEqual({
      messages: [
        {
          phoneNumberId: "100000000000001",
          message: {
            channel: "whatsapp",
            messageId: "wamid.ABC",
            from,
            sentAt: new Date("2025-11-24T16:00:00.000Z"),
            content: { type: "text", text: "gastei 45,90" },
          },
        },
      ],
      statuses: [],
      unreadable: 0,
    });
  });

  it("reads a tapped reply button, a list row and a template's quick reply as a button with its id and title", () => {
    const tapped = firstMessage(buttonReplyPayload({ from, buttonId: "undo:42", title: "Desfazer" }));
    expect(incomingMessageOf(tapped)?.content).toEqual({ type: "button", id: "undo:42", title: "Desfazer" });
    const row = firstMessage(
      messagePayload(
        { from },
        {
          type: "interactive",
          interactive: { type: "list_reply", list_reply: { id: "acc:1", title: "Nubank", description: "conta" } },
        },
      ),
    );
    expect(incomingMessageOf(row)?.content).toEqual({ type: "button", id: "acc:1", title: "Nubank" });
    const quickReply = firstMessage(
      messagePayload({ from }, { type: "button", button: { payload: "STOP", text: "Parar" } }),
    );
    expect(incomingMessageOf(quickReply)?.content).toEqual({ type: "button", id: "STOP", title: "Parar" });
  });

  it("reads a photo and a document as media to fetch, with a document's name", () => {
    const photo = incomingMessageOf(
      firstMessage(
        messagePayload({ from }, { type: "image", image: { id: "1", mime_type: "image/jpeg", caption: "nota" } }),
      ),
    );
    expect(photo?.content).toEqual({ type: "media", mediaId: "1", fileName: null });
    const pdf = incomingMessageOf(
      firstMessage(
        messagePayload(
          { from },
          { type: "document", document: { id: "9", mime_type: "application/pdf", filename: "nf.pdf" } },
        ),
      ),
    );
    expect(pdf?.content).toEqual({ type: "media", mediaId: "9", fileName: "nf.pdf" });
  });

  it("reads any other type as unsupported, naming its kind", () => {
    for (const [type, body] of [
      ["audio", { audio: { id: "2", voice: true } }],
      ["sticker", { sticker: { id: "3" } }],
      ["location", { location: { latitude: -23.5, longitude: -46.6 } }],
    ] as const) {
      const message = incomingMessageOf(firstMessage(messagePayload({ from }, { type, ...body })));
      expect(message?.content).toEqual({ type: "unsupported", kind: type });
    }
  });

  it("reads statuses with their error codes, and counts what it cannot read without losing the rest", () => {
    const payload = statusPayload({ recipient: from, status: "failed", messageId: "wamid.OUT", errorCode: 131026 });
    (payload.entry[0]!.changes[0]!.value.statuses as unknown[]).push({ status: "read" });
    expect(readWebhook(payload)).toEqual({
      messages: [],
      statuses: [
        {
          messageId: "wamid.OUT",
          status: "failed",
          recipient: from,
          errors: [{ code: 131026, title: "Re-engagement message" }],
        },
      ],
      unreadable: 1,
    });
  });

  it("refuses what is not a WhatsApp Business delivery", () => {
    expect(readWebhook(undefined)).toBeNull();
    expect(readWebhook({ object: "instagram", entry: [] })).toBeNull();
    expect(readWebhook({ object: "whatsapp_business_account" })).toBeNull();
  });
});

describe("the webhook signature", () => {
  const body = new TextEncoder().encode('{"object":"whatsapp_business_account","entry":[]}');

  it("is sha256= and the hex HMAC-SHA256 of the raw bytes (RFC 4231 test case 2)", async () => {
    expect(await webhookSignature("what do ya want for nothing?", "Jefe")).toBe(
      "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("matches only the same bytes signed with the same secret, in either letter case", async () => {
    const signature = await webhookSignature(body, "app-secret");
    expect(await isSignedByMeta(body, signature, "app-secret")).toBe(true);
    expect(await isSignedByMeta(body, signature.toUpperCase().replace("SHA256=", "sha256="), "app-secret")).toBe(true);
    expect(await isSignedByMeta(body, signature, "other-secret")).toBe(false);
    expect(await isSignedByMeta(new TextEncoder().encode(" {}"), signature, "app-secret")).toBe(false);
    expect(await isSignedByMeta(body, undefined, "app-secret")).toBe(false);
    expect(await isSignedByMeta(body, signature, undefined)).toBe(false);
    expect(await isSignedByMeta(body, signature, "")).toBe(false);
  });

  it("compares secrets by their whole length", () => {
    expect(secretsMatch("token", "token")).toBe(true);
    expect(secretsMatch("toke", "token")).toBe(false);
    expect(secretsMatch("tokenn", "token")).toBe(false);
    expect(secretsMatch("", "")).toBe(true);
  });
});
