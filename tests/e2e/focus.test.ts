import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** Cookie-authenticated API calls from the page's own origin, as the browser app would make them. */
async function post(page: Page, baseURL: string, path: string, data: unknown): Promise<{ uuid: string }> {
  const response = await page.request.fetch(`/api/workspaces${path}`, {
    method: "POST",
    data,
    headers: { Origin: baseURL },
  });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: { uuid: string } }).data;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** What has the focus, for failure messages: its tag, id and accessible-ish name. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return "nothing";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${name}"`;
  });

/** Presses Tab (or Shift+Tab) until the target has the focus: the way a keyboard reaches it. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let press = 0; press < 80; press++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached the target; the focus is on ${await describeFocus(page)}`);
}

/** The focus comes back to this control (after the closing animation). */
async function expectFocusBackOn(page: Page, target: Locator) {
  await expect
    .poll(async () => ((await isFocused(target)) ? "on the opener" : await describeFocus(page)))
    .toBe("on the opener");
}

/** With the menu open, arrows down to the item and picks it with Enter. */
async function pickMenuItem(page: Page, name: string) {
  const item = page.getByRole("menuitem", { name, exact: true });
  await item.waitFor();
  // A keyboard opening moves the focus into the menu; arrows pressed before that reach the trigger.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=menu]")))).toBe(true);
  // From the first item down, one press per look: on a loaded machine a burst of presses can land
  // before the menu has moved the focus, and the menu does not wrap around.
  await page.keyboard.press("Home");
  await expect
    .poll(
      async () => {
        if (await isFocused(item)) return true;
        await page.keyboard.press("ArrowDown");
        return false;
      },
      { interval: 150 },
    )
    .toBe(true);
  await page.keyboard.press("Enter");
}

/** Tabs to a row's menu, opens it with Enter and picks the item; returns the menu's trigger. */
async function openFromRowMenu(page: Page, row: string, item: string): Promise<Locator> {
  const trigger = page.getByRole("button", { name: `Actions for ${row}` });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  await pickMenuItem(page, item);
  await page.getByRole("dialog").waitFor();
  return trigger;
}

/** Escape closes the open dialog, and the focus is back on the control that opened it. */
async function escapeBackTo(page: Page, opener: Locator) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await expectFocusBackOn(page, opener);
}

