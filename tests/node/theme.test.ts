import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  hexToRgb,
  type Rgb,
  readableForeground,
  readableTextOn,
  readableTextShade,
  shade,
  shadeSteps,
  themeVariables,
} from "~/lib/theme";

const anyColour = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)) as fc.Arbitrary<Rgb>;

describe("workspace theme colours", () => {
  it("parses six-digit hex with or without #", () => {
    expect(hexToRgb("#5b43cf")).toEqual([91, 67, 207]);
    expect(hexToRgb("FFDB6D")).toEqual([255, 219, 109]);
  });

  it("falls back to black for anything that is not six-digit hex", () => {
    for (const bad of ["#fff", "#12345g", "purple", "", "#1234567"]) expect(hexToRgb(bad)).toEqual([0, 0, 0]);
    expect(themeVariables({ primary: "nope", secondary: "#ffdb6d", accent: "#5b43cf" })["--primary-rgb"]).toBe("0 0 0");
  });

  it("derives shades by the lightness steps: toward white when positive, toward black when negative", () => {
    expect(shade([100, 0, 200], 90)).toEqual([240, 230, 250]);
    expect(shade([100, 0, 200], -40)).toEqual([60, 0, 120]);
    expect(shade([100, 0, 200], 0)).toEqual([100, 0, 200]);
  });

  it("publishes the three default colours with 50…900 shades", () => {
    const variables = themeVariables();
    expect(variables["--primary"]).toBe("#121127");
    expect(variables["--secondary"]).toBe("#ffdb6d");
    expect(variables["--accent"]).toBe("#5b43cf");
    expect(variables["--primary-500"]).toBe("#121127");
    expect(variables["--accent-50"]).toBe("#efecfa");
    expect(variables["--accent-900"]).toBe("#37287c");
    expect(Object.keys(variables).filter((name) => name.startsWith("--secondary-")).length).toBe(13);
  });

  it("picks text colours that meet WCAG AA (4.5:1) on each default brand colour", () => {
    for (const hex of ["#121127", "#ffdb6d", "#5b43cf"]) {
      const background = hexToRgb(hex);
      expect(contrastRatio(background, readableForeground(background))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([14, 138, 79], [255, 255, 255])).toBeCloseTo(4.41, 2);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
  });

  it("finds readable text for a surface of any colour, so no workspace colour has to be refused", () => {
    fc.assert(
      fc.property(anyColour, (colour) => {
        expect(contrastRatio(colour, readableForeground(colour))).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps white or the app's ink where they read, and turns to black only for mid-tones", () => {
    expect(readableForeground(hexToRgb("#5b43cf"))).toEqual([255, 255, 255]);
    expect(readableForeground(hexToRgb("#ffdb6d"))).toEqual([18, 17, 39]);
    // Neither white (4.29:1) nor the ink (4.31:1) reads on this grey; black does (4.89:1).
    expect(readableForeground(hexToRgb("#7a7a7a"))).toEqual([0, 0, 0]);
  });

  it("darkens a colour just enough to read as text on white, the page and its own 50 tint", () => {
    fc.assert(
      fc.property(anyColour, (colour) => {
        const text = readableTextShade(colour);
        for (const surface of [[255, 255, 255], [246, 246, 249], shade(colour, shadeSteps[50])] as Rgb[]) {
          expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
        }
      }),
      { numRuns: 2000 },
    );
    expect(themeVariables()["--accent-text"]).toBe("#5b43cf");
    expect(themeVariables({ primary: "#121127", secondary: "#ffdb6d", accent: "#0e8a4f" })["--accent-text"]).toBe(
      "#0d7c47",
    );
    expect(themeVariables()["--secondary-text"]).not.toBe("#ffdb6d");
  });

  it("keeps a workspace's own pairing where it reads, and replaces it where it does not", () => {
    expect(readableTextOn("#121127", "#ffdb6d")).toBe("#ffdb6d");
    expect(readableTextOn("#f4d03f", "#fefefe")).toBe("#121127");
    expect(readableTextOn("not a colour", "#000000")).toBe("#ffffff");
  });
});
