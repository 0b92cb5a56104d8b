import { AppError } from "../http/errors.ts";

/**
 * What a provider hands us that reaches a person's bank (SimpleFIN's access URL carries its credentials)
 * is stored sealed: AES-256-GCM under BANK_SECRETS_KEY (32 random bytes, base64), a fresh 12-byte IV per
 * seal, and the row's id as associated data, so a sealed value copied onto another connection does not
 * open. Stored as `v1.<iv>.<ciphertext>` in base64url. Nothing sealed is ever sent to the browser or logged.
 */

const version = "v1";
const keys = new Map<string, Promise<CryptoKey>>();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** Bank connections can't be made without the key: the operator sets it (README: "Bank connections"). */
const keyMissing = () => new AppError("BANK_CONNECTIONS_UNAVAILABLE");

function keyOf(secret: string | undefined): Promise<CryptoKey> {
  if (!secret) throw keyMissing();
  let key = keys.get(secret);
  if (!key) {
    let raw: Uint8Array<ArrayBuffer>;
    try {
      raw = fromBase64(secret.trim());
    } catch {
      throw keyMissing();
    }
    if (raw.length !== 32) throw keyMissing();
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(secret, key);
  }
  return key;
}

export async function sealSecret(keySecret: string | undefined, rowId: string, plain: string): Promise<string> {
  const key = await keyOf(keySecret);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(rowId) },
    key,
    new TextEncoder().encode(plain),
  );
  return `${version}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plain value, or null when it does not open (another key, another row, or tampered with). */
export async function openSecret(keySecret: string | undefined, rowId: string, sealed: string): Promise<string | null> {
  const key = await keyOf(keySecret);
  const [tag, iv, data] = sealed.split(".");
  if (tag !== version || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(rowId) },
      key,
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
