import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { addAccount, chooseExpenseFrom } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * What a save button says as the click returns — before the browser has painted again or heard
 * from the server. A pending state drawn then is on screen in the click's own frame; one rendered
 * as a transition shows up only later (measured once at ~310 ms).
 */
const labelAsTheClickReturns = (button: Locator) =>
  button.evaluate((element) => {
    (element as HTMLButtonElement).click();
    return { label: element.textContent?.trim(), isDisabled: (element as HTMLButtonElement).disabled };
  });

describe("a save shows that it is saving at once, in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the tag dialog, the transaction wizard and the profile form say so in the click's own frame", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `pending-${Date.now()}@example.com`, "Pat Pending", "Home");

    await gotoHydrated(page, `/workspaces/${workspaceId}/tags`);
    await page.getByRole("button", { name: "Create your first tag" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Groceries");
    expect(await labelAsTheClickReturns(dialog.getByRole("button", { name: "Create tag" }))).toEqual({
      label: "Creating...",
      isDisabled: true,
    });
    await toastWith(page, "“Groceries” was created").waitFor();

    const accountId = await addAccount(page, workspaceId, "Checking", "100.00");
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await chooseExpenseFrom(page, accountId);
    await dialog.getByLabel(/^Amount$/).fill("12.00");
    await dialog.getByLabel(/^Description$/).fill("Bread");
    expect(await labelAsTheClickReturns(dialog.getByRole("button", { name: "Create transaction" }))).toEqual({
      label: "Creating…",
      isDisabled: true,
    });
    await toastWith(page, "Transaction created").waitFor();

    await gotoHydrated(page, "/settings");
    await page.getByLabel("Name", { exact: true }).fill("Pat P.");
    expect(await labelAsTheClickReturns(page.getByRole("button", { name: "Save profile" }))).toEqual({
      label: "Saving...",
      isDisabled: true,
    });
    await toastWith(page, "Profile saved").waitFor();
    expect(await page.getByRole("button", { name: "Save profile" }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
