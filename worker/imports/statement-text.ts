/**
 * A statement file's bytes as text. Brazilian banks declare one charset and send another (an OFX
 * header saying CHARSET:1252 over UTF-8 bytes, or the reverse), so the bytes decide, not the header:
 * UTF-16 when a byte-order mark says so, UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 * Line breaks are left as they are, so the parsers count lines the way the file has them.
 */

/** What Windows-1252 puts at 0x80–0x9F; the five bytes it leaves undefined stay C1 controls. */
const windows1252High = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];

/**
 * Windows-1252 by our own table, not TextDecoder("windows-1252"): runtimes have decoded that label as
 * Latin-1 (workerd#6027, nodejs/node#60888), turning "–" and "€" into control characters. The code
 * units are written as UTF-16LE bytes and decoded natively, which is several times faster on a 5 MB
 * file than building the string in JavaScript.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const utf16 = new Uint8Array(bytes.length * 2);
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    const unit = byte >= 0x80 && byte <= 0x9f ? (windows1252High[byte - 0x80] as number) : byte;
    utf16[2 * index] = unit & 0xff;
    utf16[2 * index + 1] = unit >> 8;
  }
  return new TextDecoder("utf-16le").decode(utf16);
}

function decodeUtf8Strictly(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A statement file's text, whatever of UTF-8, Windows-1252 (and so Latin-1) or marked UTF-16 it is in. */
export function decodeStatementBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const hasUtf8Mark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const content = hasUtf8Mark ? bytes.subarray(3) : bytes;
  return decodeUtf8Strictly(content) ?? decodeWindows1252(content);
}
