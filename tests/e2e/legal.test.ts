import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";

const paths = ["/privacy-policy", "/terms-of-use", "/terms"] as const;

const copy = {
  "pt-BR": {
    heading: "Privacidade e termos de uso",
    contents: "Nesta página",
    privacy: { title: "Política de privacidade — Moneta", document: "Política de privacidade" },
    terms: { title: "Termos de uso — Moneta", document: "Termos de uso" },
  },
  en: {
    heading: "Privacy and terms of use",
    contents: "On this page",
    privacy: { title: "Privacy policy — Moneta", document: "Privacy policy" },
    terms: { title: "Terms of use — Moneta", document: "Terms of use" },
  },
} as const;

const leadOf = (path: (typeof paths)[number]) => (path === "/privacy-policy" ? "privacy" : "terms");

/** The documents' headings, top to bottom. */
const documentTitles = (page: Page) => page.locator("main article h2").allTextContents();

/** Whether the element with this id is on screen after a jump to it. */
const isInViewport = (page: Page, id: string) =>
  page.evaluate((target) => {
    const box = document.getElementById(target)!.getBoundingClientRect();
    return box.top >= -1 && box.top < window.innerHeight;
  }, id);

describe("legal page in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("speaks Portuguese by default, even to an English browser, and leads with the document the address names", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    for (const path of paths) {
      const lead = leadOf(path);
      await gotoHydrated(page, path);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe("pt-BR");
      expect(await page.title(), path).toBe(copy["pt-BR"][lead].title);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(copy["pt-BR"].heading);
      expect((await documentTitles(page))[0], path).toBe(copy["pt-BR"][lead].document);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      expect(await page.locator("main").textContent()).toContain("21 de novembro de 2026");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("speaks English when the lang cookie says so", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await context.addCookies([{ name: "lang", value: "en", url: baseURL }]);
    for (const path of paths) {
      const lead = leadOf(path);
      await gotoHydrated(page, path);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe("en");
      expect(await page.title(), path).toBe(copy.en[lead].title);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(copy.en.heading);
      expect(await documentTitles(page), path).toEqual(
        lead === "privacy"
          ? [copy.en.privacy.document, copy.en.terms.document]
          : [copy.en.terms.document, copy.en.privacy.document],
      );
      expect(await page.locator("main").textContent()).toContain("November 21, 2026");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows at /terms exactly what /terms-of-use shows, with /terms-of-use as the canonical address", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL });
    const snapshots = [];
    for (const path of ["/terms-of-use", "/terms"]) {
      await gotoHydrated(page, path);
      snapshots.push({
        title: await page.title(),
        text: await page.locator("main").innerText(),
        canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
      });
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
    expect(snapshots[0]!.canonical).toBe(`${baseURL}/terms-of-use`);
    expect(snapshots[0]!.text).toMatch(/R\$\s19,90/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("jumps to every document and section from the table of contents", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await gotoHydrated(page, "/privacy-policy");
    const contents = page.getByRole("navigation", { name: copy["pt-BR"].contents });
    const links = contents.getByRole("link");
    // 2 documents, 12 sections each.
    expect(await links.count()).toBe(26);
    for (const link of await links.all()) {
      const id = (await link.getAttribute("href"))!.slice(1);
      expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
      await link.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`);
      expect(await isInViewport(page, id), id).toBe(true);
    }
    // The sidebar marks the section being read.
    const cookies = contents.getByRole("link", { name: "Cookies" });
    expect(await cookies.getAttribute("href")).toBe("#privacy-cookies");
    await cookies.click();
    await expect.poll(() => cookies.getAttribute("aria-current")).toBe("location");
    expect(await contents.locator("[aria-current]").count()).toBe(1);
    // The last section cannot scroll to the top; jumping to it still marks it, and the mark stays.
    const lastSection = contents.locator('a[href="#terms-contact"]');
    await lastSection.click();
    await expect.poll(() => lastSection.getAttribute("aria-current")).toBe("location");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await lastSection.getAttribute("aria-current")).toBe("location");
    expect(await contents.locator("[aria-current]").count()).toBe(1);
    // Scrolling, not only jumping, moves the mark to the section coming into view.
    await page.evaluate(() => document.getElementById("privacy-security")!.scrollIntoView());
    const security = contents.locator('a[href="#privacy-security"]');
    await expect.poll(() => security.getAttribute("aria-current")).toBe("location");
    expect(await contents.locator("[aria-current]").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("folds the table of contents on a phone and still jumps from it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    await gotoHydrated(page, "/terms");
    const cookies = page.getByRole("link", { name: "Cookies" });
    expect(await cookies.isVisible()).toBe(false);
    await page.locator("summary", { hasText: copy["pt-BR"].contents }).click();
    await cookies.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#privacy-cookies");
    expect(await isInViewport(page, "privacy-cookies")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("follows links inside the text and switches language without leaving the page", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await gotoHydrated(page, "/privacy-policy");
    expect(await page.getByRole("banner").getByRole("link", { name: "Início do Moneta" }).getAttribute("href")).toBe(
      "/",
    );
    await page.locator("#privacy-rights").getByRole("link", { name: "Exclusão da conta" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#privacy-delete-account");
    expect(await page.locator("#privacy-who-we-are a[href='mailto:privacidade@moneta.app']").count()).toBe(1);

    await page.getByRole("button", { name: "English" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(copy.en.heading);
    expect(new URL(page.url()).pathname).toBe("/privacy-policy");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("looks right at desktop and mobile width in both languages, with nothing scrolling sideways", async () => {
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/privacy-policy", name: "legal" });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
  });
});
