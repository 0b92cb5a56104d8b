import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, reloadHydrated, waitForHydration } from "../support/browser.ts";
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

  it("leaves zod out of the pages until a form that checks with it opens", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL });
    await signUpWithWorkspace(page, `zod-later-${Date.now()}@example.com`, "Zé Lima", "Casa");
    const workspacePath = new URL(page.url()).pathname.replace(/\/dashboard$/, "");
    for (const screen of ["dashboard", "transactions", "accounts"]) {
      await page.goto(`${workspacePath}/${screen}`);
      await waitForHydration(page);
      await idleLoadsDone(page);
      expect(await scriptsWithZod(page), screen).toEqual([]);
    }
    // Opening the form fetches its checks, which then refuse an empty name before anything is sent.
    await page.getByRole("button", { name: "New account" }).click();
    await expect.poll(() => scriptsWithZod(page)).not.toEqual([]);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Name is required").waitFor();
    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Once the browser has been idle and the code it then fetches (menus, dialogs) has stopped arriving. */
async function idleLoadsDone(page: Page) {
  await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => requestIdleCallback(idle))));
  let count = -1;
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType("resource").length);
    if (now === count) return;
    count = now;
    await page.waitForTimeout(700);
  }
}

/** The scripts this page has loaded that hold zod (its string schema's class name survives minifying). */
async function scriptsWithZod(page: Page): Promise<string[]> {
  const paths = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/assets\/.+\.js$/.test(path)),
  );
  const withZod: string[] = [];
  for (const path of new Set(paths)) {
    const source = await (await page.request.get(new URL(path, page.url()).href)).text();
    if (source.includes("$ZodString")) withZod.push(path);
  }
  return withZod;
}
