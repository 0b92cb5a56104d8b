import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";

describe("style guide in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders every section in English and Portuguese, with amounts in the language's format", async () => {
    for (const [locale, title, heading, amount] of [
      ["en-US", "Style guide — Moneta", "The building blocks of Moneta", /\$3,200\.00/],
      ["pt-BR", "Guia de estilo — Moneta", "As peças que formam o Moneta", /R\$\s3\.200,00/],
    ] as const) {
      const { context, page, problems } = await openPage(browser, { baseURL, locale });
      await gotoHydrated(page, "/style-guide");
      expect(await page.title()).toBe(title);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      expect(await page.locator("main").textContent()).toMatch(amount);
      for (const id of [
        "colors",
        "typography",
        "formatting",
        "buttons",
        "forms",
        "feedback",
        "overlays",
        "cards",
        "charts",
      ]) {
        expect(await page.locator(`section#${id}`).count(), `section ${id}`).toBe(1);
      }
      // Charts draw in the browser after hydration.
      await expect.poll(() => page.locator("section#charts svg.recharts-surface").count()).toBeGreaterThanOrEqual(3);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("shows toasts at the top right and closes them by themselves or with the close button", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    await gotoHydrated(page, "/style-guide#feedback");

    await page.getByRole("button", { name: "Success", exact: true }).click();
    const success = page.locator("li[data-kind=success]");
    await success.waitFor({ state: "visible" });
    expect(await success.textContent()).toContain("Transaction saved");
    const box = (await success.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    // Success toasts last 5 s, then play a 300 ms exit.
    await success.waitFor({ state: "detached", timeout: 8000 });

    await page.getByRole("button", { name: "Error", exact: true }).click();
    const error = page.locator("li[data-kind=error]");
    await error.waitFor({ state: "visible" });
    await error.getByRole("button", { name: "Close" }).click();
    await error.waitFor({ state: "detached", timeout: 2000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens a dialog that closes with Escape and gives focus back", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await gotoHydrated(page, "/style-guide#overlays");
    const trigger = page.getByRole("button", { name: "Excluir conta" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Excluir a conta corrente Nubank?" });
    await dialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("opens the details drawer from the right and closes it with its close button", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    await gotoHydrated(page, "/style-guide#overlays");
    await page.getByRole("button", { name: "Transaction details" }).click();
    const drawer = page.getByRole("dialog", { name: "Transaction details" });
    await drawer.waitFor({ state: "visible" });
    await page.waitForTimeout(300);
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(page.viewportSize()!.width);
    await drawer.getByRole("button", { name: "Close" }).first().click();
    await drawer.waitFor({ state: "detached" });
    await context.close();
  });

  it("keeps one accordion answer open at a time", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "en-US" });
    await gotoHydrated(page, "/style-guide#overlays");
    const first = page.getByRole("button", { name: "Do I have to connect my bank?" });
    const second = page.getByRole("button", { name: "Can I keep accounts in reais and dollars?" });
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    await second.click();
    await expect.poll(() => second.getAttribute("aria-expanded")).toBe("true");
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("looks right at desktop and mobile width in both languages, with nothing scrolling sideways", async () => {
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/style-guide", name: "style-guide" });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
  });
});
