import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage } from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The desktop's keyboard shortcuts (README: "Keyboard shortcuts and the phone's add button") in Chromium: `?` lists them, `g` then a
 * letter goes to a page, `n` opens a new transaction, `/` searches the transactions — and none of them
 * fires while typing in a field.
 */
describe("keyboard shortcuts in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists, navigates, opens a new transaction and searches, never from inside a field", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL });
    const workspaceId = await signUpWithWorkspace(page, `keys-${crypto.randomUUID()}@example.com`, "Rita", "Home");
    const path = `/workspaces/${workspaceId}`;
    const account = await postJson(page, `/api${path}/accounts`, {
      name: "Checking",
      type: "checking",
      balance: "900",
    });
    await postJson(page, `/api${path}/transactions`, {
      type: "expense",
      amount: "12.50",
      description: "Coffee",
      origin_id: `account:${account.uuid}`,
    });
    await gotoHydrated(page, `${path}/accounts`);

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Go to the dashboard").waitFor();
    await captureScreenshot(page, "keyboard-shortcuts-en-desktop");
    const blocking = (await accessibilityViolations(page, "the shortcuts")).filter((violation) =>
      blockingImpacts.includes(violation.impact),
    );
    expect(describeViolations(blocking)).toEqual([]);
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });

    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await page.waitForURL(`**${path}/transactions`);
    await page.getByRole("heading", { level: 1, name: "Transactions" }).waitFor();

    // Typed into the search field, "n" and "g d" are letters.
    await page.locator("#filter-search").click();
    await page.keyboard.type("gd n");
    expect(await page.locator("#filter-search").inputValue()).toBe("gd n");
    expect(new URL(page.url()).pathname).toBe(`${path}/transactions`);
    await page.locator("body").click({ position: { x: 5, y: 300 } });

    await page.keyboard.press("g");
    await page.keyboard.press("d");
    await page.waitForURL(`**${path}/dashboard`);
    await page.keyboard.press("n");
    await page.getByRole("dialog", { name: "New transaction" }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.keyboard.press("/");
    await page.waitForURL(`**${path}/transactions?focus=search`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("filter-search");
    expect(problems).toEqual([]);
    await context.close();
  });
});
