import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, reloadHydrated } from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The colour theme (README: "Dark mode") in Chromium: chosen in the user menu, painted at once, and
 * painted by the server on the next page's first byte (no flash); left to the system, it follows the
 * system's. Each screen looked at and checked with axe in dark.
 */
describe("the colour theme in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const words = {
    en: {
      workspace: "Home",
      menu: "Account menu",
      dark: "Dark",
      light: "Light",
      addExpense: "Add an expense",
      newTransaction: "New transaction",
    },
    "pt-BR": {
      workspace: "Casa",
      menu: "Menu da conta",
      dark: "Escuro",
      light: "Claro",
      addExpense: "Adicionar despesa",
      newTransaction: "Nova transação",
    },
  } as const;

  const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const darkBackground = "rgb(15, 15, 23)";
  const lightBackground = "rgb(246, 246, 249)";

  /**
   * axe's blocking findings. With a menu open, Radix hides the page behind it with aria-hidden while focus
   * stays trapped in the menu, which axe reports as "aria-hidden-focus" although nothing behind can be
   * reached: that rule is left out there only.
   */
  async function blockingViolations(page: Page, what: string, { isMenuOpen = false } = {}) {
    const blocking = (await accessibilityViolations(page, what)).filter(
      (violation) =>
        blockingImpacts.includes(violation.impact) && !(isMenuOpen && violation.rule === "aria-hidden-focus"),
    );
    return describeViolations(blocking);
  }

  async function seed(page: Page, workspaceId: string) {
    const account = await postJson(page, `/api/workspaces/${workspaceId}/accounts`, {
      name: "Itaú",
      type: "checking",
      balance: "2500.00",
    });
    const card = await postJson(page, `/api/workspaces/${workspaceId}/cards`, {
      name: "Nubank",
      account_uuid: account.uuid,
      type: "credit",
      credit_limit: "3000.00",
      billing_cycle_day: 10,
    });
    await postJson(page, `/api/workspaces/${workspaceId}/cards/${card.uuid}/purchase`, {
      amount: "89.90",
      description: "Mercado",
    });
    const tag = await postJson(page, `/api/workspaces/${workspaceId}/tags`, { name: "Casa" });
    await postJson(page, `/api/workspaces/${workspaceId}/transactions`, {
      type: "expense",
      amount: "45.00",
      description: "Padaria",
      origin_id: `account:${account.uuid}`,
      tag_ids: [tag.uuid],
    });
  }

  for (const { language, viewport } of [
    { language: "en", viewport: "desktop" },
    { language: "pt-BR", viewport: "mobile" },
  ] as const) {
    it(`paints dark when chosen, from the first byte on (${language}, ${viewport})`, async () => {
      const w = words[language];
      const { page, context, problems } = await openPage(browser, {
        baseURL,
        viewport,
        locale: language === "en" ? "en-US" : "pt-BR",
      });
      const email = `theme-${language.toLowerCase()}-${crypto.randomUUID()}@example.com`;
      const workspaceId = await signUpWithWorkspace(page, email, "Rita", w.workspace);
      await seed(page, workspaceId);
      await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
      expect(await pageBackground(page)).toBe(lightBackground);

      await page.getByRole("button", { name: w.menu }).click();
      await page.getByRole("menuitemradio", { name: w.dark }).click();
      // Painted at once, before the server answers.
      await expect.poll(() => pageBackground(page)).toBe(darkBackground);
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "theme")?.value)
        .toBe("dark");
      await page.keyboard.press("Escape");

      // The next page's HTML already says dark: nothing paints light first.
      const html = await (await page.request.get(`/workspaces/${workspaceId}/transactions`)).text();
      expect(html).toContain('data-theme="dark"');
      expect(html).toContain('<meta name="theme-color" content="#0f0f17"');

      const found: string[] = [];
      for (const [path, name] of [
        ["dashboard", "dashboard"],
        ["transactions", "transactions"],
        ["accounts", "accounts"],
        ["cards", "cards"],
        ["analytics", "analytics"],
        ["settings", "workspace-settings"],
      ] as const) {
        await gotoHydrated(page, `/workspaces/${workspaceId}/${path}`);
        expect(await pageBackground(page)).toBe(darkBackground);
        await captureScreenshot(page, `dark-${name}-${language}-${viewport}`);
        found.push(...(await blockingViolations(page, `dark ${name}`)));
      }
      await gotoHydrated(page, "/settings");
      await captureScreenshot(page, `dark-user-settings-${language}-${viewport}`);
      found.push(...(await blockingViolations(page, "dark user settings")));
      // A menu over the dark page.
      await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
      await page.getByRole("button", { name: w.menu }).click();
      await captureScreenshot(page, `dark-user-menu-${language}-${viewport}`);
      found.push(...(await blockingViolations(page, "dark user menu", { isMenuOpen: true })));
      await page.keyboard.press("Escape");
      // A dialog over the dark page: a new expense, from the phone's add button on the accounts page.
      await gotoHydrated(
        page,
        `/workspaces/${workspaceId}/${viewport === "mobile" ? "accounts" : "dashboard?new=expense"}`,
      );
      if (viewport === "mobile") await page.getByRole("link", { name: w.addExpense }).click();
      await page.getByRole("dialog", { name: w.newTransaction }).waitFor();
      await captureScreenshot(page, `dark-new-expense-${language}-${viewport}`);
      found.push(...(await blockingViolations(page, "dark new expense")));
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(found).toEqual([]);

      await page.getByRole("button", { name: w.menu }).click();

      // Back to light: the choice holds across a reload.
      await page.getByRole("menuitemradio", { name: w.light }).click();
      await expect.poll(() => pageBackground(page)).toBe(lightBackground);
      await page.keyboard.press("Escape");
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "theme")?.value)
        .toBe("light");
      await reloadHydrated(page);
      expect(await pageBackground(page)).toBe(lightBackground);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("follows the system's dark scheme when left to the system", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL, colorScheme: "dark" });
    const workspaceId = await signUpWithWorkspace(
      page,
      `theme-system-${crypto.randomUUID()}@example.com`,
      "Rita",
      "Home",
    );
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("system");
    expect(await pageBackground(page)).toBe(darkBackground);
    // The landing page keeps its light design.
    await context.clearCookies();
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    expect(problems).toEqual([]);
    await context.close();
  });
});
