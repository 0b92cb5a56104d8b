import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer } from "node:http";

/**
 * A push service on 127.0.0.1 (as Chrome's or Firefox's would be), with browsers' subscriptions made here.
 * Each message the app posts is checked as a push service checks it — a VAPID token (RFC 8292) for this
 * origin, signed by the key it names — and decrypted as the browser would (RFC 8291), by code of its own
 * built on node:crypto, so the app's encryption is checked against an independent reading.
 */
export type PushedMessage = { device: string; payload: unknown; ttl: string | null; vapidKey: string };

export type FakeBrowser = {
  id: string;
  /** What `PushSubscription.toJSON()` gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

const base64Url = (bytes: Buffer) => bytes.toString("base64url");

function verifiedVapidKey(authorization: string | undefined, origin: string): string {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [token, key] = [match[1]!, match[2]!];
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: base64Url(point.subarray(1, 33)), y: base64Url(point.subarray(33, 65)) },
    format: "jwk",
  });
  const isSigned = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isSigned) throw new Error("the VAPID token's signature does not match its key");
  const decoded = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (decoded.aud !== origin) throw new Error(`VAPID audience ${decoded.aud}, expected ${origin}`);
  if (decoded.exp * 1000 < Date.now() - 60_000 || !/^(mailto:|https?:)/.test(decoded.sub))
    throw new Error(`VAPID claims refused: ${JSON.stringify(decoded)}`);
  return key;
}

/** RFC 8291 read by the browser: the one-off key in the header, ECDH with the browser's key, two HKDFs, AES-128-GCM. */
function decrypted(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const keyLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyLength);
  const record = body.subarray(21 + keyLength);
  const secret = browser.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), senderKey]);
  const inputKey = Buffer.from(hkdfSync("sha256", secret, browser.auth, info, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const delimiter = plain.lastIndexOf(2);
  if (delimiter < 0 || plain.subarray(delimiter + 1).some((byte) => byte !== 0))
    throw new Error("no padding delimiter");
  return plain.subarray(0, delimiter).toString("utf8");
}

export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const gone = new Set<string>();
  const received: PushedMessage[] = [];
  const refusals: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
      const browser = browsers.get(id);
      if (!browser || gone.has(id)) {
        response.writeHead(410).end();
        return;
      }
      try {
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const vapidKey = verifiedVapidKey(request.headers.authorization, url);
        const payload = JSON.parse(decrypted(Buffer.concat(chunks), browser)) as unknown;
        received.push({ device: id, payload, ttl: request.headers.ttl?.toString() ?? null, vapidKey });
        response.writeHead(201).end();
      } catch (error) {
        refusals.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the fake push service has no port");
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    /** What the service refused to take (a bad token, a message it could not decrypt). */
    refusals,
    /** A browser's subscription: its own key pair and auth secret, and an address here. */
    newBrowser(): FakeBrowser {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: base64Url(ecdh.getPublicKey()), auth: base64Url(auth) },
        },
      };
    },
    /** The browser unsubscribed (or was reset): its address answers 410 Gone from now on. */
    forget: (id: string) => void gone.add(id),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
