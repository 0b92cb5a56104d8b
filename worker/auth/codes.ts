/** Sign-in codes: derived with Web Crypto HMAC, stored only as a keyed hash. */
const encoder = new TextEncoder();

async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/**
 * The code of one issue, derived from the secret, the address and the moment it was issued:
 * asking again within its life re-sends the same code instead of replacing it, so a stranger
 * asking for codes to someone's address cannot kill the one they are about to type. 64 bits
 * of HMAC reduced to 6 digits: the bias is below 10^-13.
 */
export async function deriveCode(secret: string, email: string, issuedAt: string, digits = 6): Promise<string> {
  const digest = await hmacSha256(secret, `sign-in-code:${email}:${issuedAt}`);
  const value = new DataView(digest.buffer).getBigUint64(0);
  return String(value % BigInt(10 ** digits)).padStart(digits, "0");
}

/**
 * HMAC-SHA-256 of "email:code" under the app secret: a leaked table cannot be brute-forced
 * offline without the secret, and equal codes for different addresses hash differently.
 */
export async function hashCode(secret: string, email: string, code: string): Promise<string> {
  const signature = await hmacSha256(secret, `${email}:${code}`);
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex digests in time independent of where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
