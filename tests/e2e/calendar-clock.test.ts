import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "../support/browser.ts";
import { testNow, testTimeZone } from "../support/test-clock.ts";
import { workspaceToday } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** The calendar day at an instant in a time zone, as YYYY-MM-DD. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

/**
 * The suite runs on the real clock and again on the calendar's hard days (scripts/test.ts): this
 * proves the served app, the browser and the tests agree on the day in every one of those runs, so a
 * date-sensitive test that passes there really ran on that day.
 */
describe("the suite's clock in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("gives the app, the browser and the tests the same day in the browser's time zone", async () => {
    const { context, page } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `clock-${Date.now()}@example.com`, "Cal Clock", "Casa");
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (testTimeZone) expect(timeZone).toBe(testTimeZone);
    const before = testNow();
    const browserNow = new Date(await page.evaluate(() => Date.now()));
    const appToday = await workspaceToday(page, workspaceId);
    const after = testNow();
    // Read between two readings of the tests' clock, a few seconds apart at most.
    expect(browserNow.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
    expect(browserNow.getTime()).toBeLessThanOrEqual(after.getTime() + 5_000);
    expect([dayIn(before, timeZone), dayIn(after, timeZone)]).toContain(appToday);
    await context.close();
  });
});
