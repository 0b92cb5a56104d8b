/**
 * Workspace colours (SPEC §1) as CSS variables with derived shades (SPEC §9 lightness
 * steps). Positive steps mix toward white, negative toward black, by that percentage.
 */
export type WorkspaceColors = { primary: string; secondary: string; accent: string };

export const defaultWorkspaceColors: WorkspaceColors = {
  primary: "#121127",
  secondary: "#ffdb6d",
  accent: "#5b43cf",
};

/** Shade name → lightness step. 500 is the colour itself. */
export const shadeSteps = {
  50: 90,
  100: 80,
  200: 60,
  300: 40,
  400: 20,
  500: 0,
  600: -10,
  700: -20,
  800: -30,
  900: -40,
} as const;

export type Rgb = readonly [number, number, number];

const hexPattern = /^#?([0-9a-f]{6})$/i;

/** Six-digit hex to RGB; anything else falls back to black (SPEC §5). */
export function hexToRgb(hex: string): Rgb {
  const match = hexPattern.exec(hex.trim());
  if (!match) return [0, 0, 0];
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function isHexColor(value: string): boolean {
  return hexPattern.test(value.trim());
}

export function shade(rgb: Rgb, step: number): Rgb {
  const mix = (channel: number) => (step >= 0 ? channel + ((255 - channel) * step) / 100 : channel * (1 + step / 100));
  return rgb.map((channel) => Math.round(mix(channel))) as unknown as Rgb;
}

export function rgbToHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance, to pick readable text on a coloured surface. */
export function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const white: Rgb = [255, 255, 255];
const ink: Rgb = [18, 17, 39];

export function readableForeground(background: Rgb): Rgb {
  return contrastRatio(background, white) >= contrastRatio(background, ink) ? white : ink;
}

/** Worked out once per set of colours: every page of a workspace draws its root with the same three. */
const rememberedThemes = new Map<string, Readonly<Record<string, string>>>();

/**
 * --primary, --primary-rgb ("18 17 39"), --primary-50 … --primary-900 and
 * --primary-foreground for each of the three colours.
 */
export function themeVariables(colors: WorkspaceColors = defaultWorkspaceColors): Readonly<Record<string, string>> {
  const key = `${colors.primary} ${colors.secondary} ${colors.accent}`;
  let variables = rememberedThemes.get(key);
  if (!variables) {
    if (rememberedThemes.size >= 256) rememberedThemes.clear();
    variables = Object.freeze(computeThemeVariables(colors));
    rememberedThemes.set(key, variables);
  }
  return variables;
}

function computeThemeVariables(colors: WorkspaceColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, hex] of Object.entries(colors)) {
    const rgb = hexToRgb(hex);
    variables[`--${name}`] = rgbToHex(rgb);
    variables[`--${name}-rgb`] = rgb.join(" ");
    variables[`--${name}-foreground`] = rgbToHex(readableForeground(rgb));
    for (const [shadeName, step] of Object.entries(shadeSteps)) {
      variables[`--${name}-${shadeName}`] = rgbToHex(shade(rgb, step));
    }
  }
  return variables;
}
