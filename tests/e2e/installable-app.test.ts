import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The installable app (README: "Installable app") in Chromium: a manifest in the person's language with
 * icons that load, no installability errors (asked of Chromium through the DevTools protocol), the start
 * page and shortcuts, the installed app and the desktop wrapper sending a signed-out "/" to sign-in, and
 * the user menu's "Install the app" where the browser offers it or on an iPhone.
 */
describe("the installable app in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("serves a manifest in the person's language whose icons load", async () => {
    const { page, context } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const response = await page.request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "Moneta",
      lang: "pt-BR",
      start_url: "/app",
      display: "standalone",
      shortcuts: [{ name: "Nova despesa" }, { name: "Transações" }],
    });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    await context.close();
  });

  it("is installable, and its start page and shortcuts open the workspace", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL });
    // Signed out, the start page is sign-in.
    await page.goto("/app");
    expect(new URL(page.url()).pathname).toBe("/login");
    const workspaceId = await signUpWithWorkspace(page, `install-${crypto.randomUUID()}@example.com`, "Rita", "Home");
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = (await devtools.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { errors } = (await devtools.send("Page.getAppManifest")) as { errors: { message: string }[] };
    expect(errors).toEqual([]);

    await page.goto("/app");
    expect(new URL(page.url()).pathname).toBe(`/workspaces/${workspaceId}/dashboard`);
    await page.goto("/app?to=transactions");
    expect(new URL(page.url()).pathname).toBe(`/workspaces/${workspaceId}/transactions`);
    // "New expense" opens the wizard on an expense, at where the money comes from; the address forgets it.
    await gotoHydrated(page, "/app?to=new-expense");
    await page.getByRole("dialog", { name: "New transaction" }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await captureScreenshot(page, "installed-app-new-expense-en-desktop");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor of / to sign-in inside the installed app and the desktop wrapper", async () => {
    const { page, context } = await openPage(browser, { baseURL });
    // Opened from the installed app: the window is standalone. (Chromium's DevTools cannot emulate the
    // display mode, so the page is told so by the browser's own media query, answered before any script.)
    await context.addInitScript(() => {
      const media = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...media(query), matches: true } as MediaQueryList)
          : media(query);
    });
    await page.goto("/");
    await page.waitForURL(/\/login$/);
    await context.close();

    const wrapper = await browser.newContext({
      baseURL,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 MonetaDesktop/1.4.0 Chrome/130.0",
    });
    const inWrapper = await wrapper.newPage();
    await inWrapper.goto("/");
    expect(new URL(inWrapper.url()).pathname).toBe("/login");
    expect(await inWrapper.evaluate(() => document.documentElement.dataset.shell)).toBe("desktop");
    await wrapper.close();

    // In an ordinary tab the landing page stays.
    const tab = await openPage(browser, { baseURL });
    const landing = await tab.page.goto("/");
    expect(landing?.status()).toBe(200);
    expect(new URL(tab.page.url()).pathname).toBe("/");
    await tab.context.close();
  });

  it("offers installing from the user menu where the browser does, and explains it on an iPhone", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL });
    const workspaceId = await signUpWithWorkspace(
      page,
      `install-menu-${crypto.randomUUID()}@example.com`,
      "Rita",
      "Home",
    );
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menuitem", { name: "Install the app" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    // The browser's offer, as Chromium hands it over when the page qualifies.
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { prompted: number }).prompted = 1;
        },
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Install the app" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // One prompt per offer.
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menuitem", { name: "Install the app" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
    await context.close();

    const iphone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "pt-BR",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    });
    const phone = await iphone.newPage();
    const phoneWorkspace = await signUpWithWorkspace(
      phone,
      `install-ios-${crypto.randomUUID()}@example.com`,
      "Rita",
      "Casa",
    );
    await gotoHydrated(phone, `/workspaces/${phoneWorkspace}/dashboard`);
    await phone.getByRole("button", { name: "Menu da conta" }).click();
    await phone.getByRole("menuitem", { name: "Instalar o app" }).click();
    await phone.getByRole("dialog", { name: "Adicione o Moneta à Tela de Início" }).waitFor();
    await captureScreenshot(phone, "installed-app-ios-hint-pt-BR-mobile");
    const blocking = (await accessibilityViolations(phone, "the iOS hint")).filter((violation) =>
      blockingImpacts.includes(violation.impact),
    );
    expect(describeViolations(blocking)).toEqual([]);
    await phone.getByRole("button", { name: "Entendi" }).click();
    await phone.getByRole("dialog").waitFor({ state: "detached" });
    await iphone.close();
  });
});
