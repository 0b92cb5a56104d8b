/** Sign-in codes: generated with Web Crypto, stored only as a keyed hash. */
const encoder = new TextEncoder();

/** A uniformly random 6-digit string (rejection sampling: no modulo bias). */
export function generateCode(digits = 6): string {
  const range = 10 ** digits;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const buffer = new Uint32Array(1);
  do crypto.getRandomValues(buffer);
  while (buffer[0]! >= limit);
  return String(buffer[0]! % range).padStart(digits, "0");
}

/**
 * HMAC-SHA-256 of "email:code" under the app secret: a leaked table cannot be brute-forced
 * offline without the secret, and equal codes for different addresses hash differently.
 */
export async function hashCode(secret: string, email: string, code: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${email}:${code}`));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two hex digests in time independent of where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
