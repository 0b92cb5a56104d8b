/**
 * Colours as numbers and how well one reads on another (WCAG 2's contrast): what the workspace initial
 * needs on every page, apart from the theme's style sheets (./theme.ts), which only the server and the
 * colour form compute.
 */
export type Rgb = readonly [number, number, number];

const hexPattern = /^#?([0-9a-f]{6})$/i;

/** Six-digit hex to RGB; anything else falls back to black. */
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

/** WCAG AA for body text; large text and interface parts need 3:1, so this covers them too. */
export const readableContrast = 4.5;

export const white: Rgb = [255, 255, 255];
const ink: Rgb = [18, 17, 39];
export const black: Rgb = [0, 0, 0];

/**
 * Text on a surface of this colour: white or the app's ink, whichever reads better, and pure black
 * for the mid-tones where neither reaches 4.5:1. Some choice always does: against white a colour of
 * luminance L gives 1.05 / (L + 0.05), against black (L + 0.05) / 0.05, and the smaller of the two
 * is largest where they meet, at 4.58:1. So no colour has to be refused.
 */
export function readableForeground(background: Rgb): Rgb {
  const better = contrastRatio(background, white) >= contrastRatio(background, ink) ? white : ink;
  if (contrastRatio(background, better) >= readableContrast) return better;
  return contrastRatio(background, white) >= contrastRatio(background, black) ? white : black;
}

/** The workspace's own pairing (its secondary on its primary, say) where it reads at 4.5:1, else readableForeground's. */
export function readableTextOn(backgroundHex: string, preferredHex: string): string {
  const background = hexToRgb(backgroundHex);
  const preferred = hexToRgb(preferredHex);
  return rgbToHex(
    contrastRatio(background, preferred) >= readableContrast ? preferred : readableForeground(background),
  );
}
