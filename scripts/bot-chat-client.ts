/**
 * The pieces of `npm run bot:chat`, for the console and for tests: deliveries signed the way Meta
 * signs them, posted to a running app's webhook, and a stand-in Graph API that receives the app's
 * replies. Nothing here talks to Meta.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type SentWhatsAppMessage, startFakeGraphApi } from "../tests/support/fake-graph-api.ts";
import { buttonReplyPayload, signedDeliveryHeaders, textMessagePayload } from "../tests/support/whatsapp-webhook.ts";
import { LocalStackError, localPhoneNumberId, projectRoot } from "./local-stack.ts";

export type ChatTarget = {
  /** The running app, e.g. http://127.0.0.1:8080. */
  appUrl: string;
  /** The secret the app checks signatures with (npm start keeps it in .data/whatsapp-app-secret). */
  appSecret: string;
  /** The sender: digits with the country code, as WhatsApp sends them. */
  from: string;
};

/** The app secret `npm start` made for this checkout. */
export function readLocalAppSecret(dataDir = join(projectRoot, ".data")): string {
  const file = join(dataDir, "whatsapp-app-secret");
  if (!existsSync(file)) {
    throw new LocalStackError(`No ${file}: start the app with \`npm start\` first (it creates the local secrets).`);
  }
  return readFileSync(file, "utf8").trim();
}

/** "+55 (11) 98765-4321" → "5511987654321": WhatsApp sends digits only. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

export type DeliveryAnswer = { status: number; body: unknown };

/** Posts one delivery, signed, to the app's webhook. */
export async function postDelivery(target: ChatTarget, payload: unknown): Promise<DeliveryAnswer> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${target.appUrl.replace(/\/+$/, "")}/api/whatsapp/webhook`, {
    method: "POST",
    headers: await signedDeliveryHeaders(body, target.appSecret),
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: response.status, body: parsed };
}

/** A text message typed now, with a fresh wamid. */
export function sendText(target: ChatTarget, text: string): Promise<DeliveryAnswer> {
  return postDelivery(target, textMessagePayload({ from: target.from, text, phoneNumberId: localPhoneNumberId }));
}

/** A tap on one of the reply buttons the app sent. */
export function tapButton(target: ChatTarget, button: { id: string; title: string }): Promise<DeliveryAnswer> {
  return postDelivery(
    target,
    buttonReplyPayload({
      from: target.from,
      buttonId: button.id,
      title: button.title,
      phoneNumberId: localPhoneNumberId,
    }),
  );
}

/** A reply as the console shows it: its text, then its buttons as `[1] Confirmar  [2] Desfazer`. */
export function formatReply(message: Pick<SentWhatsAppMessage, "text" | "buttons">): string {
  const buttons = message.buttons.map((button, index) => `[${index + 1}] ${button.title}`).join("  ");
  return buttons ? `${message.text}\n${buttons}` : message.text;
}

/** A stand-in Graph API on 127.0.0.1:<port>: the app's replies arrive here instead of at Meta. */
export async function startReplyListener(port: number, onReply?: (message: SentWhatsAppMessage) => void) {
  try {
    return await startFakeGraphApi({ port, onMessage: onReply });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new LocalStackError(
        `Port ${port} is in use (is another bot:chat running?). Stop it, or set BOT_CHAT_PORT for both npm start and bot:chat.`,
      );
    }
    throw error;
  }
}

export type ReplyListener = Awaited<ReturnType<typeof startReplyListener>>;

/**
 * Sends one text and collects the replies to that phone: waits up to `waitMs` for the first, then
 * as long as more keep arriving within `quietMs` of each other.
 */
export async function sendAndCollect(
  target: ChatTarget,
  listener: ReplyListener,
  text: string,
  options: { waitMs?: number; quietMs?: number } = {},
): Promise<{ delivery: DeliveryAnswer; replies: SentWhatsAppMessage[] }> {
  const { waitMs = 10_000, quietMs = 700 } = options;
  const seen = listener.sent.length;
  const repliesSoFar = () => listener.sent.slice(seen).filter((message) => message.to === target.from);
  const delivery = await sendText(target, text);
  if (delivery.status !== 200) return { delivery, replies: [] };
  const deadline = Date.now() + waitMs;
  let count = 0;
  let lastArrival = Date.now();
  while (Date.now() < deadline) {
    const replies = repliesSoFar();
    if (replies.length !== count) {
      count = replies.length;
      lastArrival = Date.now();
    } else if (count > 0 && Date.now() - lastArrival >= quietMs) {
      break;
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { delivery, replies: repliesSoFar() };
}
