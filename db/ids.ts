/**
 * UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by
 * creation time and index well. Web Crypto exists in workerd and Node alike.
 */
const hexByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export function newId(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let timestamp = now;
  for (let index = 5; index >= 0; index--) {
    bytes[index] = timestamp % 256;
    timestamp = Math.floor(timestamp / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let id = "";
  for (let index = 0; index < 16; index++) {
    if (index === 4 || index === 6 || index === 8 || index === 10) id += "-";
    id += hexByte[bytes[index]!];
  }
  return id;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
