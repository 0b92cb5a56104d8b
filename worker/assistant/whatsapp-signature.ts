/**
 * Meta signs every webhook delivery with the app secret: `X-Hub-Signature-256: sha256=<hex>`, the
 * HMAC-SHA256 of the body exactly as sent. The check runs on the raw bytes (parsing and
 * re-serialising would change them) with Web Crypto, which workerd and Node both have.
 */

import { secretsMatch } from "../access/secrets-match.ts";

const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** `sha256=` + the hex HMAC-SHA256 of the body with the secret: the header Meta sends, and the one tests sign with. */
export async function webhookSignature(body: Uint8Array<ArrayBuffer> | string, appSecret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(appSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  return `sha256=${toHex(await crypto.subtle.sign("HMAC", key, bytes))}`;
}

/**
 * Whether the header is the body's signature with this secret. A missing header or secret never
 * matches; the header's hex is compared lower-cased, as hex digits are the same either way.
 */
export async function isSignedByMeta(
  body: Uint8Array<ArrayBuffer>,
  header: string | null | undefined,
  appSecret: string | undefined,
): Promise<boolean> {
  if (!header || !appSecret) return false;
  const expected = await webhookSignature(body, appSecret);
  return secretsMatch(header.trim().toLowerCase(), expected);
}
