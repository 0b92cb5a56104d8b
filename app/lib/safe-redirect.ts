/**
 * Where to send someone back to, when the place comes from input (a form field such as the
 * language switcher's `redirectTo`): only a path on our own origin, else `fallback`.
 *
 * Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/evil.example/" and
 * "/\evil.example" are other sites to them; "//host" is one too. Each of these is refused, also
 * when it appears only after percent-decoding ("/%2F/evil.example", "/%09/evil.example").
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > maxTargetLength || !isPlainPath(value)) return fallback;
  let decoded = value;
  for (let round = 0; round < maxDecodeRounds; round += 1) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    if (!isPlainPath(next)) return fallback;
    decoded = next;
  }
  const url = new URL(value, probeOrigin);
  if (url.origin !== probeOrigin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

const maxTargetLength = 2048;
const maxDecodeRounds = 3;
/** A base no request ever has: a target that resolves anywhere else is not a plain path. */
const probeOrigin = "http://redirect-target.invalid";

/** Starts with exactly one "/", and holds no control character, DEL or backslash anywhere. */
function isPlainPath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return path.startsWith("/") && !path.startsWith("//") && !/[\u0000-\u001f\u007f\\]/.test(path);
}

/** One round of percent-decoding; a run of escapes that is not valid UTF-8 stays as it is. */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}
