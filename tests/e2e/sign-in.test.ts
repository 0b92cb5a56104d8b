import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout, waitForHydration } from "../support/browser.ts";
import { codeFromMail, signInThroughLogin } from "./support/sign-in.ts";

async function requestCode(page: Page, email: string) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await page.getByText("Check your email for the verification code").waitFor();
  // Each step is a new page; its script (Continue off until six digits) has run once this mark is set.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

describe("sign-in and first run in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a new user signs in with the console code, names themselves, creates a workspace, lands on its dashboard, and after logging out cannot go back", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const email = `newcomer-${Date.now()}@example.com`;
    await requestCode(page, email);
    const continueButton = page.getByRole("button", { name: "Continue", exact: true });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel("Verification code").fill(await codeFromMail(email));
    expect(await continueButton.isDisabled()).toBe(false);
    await continueButton.click();

    await page.waitForURL(`${baseURL}/onboarding`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Welcome" }).waitFor();
    const sessionCookies = async () => (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const onboardingLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: "/onboarding",
      name: "onboarding",
      cookies: await sessionCookies(),
    });
    expect(onboardingLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    await page.getByLabel("Your name").fill("  Ana Souza ");
    await page.getByRole("button", { name: "Complete setup" }).click();

    await page.waitForURL(`${baseURL}/workspace-setup`);
    await page.getByRole("heading", { level: 1, name: "Create your workspace" }).waitFor();
    const setupLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: "/workspace-setup",
      name: "workspace-setup",
      cookies: await sessionCookies(),
    });
    expect(setupLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    await page.getByLabel("Workspace name").fill("Home");
    await page.getByRole("button", { name: "Create workspace" }).click();

    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/dashboard$/);
    const dashboardUrl = page.url();
    await page.getByRole("heading", { level: 1, name: "Hello, Ana Souza" }).waitFor();
    expect(await page.getByRole("banner").textContent()).toContain("Home");

    // Screenshots of the signed-in screens, in both languages, at both widths.
    const cookies = await sessionCookies();
    for (const [path, name] of [
      ["/workspaces", "workspaces"],
      [new URL(dashboardUrl).pathname, "dashboard-empty"],
    ] as const) {
      const layouts = await screenshotEveryLayout(browser, { baseURL, path, name, cookies });
      expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    }

    await gotoHydrated(page, "/");
    expect(page.url()).toBe(dashboardUrl);

    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    expect(await menu.textContent()).toContain("Ana Souza");
    expect(await menu.textContent()).toContain(email);
    expect(await menu.textContent()).toContain("Free");
    await menu.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${baseURL}/login`);
    await page.goBack();
    // Back reaches the dashboard's address for a moment; its loader then finds no session.
    await page.waitForURL((url) => url.href !== dashboardUrl);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe("Hello, Ana Souza");
    await page.goto(dashboardUrl);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps what a newcomer types before the first-run pages hydrate, and lets them go on with it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(page, `early-typist-${Date.now()}@example.com`);
    // The page's scripts are held back until the name is typed: the person is faster than the page.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((release) => (releaseScripts = release));
    await page.route("**/assets/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: the page is there to type in once its HTML arrived.
    await page.goto("/onboarding", { waitUntil: "commit" });
    const field = page.getByLabel("Your name");
    await field.pressSequentially("Bia Cedo");
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    releaseScripts();
    await waitForHydration(page);
    expect(await field.inputValue()).toBe("Bia Cedo");
    const complete = page.getByRole("button", { name: "Complete setup" });
    await expect.poll(() => complete.isEnabled()).toBe(true);
    await complete.click();
    await page.waitForURL(`${baseURL}/workspace-setup`);
    await page.unroute("**/assets/**/*.js");
    const profile = await page.request.get("/api/profile");
    expect((await profile.json()).data.name).toBe("Bia Cedo");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Back clears the code; a wrong code says so; a signed-out visitor of a workspace page goes to /", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "pt-BR" });
    await page.goto("/workspaces");
    expect(new URL(page.url()).pathname).toBe("/");

    // Shown back as typed; the code goes to (and the console names) the lower-cased address.
    const typed = `Twice-${Date.now()}@Example.com`;
    const email = typed.toLowerCase();
    await gotoHydrated(page, "/login");
    await page.getByLabel("E-mail").fill(typed);
    await page.getByRole("button", { name: "Continuar com e-mail" }).click();
    const codeField = page.getByLabel("Código de verificação");
    expect(await page.locator("#code-hint").textContent()).toContain(typed);
    await codeField.fill("12");
    await page.getByRole("button", { name: "Voltar" }).click();
    expect(await page.getByLabel("E-mail").inputValue()).toBe(typed);
    await page.getByRole("button", { name: "Continuar com e-mail" }).click();
    expect(await codeField.inputValue()).toBe("");

    const code = await codeFromMail(email);
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await page.getByText("Código de verificação inválido").waitFor();
    await context.close();
  });

  it("signs in with JavaScript off, and with it on loads no React: HTML, CSS and one small script", async () => {
    const scripts: string[] = [];
    const { context, page } = await openPage(browser, { baseURL, locale: "en-US" });
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, "/login");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/login-[\w-]+\.js$/)]);
    // The script leaves what it does not own alone: the language switcher keeps its hidden full names.
    expect(await page.locator("button[lang] .sr-only").allTextContents()).toEqual(["English", "Português (Brasil)"]);
    await context.close();

    const withoutScripts = await browser.newContext({ baseURL, locale: "en-US", javaScriptEnabled: false });
    const plainPage = await withoutScripts.newPage();
    const email = `no-script-${Date.now()}@example.com`;
    await plainPage.goto("/login");
    await plainPage.getByLabel("Email").fill(email);
    await plainPage.getByRole("button", { name: "Continue with email" }).click();
    await plainPage.getByText("Check your email for the verification code").waitFor();
    await plainPage.getByLabel("Verification code").fill(await codeFromMail(email));
    await plainPage.getByRole("button", { name: "Continue", exact: true }).click();
    await plainPage.waitForURL(`${baseURL}/onboarding`);
    await withoutScripts.close();
  });

  it("shows the sign-in steps and first-run screens well in both languages and widths", async () => {
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/login", name: "login" });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
  });
});
