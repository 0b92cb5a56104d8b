/**
 * `npm run icons:app` — draws the installed app's icons (app/public/icons/) from the brand mark
 * (app/components/layout/brand.tsx, app/public/favicon.svg) in Chromium: 192 and 512 px on a rounded
 * tile for "any" purpose, a 512 px full-bleed "maskable" one whose mark keeps inside the 80 % safe
 * circle, and the 180 px full-bleed icon iOS puts on the Home Screen (it rounds the corners itself).
 * Run it after changing the mark; tests/node/app-manifest.test.ts checks each file's size.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumPath } from "./chromium-path.ts";

const ink = "#121127";
const gold = "#ffdb6d";
const mark = `<path d="M8 22V10l8 7 8-7v12" fill="none" stroke="${gold}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark on a tile: rounded corners for "any", full bleed (and the mark smaller) otherwise. */
function iconSvg(size: number, shape: "rounded" | "full-bleed", markScale: number) {
  const tile =
    shape === "rounded"
      ? `<rect width="32" height="32" rx="7" fill="${ink}"/>`
      : `<rect width="32" height="32" fill="${ink}"/>`;
  const offset = 16 - 16 * markScale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${tile}<g transform="translate(${offset} ${offset}) scale(${markScale})">${mark}</g></svg>`;
}

export const appIconFiles = [
  { file: "icon-192.png", size: 192, shape: "rounded", markScale: 1 },
  { file: "icon-512.png", size: 512, shape: "rounded", markScale: 1 },
  { file: "icon-maskable-512.png", size: 512, shape: "full-bleed", markScale: 0.72 },
  { file: "apple-touch-icon.png", size: 180, shape: "full-bleed", markScale: 0.8 },
] as const;

const directory = new URL("../app/public/icons/", import.meta.url);

if (import.meta.main) {
  mkdirSync(directory, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const { file, size, shape, markScale } of appIconFiles) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${iconSvg(size, shape, markScale)}</body></html>`,
      );
      const png = await page.locator("svg").screenshot({ omitBackground: true });
      writeFileSync(new URL(file, directory), png);
      console.log(`Wrote app/public/icons/${file} (${size}×${size}, ${png.length} bytes)`);
    }
  } finally {
    await browser.close();
  }
}
