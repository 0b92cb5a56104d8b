import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, viewports } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * Reminders as notifications in Chromium (README: "Reminders"): Settings says what this browser can do
 * without asking anything on load, and the column of notifications waits for a browser they are on in.
 * Headless Chromium denies every notification permission and its push service is on the internet, out of
 * this machine's reach: subscribing and showing are left to a real browser; the messages themselves —
 * encrypted per browser, signed, forgotten when gone — are checked in tests/worker/reminders.test.ts.
 */
describe("reminders as notifications in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("are offered per browser in Settings, asking nothing on load, and the column waits for a browser", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL, allowsServiceWorker: true });
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await signUpWithWorkspace(page, `push-${crypto.randomUUID()}@example.com`, "Rita", "Casa");
    await gotoHydrated(page, "/settings#reminders");
    const device = page.getByText("Notifications in this browser").locator("..");
    // Headless Chromium answers "denied" to every notification permission, whatever the test grants.
    await device.getByText("Notifications are blocked for Moneta in this browser's settings.").waitFor();
    expect(await device.getByRole("button").count()).toBe(0);
    // Nothing was asked on load; the column waits for a browser, and says so.
    const dueByNotification = page.getByRole("checkbox", {
      name: "A card statement due (3 days before and on the day): Notifications",
    });
    expect(await dueByNotification.isDisabled()).toBe(true);
    await page.getByText("Turn notifications on in a browser (above) to get reminders there.").waitFor();
    await captureScreenshot(page, "push-settings-en-desktop");
    const violations = await accessibilityViolations(page, "settings with notifications");
    expect(
      describeViolations(violations.filter((found) => found.impact !== null && blockingImpacts.includes(found.impact))),
    ).toEqual([]);

    // In Portuguese (the header's switcher), on a phone's width.
    await page.setViewportSize(viewports.mobile);
    await page.locator('button[name="language"][value="pt-BR"]').click();
    await page.getByRole("heading", { name: "Configurações", level: 1 }).waitFor();
    await page.locator("#reminders").scrollIntoViewIfNeeded();
    await page.getByText("As notificações do Moneta estão bloqueadas nas configurações deste navegador.").waitFor();
    await page.getByText("Ligue as notificações em um navegador (acima) para receber lembretes por lá.").waitFor();
    await captureScreenshot(page, "push-settings-pt-BR-mobile");
    expect(problems).toEqual([]);
    await context.close();
  });
});
