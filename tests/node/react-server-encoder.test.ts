import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ReactServerTextEncoder } from "../../app/lib/react-server-encoder.server.ts";

describe("ReactServerTextEncoder (React's server encoder)", () => {
  const fast = new ReactServerTextEncoder();
  const platform = new TextEncoder();

  it("writes exactly the bytes of the platform's UTF-8 encoder, for any text", () => {
    const texts = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: "binary", maxLength: 600 }),
      fc.string({ minLength: 250, maxLength: 300 }),
    );
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

  it("hands out the same bytes for a repeated string, and they stay right however many strings come after", () => {
    const encoder = new ReactServerTextEncoder();
    const className = "inline-flex size-9 items-center rounded-md text-muted-foreground";
    const first = encoder.encode(className);
    expect(encoder.encode(className)).toBe(first);
    for (let index = 0; index < 20_000; index++) encoder.encode(`row ${index} · R$ ${index},00`);
    expect(encoder.encode(className)).toEqual(platform.encode(className));
    expect(first).toEqual(platform.encode(className));
    expect(encoder.encode("Poupança")).toEqual(platform.encode("Poupança"));
  });
});