describe("keyboard focus in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("comes back to what opened each dialog, menu and drawer, and the skip link jumps to the page", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `focus-${Date.now()}@example.com`, "Fran Focus", "Keys");
    const base = `/workspaces/${workspaceId}`;
    const nubank = await post(page, baseURL, `/${workspaceId}/accounts`, {
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "1000.00",
    });
    await post(page, baseURL, `/${workspaceId}/cards`, {
      name: "Roxinho",
      account_uuid: nubank.uuid,
      type: "credit",
      credit_limit: "2000.00",
      last_four_digits: "1234",
    });
    await post(page, baseURL, `/${workspaceId}/tags`, { name: "Food", color: "#E53935" });
    await post(page, baseURL, `/${workspaceId}/tags`, { name: "Trips", color: "#1E88E5" });

    // The skip link is the first stop, shows itself when focused, and Enter moves the focus to the page.
    await gotoHydrated(page, `${base}/dashboard`);
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to content" });
    expect(await isFocused(skipLink)).toBe(true);
    expect((await skipLink.boundingBox())?.width).toBeGreaterThan(40);
    await captureScreenshot(page, "focus-skip-link-desktop-en-US");
    await page.keyboard.press("Enter");
    await expectFocusBackOn(page, page.getByRole("main"));

    // The floating button's choices: the wizard and the account dialog give the focus back to it,
    // after Escape and after a successful save.
    const addButton = page.getByRole("button", { name: "Add", exact: true });
    await tabTo(page, addButton);
    await page.keyboard.press("Enter");
    await pickMenuItem(page, "Add transaction");
    await page
      .getByRole("dialog")
      .getByText(/Step 1 of 3/)
      .waitFor();
    await escapeBackTo(page, addButton);
    await page.keyboard.press("Enter");
    await pickMenuItem(page, "Add account");
    await page.getByRole("dialog").getByLabel("Name").waitFor();
    await escapeBackTo(page, addButton);
    await page.keyboard.press("Enter");
    await pickMenuItem(page, "Add account");
    const accountDialog = page.getByRole("dialog");
    await tabTo(page, accountDialog.getByLabel("Name"));
    await page.keyboard.type("Wallet");
    await tabTo(page, accountDialog.getByLabel("Opening balance"));
    await page.keyboard.type("20.00");
    await page.keyboard.press("Enter");
    await accountDialog.waitFor({ state: "detached" });
    await expectFocusBackOn(page, addButton);
    await page.keyboard.press("Enter");
    await pickMenuItem(page, "Add transaction");
    const wizard = page.getByRole("dialog");
    await wizard.getByRole("radio", { name: /Expense/ }).press("Space");
    await page.keyboard.press("Enter");
    await wizard.locator("#tx-origin").selectOption(`account:${nubank.uuid}`);
    await wizard.getByRole("button", { name: "Next" }).press("Enter");
    await wizard.getByLabel("Amount").fill("12.50");
    await wizard.getByLabel("Description").fill("Lunch");
    await wizard.getByRole("button", { name: "Create transaction" }).press("Enter");
    await toastWith(page, "Transaction created").waitFor();
    await wizard.waitFor({ state: "detached" });
    await expectFocusBackOn(page, addButton);

    // The user menu: Escape closes it onto its trigger.
    const userMenu = page.getByRole("button", { name: "Account menu" });
    await tabTo(page, userMenu, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expectFocusBackOn(page, userMenu);

    // A row menu's edit dialog, cancelled and then saved, and its delete confirmation, cancelled.
    await gotoHydrated(page, `${base}/accounts`);
    let trigger = await openFromRowMenu(page, "Nubank", "Edit");
    await escapeBackTo(page, trigger);
    trigger = await openFromRowMenu(page, "Nubank", "Edit");
    const nameField = page.getByRole("dialog").getByLabel("Name");
    await tabTo(page, nameField);
    await page.keyboard.press("End");
    await page.keyboard.type(" Gold");
    await page.keyboard.press("Enter");
    await toastWith(page, "“Nubank Gold” was updated").waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusBackOn(page, page.getByRole("button", { name: "Actions for Nubank Gold" }));
    trigger = await openFromRowMenu(page, "Nubank Gold", "Delete");
    await page.getByRole("dialog").getByRole("heading", { name: "Delete Nubank Gold?" }).waitFor();
    await escapeBackTo(page, trigger);

    // The same on a card's tile.
    await gotoHydrated(page, `${base}/cards`);
    trigger = await openFromRowMenu(page, "Roxinho", "Edit");
    await escapeBackTo(page, trigger);

    // Tags: the New tag button gets the focus back; after a tag is deleted, the page has it.
    await gotoHydrated(page, `${base}/tags`);
    const newTag = page.getByRole("button", { name: "New tag" });
    await tabTo(page, newTag);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("heading", { name: "New tag" }).waitFor();
    await escapeBackTo(page, newTag);
    trigger = await openFromRowMenu(page, "Food", "Edit");
    await escapeBackTo(page, trigger);
    await openFromRowMenu(page, "Trips", "Delete");
    const deleteTag = page.getByRole("dialog").getByRole("button", { name: "Delete tag" });
    await tabTo(page, deleteTag);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Trips" }).waitFor({ state: "detached" });
    await expectFocusBackOn(page, page.getByRole("main"));

    // On a phone, the navigation drawer closes onto its menu button.
    const phone = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    await phone.context.addCookies(await context.cookies());
    await gotoHydrated(phone.page, `${base}/dashboard`);
    const openMenu = phone.page.getByRole("button", { name: "Open menu" });
    await tabTo(phone.page, openMenu);
    await phone.page.keyboard.press("Enter");
    await phone.page.getByRole("dialog").getByRole("link", { name: "Accounts" }).waitFor();
    await escapeBackTo(phone.page, openMenu);

    // A drawer whose trigger was pressed as a stand-in, before its code had arrived (decision 22),
    // gives the focus to the real trigger that replaced it.
    let releaseParts = () => {};
    const partsHeld = new Promise<void>((resolve) => {
      releaseParts = resolve;
    });
    await phone.page.route(/\/assets\/(sheet|dialog)-parts-[^/]*\.js$/, async (route) => {
      await partsHeld;
      await route.continue();
    });
    await phone.page.goto(`${base}/transactions`);
    await phone.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const filters = phone.page.getByRole("button", { name: "Filters", exact: true });
    await tabTo(phone.page, filters);
    expect(
      await filters.getAttribute("aria-controls"),
      "Radix's trigger names what it controls; the stand-in does not",
    ).toBeNull();
    await phone.page.keyboard.press("Enter");
    releaseParts();
    await phone.page.getByRole("dialog", { name: "Filter transactions" }).waitFor();
    await escapeBackTo(phone.page, filters);
    await phone.page.unroute(/\/assets\/(sheet|dialog)-parts-[^/]*\.js$/);
    await gotoHydrated(phone.page, `${base}/dashboard`);
    await phone.page.keyboard.press("Tab");
    expect(await isFocused(phone.page.getByRole("link", { name: "Skip to content" }))).toBe(true);
    await captureScreenshot(phone.page, "focus-skip-link-mobile-en-US");

    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
