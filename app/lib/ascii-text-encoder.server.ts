/**
 * A TextEncoder for React's server renderer. React's edge build encodes every attribute name,
 * attribute value and text run on its own (thousands of `encode` calls for a list page), and in
 * workerd each call crosses into the runtime: about 1 µs apiece, a third of a page's render time.
 * Short ASCII strings — nearly all of them — are copied byte for byte in JavaScript instead;
 * anything longer or non-ASCII goes to the platform encoder, so the bytes are always the same.
 * vite.config.ts hands this class to react-dom's edge server build in place of the global.
 */
const shortStringLength = 256;

export class AsciiFastTextEncoder {
  readonly encoding = "utf-8";
  readonly #platform = new TextEncoder();

  encode(text = ""): Uint8Array<ArrayBuffer> {
    const length = text.length;
    if (length > shortStringLength) return this.#platform.encode(text);
    const bytes = new Uint8Array(length);
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code > 0x7f) return this.#platform.encode(text);
      bytes[index] = code;
    }
    return bytes;
  }

  encodeInto(text: string, destination: Uint8Array): TextEncoderEncodeIntoResult {
    return this.#platform.encodeInto(text, destination);
  }
}
