import type { ServiceContext } from "../context.ts";
import { type OutgoingReply, replyButtonLimits } from "./assistant-message.ts";

/**
 * Replies go out through the WhatsApp Cloud API: `POST {base}/{phone-number-id}/messages` with the
 * access token as a Bearer. v25.0 is the version Meta's reference pages use in late 2026; the base
 * URL (version included) is configuration, so moving to a newer one needs no code.
 */
export const defaultGraphApiUrl = "https://graph.facebook.com/v25.0";

export const graphApiPolicy = {
  /** Longest wait for one call; WHATSAPP_GRAPH_API_TIMEOUT_MS overrides it. */
  timeoutMs: 5000,
  /** A 5xx or 429 is tried once more after this pause. A timeout is not: the message may have gone out. */
  retryDelayMs: 300,
} as const;

/** A reply the Cloud API would refuse: more than 3 buttons, or a title longer than 20 characters. Our bug, not theirs. */
export class ReplyButtonsError extends Error {
  override name = "ReplyButtonsError";
}

/** The Cloud API's message body for one reply: a text, or an interactive message with reply buttons. */
export function graphMessageOf(reply: OutgoingReply) {
  const buttons = reply.buttons ?? [];
  if (buttons.length > replyButtonLimits.count) {
    throw new ReplyButtonsError(
      `A reply has at most ${replyButtonLimits.count} buttons; this one has ${buttons.length}.`,
    );
  }
  // Meta counts characters, not UTF-16 units: "Confirmar ✅" is 11.
  const longTitle = buttons.find((button) => [...button.title].length > replyButtonLimits.titleLength);
  if (longTitle) {
    throw new ReplyButtonsError(`"${longTitle.title}" is longer than ${replyButtonLimits.titleLength} characters.`);
  }
  const envelope = { messaging_product: "whatsapp", recipient_type: "individual", to: reply.to } as const;
  if (buttons.length === 0) return { ...envelope, type: "text", text: { body: reply.text } } as const;
  return {
    ...envelope,
    type: "interactive",
    interactive: {
      type: "button",
      body: { text: reply.text },
      action: { buttons: buttons.map(({ id, title }) => ({ type: "reply", reply: { id, title } })) },
    },
  } as const;
}

/** Where messages are sent from: `{base}/{phone-number-id}/messages`; null when the number is not configured. */
export function graphMessagesUrl(ctx: ServiceContext): string | null {
  const { WHATSAPP_ACCESS_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = ctx.env;
  if (!token || !phoneNumberId) return null;
  return `${(ctx.env.WHATSAPP_GRAPH_API_URL || defaultGraphApiUrl).replace(/\/+$/, "")}/${encodeURIComponent(phoneNumberId)}/messages`;
}

/** One message's fate: sent, or refused with Meta's error code (null when the call itself failed) and why. */
export type GraphSend = { ok: true } | { ok: false; status: number | null; code: number | null; reason: string };

/**
 * One attempt at sending a message, no retry (the caller has its own: a reminder waits and tries again).
 * Meta's error body ({ error: { message, code } }) names no secret of ours.
 */
export async function sendGraphMessage(ctx: ServiceContext, url: string, body: unknown): Promise<GraphSend> {
  let response: Response;
  try {
    response = await post(ctx, url, body);
  } catch (error) {
    return {
      ok: false,
      status: null,
      code: null,
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const text = await response.text().catch(() => "");
  let code: number | null = null;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } };
    code = typeof parsed.error?.code === "number" ? parsed.error.code : null;
  } catch {
    code = null;
  }
  return { ok: false, status: response.status, code, reason: `HTTP ${response.status} ${text.slice(0, 300)}` };
}

/** What a photo or file sent to the number became: its bytes, or why they could not be fetched. */
export type FetchedMedia = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" | "unavailable" };

/**
 * A photo or file a person sent, fetched as the Cloud API hands media out: `GET {base}/{media-id}` answers a
 * short-lived URL (and the size), which is then read with the same Bearer token. Nothing past `maxBytes` is
 * read: a larger file is refused by its declared size, or cut off as it streams.
 */
