import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { describeViolations } from "../support/accessibility.ts";
import { launchBrowser } from "../support/browser.ts";
import { blockingViolationsOnEveryScreen } from "./support/accessibility-walk.ts";

describe("accessibility of every screen (axe-core) in Chromium, on a narrow Portuguese phone in dark mode", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("has no critical or serious violation on any screen", { timeout: 180_000 }, async () => {
    const blocking = await blockingViolationsOnEveryScreen(browser, baseURL, {
      viewport: "mobile",
      locale: "pt-BR",
      colorScheme: "dark",
    });
    expect(describeViolations(blocking)).toEqual([]);
  });
});
