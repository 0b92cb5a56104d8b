import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * A new build of the installed app (decision 53): it installs beside the running one and is offered, never
 * forced; reloading lets it take over, and the page then runs on it alone. The new build here is this
 * build's worker under another address, which the browser installs as a new worker as it would changed bytes.
 */
describe("a new build of the installed app in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is offered as 'A new version of Moneta is ready — Reload' and takes over on reload", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL, allowsServiceWorker: true });
    const workspaceId = await signUpWithWorkspace(page, `update-${crypto.randomUUID()}@example.com`, "Rita", "Casa");
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    const notice = page.getByRole("status").filter({ hasText: "A new version of Moneta is ready." });
    expect(await notice.count()).toBe(0);

    // The next deployment's worker. The browser fetches the worker's script itself (out of reach of request
    // interception) and compares its bytes; a new script address for the same scope is a new worker to it too.
    await page.evaluate(() =>
      navigator.serviceWorker.register("/sw.js?next-build", { scope: "/", updateViaCache: "none" }),
    );
    await notice.waitFor();
    // Offered, not forced: the page still runs on the worker it started with.
    const states = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { active: registration?.active?.state, waiting: registration?.waiting?.state };
    });
    expect(states).toEqual({ active: "activated", waiting: "installed" });
    await captureScreenshot(page, "app-update-offered-en-desktop");

    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Reload" }).click()]);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(after).toEqual({ waiting: null, controller: `${firstWorker}?next-build` });
    expect(await notice.count()).toBe(0);
    // One build's files on the device, not two.
    const keptSets = await page.evaluate(() => caches.keys());
    expect(keptSets.filter((name) => name.startsWith("moneta-assets-"))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
