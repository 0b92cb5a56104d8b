/**
 * The one-click unsubscribe link of a reminder e-mail (RFC 8058): it names the person and the kind and is
 * signed with an HMAC of both under the Worker's secret, so it works without signing in and cannot be
 * altered to stop someone else's e-mails. It stops only that kind, only by e-mail.
 */
import { reminderKinds, type ReminderKind } from "../../db/reminder-enums.ts";
import { secretsMatch } from "../access/secrets-match.ts";

const encoder = new TextEncoder();

async function signatureOf(secret: string, userId: string, kind: ReminderKind): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`unsubscribe:${userId}:${kind}`)));
  return btoa(String.fromCharCode(...mac))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export type UnsubscribeRequest = { user: string; kind: ReminderKind; signature: string };

/**
 * The links of one person and kind: the page that asks before stopping (the e-mail's own link, which a
 * mail scanner may open without consequence) and the endpoint mail clients post to in one click.
 */
export async function unsubscribeLinks(appUrl: string, secret: string, userId: string, kind: ReminderKind) {
  const query = new URLSearchParams({ u: userId, k: kind, s: await signatureOf(secret, userId, kind) });
  return {
    page: new URL(`/unsubscribe?${query}`, appUrl).toString(),
    oneClick: new URL(`/api/reminders/unsubscribe?${query}`, appUrl).toString(),
  };
}

/** The person and kind a link names when its signature is genuine; null for anything else. */
export async function verifiedUnsubscribe(
  secret: string,
  query: URLSearchParams,
): Promise<{ userId: string; kind: ReminderKind } | null> {
  const userId = query.get("u") ?? "";
  const kind = query.get("k") ?? "";
  const signature = query.get("s") ?? "";
  if (!userId || !(reminderKinds as readonly string[]).includes(kind)) return null;
  const expected = await signatureOf(secret, userId, kind as ReminderKind);
  return secretsMatch(signature, expected) ? { userId, kind: kind as ReminderKind } : null;
}
