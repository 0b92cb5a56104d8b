import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** A 1×1 PNG. */
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("user settings in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("edits the profile and picture, saves assistant settings, and deletes the account behind a typed confirmation", async () => {
    const email = `settings-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    await signUpWithWorkspace(page, email, "Sam Settings", "Studio");
    await gotoHydrated(page, "/settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();

    expect(await page.getByLabel("Email").isDisabled()).toBe(true);
    await page.getByLabel("Name", { exact: true }).fill("Sam S.");
    await page.getByLabel("Username").fill("sam.s");
    await page.getByRole("button", { name: "Save profile" }).click();
    await toastWith(page, "Profile saved").waitFor();

    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: tinyPng });
    await toastWith(page, "Picture updated").waitFor();
    await page.locator('img[src^="/api/profile/picture/"]').waitFor();

    await page.getByLabel("Enable the assistant").click();
    await page.getByLabel("Default workspace").selectOption({ label: "Studio" });
    await page.getByRole("button", { name: "Save assistant settings" }).click();
    await toastWith(page, "Assistant settings saved").waitFor();
    await reloadHydrated(page);
    expect(await page.getByLabel("Enable the assistant").getAttribute("aria-checked")).toBe("true");
    expect(await page.getByLabel("Username").inputValue()).toBe("sam.s");
    expect(await page.getByLabel("Ask me to confirm each expense").isDisabled()).toBe(true);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/settings", name: "settings", cookies });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Your e-mail address").fill(email);
    await confirm.click();
    await page.waitForURL(`${baseURL}/`);
    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });
});
