import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, reloadHydrated } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

// docs/decisions/058-pages-paint-before-their-modules.md
describe("a page's first paint in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is rendered before the page asks for its modules, which then hydrate it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await signUpWithWorkspace(page, `first-paint-${Date.now()}@example.com`, "Paula Pinto", "Ateliê");
    // The page's first rendering opportunity: the first animation frame, which waits for the stylesheet.
    await context.addInitScript(() =>
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      }),
    );
    await reloadHydrated(page);
    const timings = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt ?? Number.NaN,
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));
    expect(timings.firstContentfulPaint).toBeGreaterThan(0);
    expect(timings.modules.length).toBeGreaterThan(5);
    expect(timings.modules.filter((module) => !(module.startTime > timings.firstFrameAt))).toEqual([]);
    // Hydrated: the floating button opens its menu.
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.getByRole("menuitem", { name: "Nova transação" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
