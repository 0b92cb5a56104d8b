import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  hexToRgb,
  type Rgb,
  readableForeground,
  readableTextOn,
  relativeLuminance,
  shade,
} from "~/lib/color-contrast";
import { readableTextShade, shadeSteps, themeStyleSheet, themeVariables } from "~/lib/theme";
import { colorThemeCookie, colorThemeOf } from "~/lib/color-theme";

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

  it("in the dark theme, writes each colour and its text shade readable on the dark card, page and tint", () => {
    const darkSurfaces: Rgb[] = [
      [24, 24, 36],
      [15, 15, 23],
    ];
    fc.assert(
      fc.property(anyColour, anyColour, anyColour, (primary, secondary, accent) => {
        const colors = { primary: rgbHex(primary), secondary: rgbHex(secondary), accent: rgbHex(accent) };
        const dark = themeVariables(colors, "dark");
        for (const name of ["primary", "secondary", "accent"]) {
          const colour = hexToRgb(dark[`--${name}`]!);
          const text = hexToRgb(dark[`--${name}-text`]!);
          for (const surface of [...darkSurfaces, hexToRgb(dark[`--${name}-50`]!)]) {
            expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
          }
          for (const surface of darkSurfaces) expect(contrastRatio(colour, surface)).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(colour, hexToRgb(dark[`--${name}-foreground`]!))).toBeGreaterThanOrEqual(4.5);
        }
      }),
      { numRuns: 500 },
    );
    // Gold already reads on dark and stays itself; the navy is lightened; a light tint becomes a dark one.
    expect(themeVariables(undefined, "dark")["--secondary"]).toBe("#ffdb6d");
    expect(themeVariables(undefined, "dark")["--primary"]).not.toBe("#121127");
    expect(relativeLuminanceOf(themeVariables(undefined, "dark")["--accent-50"]!)).toBeLessThan(0.05);
  });

  it("writes one style sheet with the light values, the dark ones when chosen, and the system's when left to it", () => {
    const sheet = themeStyleSheet();
    expect(sheet).toContain(":root{--primary:#121127;");
    expect(sheet).toContain(":root[data-theme=dark]{--background:#0f0f17;");
    expect(sheet).toContain(`;--primary:${themeVariables(undefined, "dark")["--primary"]};`);
    expect(sheet).toContain("@media (prefers-color-scheme:dark){:root[data-theme=system]{");
  });
});

describe("the colour theme cookie", () => {
  const withCookie = (cookie: string) => new Request("http://moneta.test/", { headers: { Cookie: cookie } });

  it("reads light, dark or system, and the system's for anything else", () => {
    expect(colorThemeOf(withCookie("lang=en; theme=dark"))).toBe("dark");
    expect(colorThemeOf(withCookie("theme=light"))).toBe("light");
    expect(colorThemeOf(withCookie("theme=neon"))).toBe("system");
    expect(colorThemeOf(new Request("http://moneta.test/"))).toBe("system");
  });

  it("keeps the choice a year, for the whole site, Secure when served over HTTPS", () => {
    expect(colorThemeCookie("dark", true)).toBe("theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(colorThemeCookie("system", false)).not.toContain("Secure");
  });
});

const rgbHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
const relativeLuminanceOf = (hex: string) => relativeLuminance(hexToRgb(hex));
