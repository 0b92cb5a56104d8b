import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, layoutsToLookAt, openPage } from "../support/browser.ts";
import { addAccount } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * React Router's single fetch answers a navigation with every route's result in one turbo-stream
 * array, `…,"routes/workspace-transactions",{"_7":8},…` where "_7" names the key "data". This turns
 * one route's result into a failure, as if its loader had thrown on the server, by appending the key
 * "error" and pointing the route's entry at it. The shell's own result stays as it was.
 */
async function failingRouteOnly(route: Route, routeId: string) {
  const response = await route.fetch();
  const stream = JSON.parse(await response.text()) as unknown[];
  const routeAt = stream.indexOf(routeId);
  const result = stream[routeAt + 1] as Record<string, number>;
  const [[, value]] = Object.entries(result) as [[string, number]];
  stream.push("error");
  stream[routeAt + 1] = { [`_${stream.length - 1}`]: value };
  await route.fulfill({ response, body: JSON.stringify(stream) });
}

/**
 * A workspace page whose loader fails shows the failure inside the shell: the sidebar and header
 * stay, with the way back to the dashboard and a retry.
 */
describe("a failing workspace page in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps the shell, offers the dashboard and a retry that loads the page once it can", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { context, page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `shell-${Date.now()}@example.com`, "Sol Shell", "Casa");
    await addAccount(page, workspaceId, "Checking", "100.00");
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    const transactionsData = `**/workspaces/${workspaceId}/transactions.data*`;
    await page.route(transactionsData, (route) => failingRouteOnly(route, "routes/workspace-transactions"));
    await page.getByRole("link", { name: "Transactions" }).first().click();

    const alert = page.getByRole("alert").filter({ hasText: "This page didn't load" });
    await alert.waitFor();
    expect(await page.getByRole("link", { name: "Dashboard" }).first().isVisible()).toBe(true);
    expect(await alert.getByRole("link", { name: "Try again" }).count()).toBe(1);
    const violations = await accessibilityViolations(page, "workspace error");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    await captureScreenshot(page, "workspace-error-desktop-en-US");

    await alert.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "This page didn't load" }).count()).toBe(0);

    // Once the data arrives again, the retry (a reload of the address) shows the page itself.
    await page.getByRole("link", { name: "Transactions" }).first().click();
    await alert.waitFor();
    await page.unroute(transactionsData);
    await alert.getByRole("link", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "Transactions" }).waitFor();
    await context.close();
  });

  it("reads well on a phone and in Portuguese", async () => {
    const owner = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(owner.page, `shell-all-${Date.now()}@example.com`, "Sara", "Casa");
    const session = (await owner.context.cookies()).map(({ name, value }) => ({ name, value, url: baseURL }));
    for (const { viewport, locale } of layoutsToLookAt) {
      const { context, page } = await openPage(browser, { baseURL, locale, viewport });
      const language = locale === "pt-BR" ? "pt-BR" : "en";
      await context.addCookies([...session, { name: "lang", value: language, url: baseURL }]);
      await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
      await page.route(`**/workspaces/${workspaceId}/transactions.data*`, (route) =>
        failingRouteOnly(route, "routes/workspace-transactions"),
      );
      await page.getByRole("link", { name: language === "en" ? "View all" : "Ver todas" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: language === "en" ? "Try again" : "Tentar novamente" })
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${viewport} ${locale}`).toBeLessThanOrEqual(0);
      await captureScreenshot(page, `workspace-error-${viewport}-${locale}`);
      await context.close();
    }
    await owner.context.close();
  });
});
