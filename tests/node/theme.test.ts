import { describe, expect, it } from "vitest";
import { contrastRatio, hexToRgb, readableForeground, shade, themeVariables } from "~/lib/theme";

describe("workspace theme colours", () => {
  it("parses six-digit hex with or without #", () => {
    expect(hexToRgb("#5b43cf")).toEqual([91, 67, 207]);
    expect(hexToRgb("FFDB6D")).toEqual([255, 219, 109]);
  });

  it("falls back to black for anything that is not six-digit hex (SPEC §5)", () => {
    for (const bad of ["#fff", "#12345g", "purple", "", "#1234567"]) expect(hexToRgb(bad)).toEqual([0, 0, 0]);
    expect(themeVariables({ primary: "nope", secondary: "#ffdb6d", accent: "#5b43cf" })["--primary-rgb"]).toBe("0 0 0");
  });

  it("derives shades by the SPEC §9 lightness steps: toward white when positive, toward black when negative", () => {
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
    expect(Object.keys(variables).filter((name) => name.startsWith("--secondary-")).length).toBe(12);
  });

  it("picks text colours that meet WCAG AA (4.5:1) on each default brand colour", () => {
    for (const hex of ["#121127", "#ffdb6d", "#5b43cf"]) {
      const background = hexToRgb(hex);
      expect(contrastRatio(background, readableForeground(background))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
