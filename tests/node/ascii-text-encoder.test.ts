import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AsciiFastTextEncoder } from "../../app/lib/ascii-text-encoder.server.ts";

describe("AsciiFastTextEncoder (React's server encoder)", () => {
  const fast = new AsciiFastTextEncoder();
  const platform = new TextEncoder();

  it("writes exactly the bytes of the platform's UTF-8 encoder, for any text", () => {
    const texts = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary", maxLength: 600 }), fc.string({ minLength: 250, maxLength: 300 }));
    fc.assert(
      fc.property(texts, (text) => {
        expect(fast.encode(text)).toEqual(platform.encode(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("handles markup, accents, emoji and lone surrogates the way TextEncoder does", () => {
    for (const text of ["", 'class="flex gap-2"', "Poupança", "R$ 1.234,56", "💸", "\uD800", "a".repeat(257)]) {
      expect(fast.encode(text)).toEqual(platform.encode(text));
    }
    expect(fast.encoding).toBe("utf-8");
  });
});
