/**
 * Comparing a secret a caller sent (a webhook's shared secret or signature) with the one expected, in
 * time that depends only on their lengths, never on where they first differ.
 */

const encoder = new TextEncoder();

function bytesMatch(left: Uint8Array, right: Uint8Array): boolean {
  if (left.byteLength !== right.byteLength) return false;
  let difference = 0;
  for (let index = 0; index < left.byteLength; index += 1) difference |= left[index]! ^ right[index]!;
  return difference === 0;
}

/** Whether two secrets are equal, without leaking through timing how much of a guess was right. */
export function secretsMatch(given: string, expected: string): boolean {
  return bytesMatch(encoder.encode(given), encoder.encode(expected));
}
