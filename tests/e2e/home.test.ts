import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";

describe("home page in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders in the browser's language and hydrates without errors or CSP violations", async () => {
    for (const [locale, heading] of [
      ["en-US", "Your money, clear in one place"],
      ["pt-BR", "Seu dinheiro, claro em um só lugar"],
    ] as const) {
      const { context, page, problems } = await openPage(browser, { baseURL, locale });
      await page.goto("/");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === "pt-BR" ? "pt-BR" : "en");
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("switches language with the switcher and remembers it on the next visit", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Português (Brasil)" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Seu dinheiro, claro em um só lugar");
    expect(await page.getByRole("button", { name: "Português (Brasil)" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");

    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Seu dinheiro, claro em um só lugar");

    await page.getByRole("button", { name: "English" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your money, clear in one place");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the translated 404 page for unknown addresses and leads back home", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "pt-BR" });
    const response = await page.goto("/nao/existe");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Não encontramos essa página");
    await page.getByRole("link", { name: "Ir para a página inicial" }).click();
    await page.waitForURL(`${baseURL}/`);
    await context.close();
  });

  it("looks right at desktop and mobile width in both languages, with nothing scrolling sideways", async () => {
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/", name: "home" });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
  });
});
