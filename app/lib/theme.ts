import {
  black,
  contrastRatio,
  hexToRgb,
  readableContrast,
  readableForeground,
  type Rgb,
  rgbToHex,
  shade,
  white,
} from "./color-contrast";

/**
 * Workspace colours (docs/product.md#look-and-feel) as CSS variables with derived shades
 * (docs/decisions/006-workspace-colours-as-css-variables.md). Positive steps mix toward white, negative
 * toward black, by that percentage.
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

/** The app's light surfaces (cards, the page's background, foundation.css) a workspace colour is written on. */
const lightSurfaces: readonly Rgb[] = [white, [246, 246, 249]];

/**
 * The colour as text or an icon on the light surfaces, its own 50 tint included: the colour itself
 * when it reads there at 4.5:1, else darkened in steps of 5% until it does. Black reaches 16:1 even
 * on the darkest of them (a 50 tint is at least 90% white), so there is always such a shade.
 */
export function readableTextShade(rgb: Rgb): Rgb {
  return shadedToRead(rgb, [...lightSurfaces, shade(rgb, shadeSteps[50])], "darker");
}

/**
 * The colour moved in steps of 5% toward black ("darker") or white ("lighter") until it reads at 4.5:1
 * on every given surface; black or white at the end of the way when none of the steps does.
 */
function shadedToRead(rgb: Rgb, surfaces: readonly Rgb[], way: "darker" | "lighter"): Rgb {
  const sign = way === "darker" ? -1 : 1;
  for (let step = 0; step < 100; step += 5) {
    const candidate = shade(rgb, sign * step);
    if (surfaces.every((surface) => contrastRatio(candidate, surface) >= readableContrast)) return candidate;
  }
  return way === "darker" ? black : white;
}

/**
 * The design tokens of app/styles/foundation.css in the dark theme: the same names, so every screen
 * follows. Status colours are lighter here, so they read at 4.5:1 as text on the dark card, the page and
 * their 10% tints, with the dark ink on them.
 */
export const darkTokens = {
  "--background": "#0f0f17",
  "--foreground": "#ececf3",
  "--card": "#181824",
  "--muted": "#232333",
  "--muted-foreground": "#a9a8bd",
  "--border": "#2f2e42",
  "--input": "#45445c",
  "--destructive": "#ff7b70",
  "--success": "#3fcf8e",
  "--warning": "#f5a524",
  "--info": "#80a8ff",
  "--on-status": "#121127",
  "--on-warning": "#121127",
  "color-scheme": "dark",
} as const;

/** The dark theme's surfaces: its cards and its page. */
const darkSurfaces: readonly Rgb[] = [hexToRgb(darkTokens["--card"]), hexToRgb(darkTokens["--background"])];
const [darkCard] = darkSurfaces as [Rgb, Rgb];

/** `rgb` mixed toward `target` by `percent`. */
function mixToward(rgb: Rgb, target: Rgb, percent: number): Rgb {
  return rgb.map((channel, index) =>
    Math.round(channel + ((target[index]! - channel) * percent) / 100),
  ) as unknown as Rgb;
}

/** How far toward the dark card each light tint goes in the dark theme: a faint tint of the colour on dark. */
const darkTintSteps = { 50: 85, 100: 75, 200: 65, 300: 45, 400: 15 } as const;

/**
 * The colour in the dark theme: itself where it reads as text on the dark surfaces, else lightened until
 * it does — so `text-accent` and a button of the colour both stand out on a dark page. Its light tints
 * become dark ones (toward the card) and its text shade reads on those too.
 */
function darkColorShade(rgb: Rgb): Rgb {
  // White reaches 15:1 on the darkest of the dark surfaces, so there is always such a shade.
  return shadedToRead(rgb, darkSurfaces, "lighter");
}

/** Worked out once per set of colours: every page of a workspace draws its root with the same three. */
/** Worked out once per set of colours: every page of a workspace draws its root with the same three. */
const rememberedThemes = new Map<string, Readonly<Record<string, string>>>();

/**
 * --primary, --primary-rgb ("18 17 39"), --primary-50 … --primary-900, --primary-foreground (text on
 * the colour) and --primary-text (the colour as text on light surfaces) for each of the three colours.
 */
export function themeVariables(
  colors: WorkspaceColors = defaultWorkspaceColors,
  scheme: "light" | "dark" = "light",
): Readonly<Record<string, string>> {
  const key = `${scheme} ${colors.primary} ${colors.secondary} ${colors.accent}`;
  let variables = rememberedThemes.get(key);
  if (!variables) {
    if (rememberedThemes.size >= 256) rememberedThemes.clear();
    variables = Object.freeze(scheme === "dark" ? computeDarkVariables(colors) : computeThemeVariables(colors));
    rememberedThemes.set(key, variables);
  }
  return variables;
}

/** The same variables for the dark theme: the colour readable on dark, tints toward the dark card. */
function computeDarkVariables(colors: WorkspaceColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, hex] of Object.entries(colors)) {
    const own = hexToRgb(hex);
    const rgb = darkColorShade(own);
    const tint50 = mixToward(own, darkCard, darkTintSteps[50]);
    variables[`--${name}`] = rgbToHex(rgb);
    variables[`--${name}-rgb`] = rgb.join(" ");
    variables[`--${name}-foreground`] = rgbToHex(readableForeground(rgb));
    variables[`--${name}-text`] = rgbToHex(shadedToRead(rgb, [...darkSurfaces, tint50], "lighter"));
    for (const [shadeName, step] of Object.entries(shadeSteps)) {
      const tint = darkTintSteps[Number(shadeName) as keyof typeof darkTintSteps];
      // The darker shades keep darkening the colour itself: shadows and overlays are dark in both themes.
      variables[`--${name}-${shadeName}`] = rgbToHex(
        tint !== undefined ? mixToward(own, darkCard, tint) : step === 0 ? rgb : shade(own, step),
      );
    }
  }
  return variables;
}

const declarations = (variables: Readonly<Record<string, string>>) =>
  Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");

/**
 * The workspace's colours as a style sheet for <head>: the light values on :root, the dark ones (with the
 * dark design tokens) where the person chose dark, or chose the system's and the system is dark
 * (app/lib/color-theme.ts). The server writes it, so the first paint is in the right theme.
 */
export function themeStyleSheet(
  colors: WorkspaceColors = defaultWorkspaceColors,
  { isLightOnly = false } = {},
): string {
  const light = `:root{${declarations(themeVariables(colors))}}`;
  // The landing page keeps its light design, and its bytes: no dark values at all.
  if (isLightOnly) return light;
  const dark = declarations({ ...darkTokens, ...themeVariables(colors, "dark") });
  return [
    light,
    `:root[data-theme=dark]{${dark}}`,
    `@media (prefers-color-scheme:dark){:root[data-theme=system]{${dark}}}`,
  ].join("");
}

function computeThemeVariables(colors: WorkspaceColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, hex] of Object.entries(colors)) {
    const rgb = hexToRgb(hex);
    variables[`--${name}`] = rgbToHex(rgb);
    variables[`--${name}-rgb`] = rgb.join(" ");
    variables[`--${name}-foreground`] = rgbToHex(readableForeground(rgb));
    variables[`--${name}-text`] = rgbToHex(readableTextShade(rgb));
    for (const [shadeName, step] of Object.entries(shadeSteps)) {
      variables[`--${name}-${shadeName}`] = rgbToHex(shade(rgb, step));
    }
  }
  return variables;
}
