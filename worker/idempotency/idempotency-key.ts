import { AppError } from "../http/errors.ts";

/** docs/api.md, "Retries": how long a key holds its first answer, and its shape. */
export const idempotencyPolicy = {
  lifetimeHours: 24,
  maxKeyLength: 255,
  /** Expired keys deleted by each keyed write, oldest first, so the table stays about a day long. */
  purgedPerWrite: 20,
} as const;

export const idempotencyKeyHeader = "Idempotency-Key";
export const replayedHeader = "Idempotent-Replayed";
/** The hidden field the web app's forms send their key in. */
export const idempotencyKeyField = "idempotency_key";

const printableAscii = /^[\x20-\x7e]+$/;

/**
 * The key a client sent (header or form field): absent → undefined, the write behaves as it
 * always did; present → 1–255 printable ASCII characters, else 400 IDEMPOTENCY_KEY_INVALID.
 */
export function parseIdempotencyKey(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.length === 0 || value.length > idempotencyPolicy.maxKeyLength || !printableAscii.test(value)) {
    throw new AppError("IDEMPOTENCY_KEY_INVALID", {
      key: "errors:details.idempotencyKeyInvalid",
      values: { header: idempotencyKeyHeader, max: idempotencyPolicy.maxKeyLength },
    });
  }
  return value;
}

/** Objects with their keys sorted, at every depth: two bodies that say the same thing print the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

/** SHA-256 (hex) of the method, the path and the canonical body. */
export async function requestFingerprint(method: string, path: string, body: unknown): Promise<string> {
  const text = `${method.toUpperCase()} ${path}\n${canonicalJson(body)}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
