import { errors, jwtVerify, SignJWT } from "jose";
import { sessionPolicy } from "./session-policy.ts";

/** HS256 only: the verifier refuses any other algorithm, "none" included. */
const algorithm = "HS256";
const encoder = new TextEncoder();

/** The signing key, imported into WebCrypto once per isolate and secret rather than per request. */
const keys = new Map<string, Promise<CryptoKey>>();
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

export type SessionClaims = { userId: string; sessionId: string };

export async function signSessionToken(secret: string, claims: SessionClaims & { expiresAt: Date; now: Date }) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(sessionPolicy.tokenIssuer)
    .setAudience(sessionPolicy.tokenAudience)
    .setIssuedAt(Math.floor(claims.now.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await signingKey(secret));
}

/** The claims of a genuine, unexpired token for this app; null for anything else. */
export async function verifySessionToken(secret: string, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(secret), {
      algorithms: [algorithm],
      issuer: sessionPolicy.tokenIssuer,
      audience: sessionPolicy.tokenAudience,
      currentDate: now,
      requiredClaims: ["sub", "exp", "sid"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
