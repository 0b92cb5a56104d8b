import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/lib/safe-redirect";

/** How a browser would resolve the Location header on our site. */
const resolvedOrigin = (location: string) => new URL(location, "https://moneta.example/settings").origin;

describe("safe redirect targets", () => {
  it("keeps paths on our own site, with their query and fragment", () => {
    for (const path of [
      "/",
      "/style-guide",
      "/workspaces/01a2/transactions?type=expense&q=50%25#list",
      "/privacy-policy#cookies",
    ]) {
      expect(safeRedirectTarget(path)).toBe(path);
    }
  });

  it("refuses anything a browser could resolve to another site, falling back to the default", () => {
    const attacks = [
      "/\t/evil.example/",
      "/%09/evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "/%252F/evil.example",
      "/%2F%2Fevil.example/x%ZZ",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      " /evil",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u0000/evil.example",
      "/\u007f",
      "evil.example",
      "",
    ];
    for (const attack of attacks)
      expect({ attack, target: safeRedirectTarget(attack) }).toEqual({ attack, target: "/" });
    expect(safeRedirectTarget("//evil.example", "/login")).toBe("/login");
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget(["/"])).toBe("/");
    expect(safeRedirectTarget(`/${"a".repeat(3000)}`)).toBe("/");
  });

  it("never returns a target that resolves off our origin, whatever the input", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "%2F",
      "%5C",
      "%09",
      "%25",
      ":",
      ".",
      "evil.example",
      "@",
      "?",
      "#",
      " ",
      "a",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")),
        (input) => {
          const target = safeRedirectTarget(input);
          expect(resolvedOrigin(target)).toBe("https://moneta.example");
          expect(target).toMatch(/^\/(?!\/)/);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
          expect(target).not.toMatch(/[\u0000-\u001f\\]/);
        },
      ),
    );
  });
});
