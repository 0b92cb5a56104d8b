import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

describe("the free plan's account limit in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("at the plan's account limit, offers New account disabled with the limit and what lifts it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `full-${Date.now()}@example.com`, "Fred Full", "Full house");
    const addButton = page.getByRole("button", { name: "Add", exact: true });
    await addButton.click();
    expect(await page.getByRole("menuitem", { name: "Add account" }).isDisabled()).toBe(false);
    await page.keyboard.press("Escape");
    // The free plan's five accounts.
    for (let index = 1; index <= 5; index++) {
      const response = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
        data: { name: `Account ${index}`, type: "checking", currency: "USD", balance: "0.00" },
        headers: { Origin: baseURL },
      });
      expect(response.status()).toBe(201);
    }
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await addButton.click();
    const accountChoice = page.getByRole("menuitem", { name: /^Add account/ });
    await expect.poll(() => accountChoice.getAttribute("aria-disabled")).toBe("true");
    expect(await accountChoice.textContent()).toContain(
      "Your Free plan allows 5 accounts per workspace, archived ones included. Unlimited, from R$27.90 a month, has no limit.",
    );
    // Choosing it does nothing (a click reaches it only as an event: a disabled item lets the pointer through).
    await accountChoice.dispatchEvent("click");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Add transaction" }).isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