export async function fetchMedia(ctx: ServiceContext, mediaId: string, maxBytes: number): Promise<FetchedMedia> {
  const token = ctx.env.WHATSAPP_ACCESS_TOKEN;
  if (!token) return { ok: false, reason: "unavailable" };
  const base = (ctx.env.WHATSAPP_GRAPH_API_URL || defaultGraphApiUrl).replace(/\/+$/, "");
  const timeoutMs = Number(ctx.env.WHATSAPP_GRAPH_API_TIMEOUT_MS) || graphApiPolicy.timeoutMs;
  const get = (url: string) =>
    fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs * 2) });
  try {
    const described = await get(`${base}/${encodeURIComponent(mediaId)}`);
    if (!described.ok) {
      await described.body?.cancel();
      return { ok: false, reason: "unavailable" };
    }
    const { url, file_size: size } = (await described.json()) as { url?: string; file_size?: number | string };
    if (!url) return { ok: false, reason: "unavailable" };
    if (Number(size) > maxBytes) return { ok: false, reason: "too_large" };
    const file = await get(url);
    if (!file.ok || !file.body) {
      await file.body?.cancel();
      return { ok: false, reason: "unavailable" };
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
      length += chunk.byteLength;
      if (length > maxBytes) return { ok: false, reason: "too_large" };
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { ok: true, bytes };
  } catch (error) {
    ctx.log.warn("whatsapp.media_unavailable", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, reason: "unavailable" };
  }
}

/** The reply as one log line, the way sign-in codes are printed locally: `[whatsapp reply] 55… text ⏎ … [1] Confirmar`. */
export function replyConsoleLine(reply: OutgoingReply): string {
  const buttons = (reply.buttons ?? []).map((button, index) => ` [${index + 1}] ${button.title}`).join("");
  return `[whatsapp reply] ${reply.to} ${reply.text.replaceAll("\n", " ⏎ ")}${buttons}`;
}

/** A phone in the logs: its last 4 digits are enough to tell people apart, and name nobody. */
export const maskedPhone = (phone: string) => `…${phone.slice(-4)}`;

type Delivery = "sent" | "printed" | "failed";

const isRetryable = (status: number) => status === 429 || status >= 500;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function post(ctx: ServiceContext, url: string, body: unknown): Promise<Response> {
  const timeoutMs = Number(ctx.env.WHATSAPP_GRAPH_API_TIMEOUT_MS) || graphApiPolicy.timeoutMs;
  return fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${ctx.env.WHATSAPP_ACCESS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** One attempt, and a second after a 5xx or 429; the failure's reason for the log, or null when it went out. */
async function deliver(ctx: ServiceContext, url: string, body: unknown): Promise<string | null> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await post(ctx, url, body);
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    // Meta's error body says why ({ error: { message, code } }); it names no secret of ours.
    const reason = `HTTP ${response.status} ${(await response.text().catch(() => "")).slice(0, 300)}`;
    if (attempt >= 2 || !isRetryable(response.status)) return reason;
    ctx.log.warn("whatsapp.reply_retried", { status: response.status });
    await pause(graphApiPolicy.retryDelayMs);
  }
}

/**
 * Sends each reply in order. The button limits are checked for every reply before anything is sent
 * (a ReplyButtonsError is thrown). A reply that cannot be delivered is logged and the next one is
 * still sent. Without a token or phone-number id the replies are printed (local and test runs) or
 * logged as an error (production); a local or test delivery that fails is printed too, so someone
 * running the app without Meta still reads what the assistant said.
 */
export async function sendReplies(ctx: ServiceContext, replies: readonly OutgoingReply[]): Promise<Delivery[]> {
  const messages = replies.map((reply) => ({ reply, body: graphMessageOf(reply) }));
  const isLocal = ctx.env.APP_ENV === "local" || ctx.env.APP_ENV === "test";
  const url = graphMessagesUrl(ctx);
  if (url === null) {
    if (!isLocal) {
      if (messages.length > 0) ctx.log.error("whatsapp.not_configured", { replies: messages.length });
      return messages.map(() => "failed");
    }
    for (const { reply } of messages) console.log(replyConsoleLine(reply));
    return messages.map(() => "printed");
  }
  const deliveries: Delivery[] = [];
  for (const { reply, body } of messages) {
    const failure = await deliver(ctx, url, body);
    if (failure === null) {
      deliveries.push("sent");
      continue;
    }
    ctx.log.error("whatsapp.reply_failed", { to: maskedPhone(reply.to), reason: failure });
    if (isLocal) console.log(replyConsoleLine(reply));
    deliveries.push("failed");
  }
  return deliveries;
}
