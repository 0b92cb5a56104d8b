/**
 * The TextEncoder React's server renderer gets (vite.config.ts hands it to react-dom's edge server
 * build in place of the global). React encodes every attribute name, attribute value and text run
 * on its own — thousands of `encode` calls for a list page — and in workerd each platform call
 * crosses into the runtime, about 1 µs apiece. Two things make that cheap, with the bytes always
 * those of the platform encoder:
 * - short ASCII strings (nearly all of them) are copied byte for byte in JavaScript; anything longer
 *   or non-ASCII goes to the platform;
 * - a page repeats itself (the same class lists on every row, the same icons and labels), so short
 *   strings' bytes are remembered and handed out again. React never writes into a chunk and copies
 *   every chunk of 4096 bytes or less into its own buffer (only longer ones are enqueued as they
 *   are), and a remembered string encodes to at most 3 × 256 bytes, so sharing is safe. The memory
 *   is bounded: when full, it starts over.
 */
const shortStringLength = 256;
const rememberedStrings = 8192;

export class ReactServerTextEncoder {
  readonly encoding = "utf-8";
  readonly #platform = new TextEncoder();
  readonly #remembered = new Map<string, Uint8Array<ArrayBuffer>>();

  encode(text = ""): Uint8Array<ArrayBuffer> {
    if (text.length > shortStringLength) return this.#platform.encode(text);
    let bytes = this.#remembered.get(text);
    if (bytes === undefined) {
      bytes = this.#encodeShort(text);
      if (this.#remembered.size >= rememberedStrings) this.#remembered.clear();
      this.#remembered.set(text, bytes);
    }
    return bytes;
  }

  encodeInto(text: string, destination: Uint8Array): TextEncoderEncodeIntoResult {
    return this.#platform.encodeInto(text, destination);
  }

  #encodeShort(text: string): Uint8Array<ArrayBuffer> {
    const length = text.length;
    const bytes = new Uint8Array(length);
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code > 0x7f) return this.#platform.encode(text);
      bytes[index] = code;
    }
    return bytes;
  }
}
