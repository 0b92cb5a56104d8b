/**
 * Web Push from the Worker with Web Crypto alone (README: "Reminders", the push channel): the message is
 * encrypted for the browser's subscription as RFC 8291 says (aes128gcm, RFC 8188), and the push service is
 * told who sends it with a VAPID token (RFC 8292) signed by the app's key. No library: Node's `web-push`
 * does not run in workerd, and what is needed is two key derivations, one AES-GCM and one ES256 signature.
 */

export type PushSubscriptionKeys = {
  /** The browser's ECDH public key (P-256, uncompressed, 65 bytes), base64url. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
};

/** The app's VAPID key pair: the public key as browsers take it (65 bytes, base64url) and the private scalar `d`. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const encoder = new TextEncoder();

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** HKDF-SHA-256 (extract and expand) of `length` bytes. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  secret: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
) {
  const key = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
}

/** A P-256 public key from its uncompressed bytes, for ECDH. */
const ecdhPublicKey = (raw: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);

/**
 * The content-encryption key and nonce of one message (RFC 8291 §3.4 and RFC 8188 §2.2), from the ECDH
 * secret between the browser's key and the sender's one-off key, the browser's auth secret and the salt.
 * The same derivation decrypts: the browser, or a test standing in for it, computes the same secret.
 */
export async function messageKeys(input: {
  ecdhSecret: Uint8Array<ArrayBuffer>;
  authSecret: Uint8Array<ArrayBuffer>;
  browserPublicKey: Uint8Array<ArrayBuffer>;
  senderPublicKey: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}) {
  const keyInfo = concat(encoder.encode("WebPush: info\0"), input.browserPublicKey, input.senderPublicKey);
  const inputKey = await hkdf(input.authSecret, input.ecdhSecret, keyInfo, 32);
  const contentKey = await hkdf(input.salt, inputKey, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(input.salt, inputKey, encoder.encode("Content-Encoding: nonce\0"), 12);
  return { contentKey, nonce };
}

/** One record is enough: a reminder is a few hundred bytes, far below the 4096-byte record. */
const recordSize = 4096;

/**
 * The request body of one push message (RFC 8188's header — salt, record size, the sender's one-off public
 * key — then the one encrypted record, its padding delimiter 0x02 inside).
 */
export async function encryptPushMessage(
  payload: string,
  keys: PushSubscriptionKeys,
): Promise<Uint8Array<ArrayBuffer>> {
  const browserPublicKey = base64UrlToBytes(keys.p256dh);
  const sender = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const senderPublicKey = new Uint8Array((await crypto.subtle.exportKey("raw", sender.publicKey)) as ArrayBuffer);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "ECDH", public: await ecdhPublicKey(browserPublicKey) } as EcdhKeyDeriveParams,
      sender.privateKey,
      256,
    ),
  );
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { contentKey, nonce } = await messageKeys({
    ecdhSecret,
    authSecret: base64UrlToBytes(keys.auth),
    browserPublicKey,
    senderPublicKey,
    salt,
  });
  const key = await crypto.subtle.importKey("raw", contentKey, "AES-GCM", false, ["encrypt"]);
  const record = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: nonce },
      key,
      concat(encoder.encode(payload), new Uint8Array([2])),
    ),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = senderPublicKey.length;
  return concat(header, senderPublicKey, record);
}

/** The app's VAPID private key as a signing key (its public point gives x and y). */
async function vapidSigningKey(keys: VapidKeys) {
  const publicPoint = base64UrlToBytes(keys.publicKey);
  return crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: bytesToBase64Url(publicPoint.slice(1, 33)),
      y: bytesToBase64Url(publicPoint.slice(33, 65)),
      d: keys.privateKey,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
}

/** How long a VAPID token holds (RFC 8292 allows up to a day). */
const vapidLifetimeSeconds = 12 * 60 * 60;

/** `Authorization: vapid t=<ES256 JWT for the push service's origin>, k=<the app's public key>`. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now: Date): Promise<string> {
  const header = bytesToBase64Url(encoder.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = bytesToBase64Url(
    encoder.encode(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(now.getTime() / 1000) + vapidLifetimeSeconds,
        sub: keys.subject,
      }),
    ),
  );
  const signed = `${header}.${claims}`;
  // Web Crypto's ECDSA signature is r‖s, the form JWS's ES256 takes.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    await vapidSigningKey(keys),
    encoder.encode(signed),
  );
  return `vapid t=${signed}.${bytesToBase64Url(new Uint8Array(signature))}, k=${keys.publicKey}`;
}
