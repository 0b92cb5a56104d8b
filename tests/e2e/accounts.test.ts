import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { chooseRowAction } from "./support/row-actions.ts";
import { signInThroughLogin, signUpWithWorkspace } from "./support/sign-in.ts";

async function createAccount(
  page: Page,
  fields: { name: string; balance: string; currency?: "USD" | "BRL"; type?: string; color?: string },
) {
  await page.getByRole("button", { name: "New account" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(fields.name);
  if (fields.type) await dialog.getByLabel("Type").selectOption(fields.type);
  if (fields.currency) await dialog.getByLabel("Currency").selectOption(fields.currency);
  await dialog.getByLabel("Opening balance").fill(fields.balance);
  if (fields.color) await dialog.getByTitle(fields.color).click();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await toastWith(page, `“${fields.name}” was created`).waitFor();
  await dialog.waitFor({ state: "detached" });
}

describe("accounts in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an owner creates, edits, archives, restores and deletes accounts; a viewer only reads", async () => {
    const stamp = Date.now();
    const owner = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = owner;
    const workspaceId = await signUpWithWorkspace(page, `accounts-${stamp}@example.com`, "Ana Accounts", "Home");
    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    await page.getByRole("heading", { level: 1, name: "Accounts" }).waitFor();
    await page.getByText("No accounts yet").waitFor();
    await page.getByText("0 of 5 accounts").waitFor();

    // The shared schema refuses an empty name, and the typed-amount parser a bad amount, before anything is sent.
    await page.getByRole("button", { name: "New account" }).click();
    await page.getByRole("dialog").getByLabel("Opening balance").fill("12.345");
    await page.getByRole("dialog").getByRole("button", { name: "Create account" }).click();
    await page.getByRole("dialog").getByText("Name is required").waitFor();
    await page.getByRole("dialog").getByText("Use at most 2 decimals, like 1,234.56").waitFor();
    await page.keyboard.press("Escape");

    await createAccount(page, { name: "Nubank", balance: "1500.50", currency: "BRL", color: "Violet" });
    await createAccount(page, { name: "Chase", balance: "200", currency: "USD", type: "savings", color: "Green" });
    await createAccount(page, { name: "Wallet", balance: "0", currency: "BRL" });
    const total = page.getByTestId("accounts-total");
    await expect.poll(() => total.innerText()).toContain("R$1,500.50");
    expect(await total.innerText()).toContain("$200.00");
    await page.getByText("3 of 5 accounts").waitFor();
    expect(await page.locator("[data-usage-tone]").getAttribute("data-usage-tone")).toBe("ok");
    await page.getByText("Savings · USD").waitFor();

    // Editing shows the balance read-only and renames the account.
    await chooseRowAction(page, "Nubank", "Edit");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("R$1,500.50").waitFor();
    expect(await dialog.getByLabel("Opening balance").count()).toBe(0);
    await dialog.getByLabel("Name").fill("Nubank Gold");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await toastWith(page, "“Nubank Gold” was updated").waitFor();
    await page.getByRole("heading", { name: "Nubank Gold" }).waitFor();

    // Archive moves it to the collapsed group and out of the total; restore brings it back.
    await chooseRowAction(page, "Chase", "Archive");
    await toastWith(page, "Chase archived").waitFor();
    await page.getByText("Archived (1)").click();
    await expect.poll(() => total.innerText()).not.toContain("$200.00");
    await chooseRowAction(page, "Chase", "Restore");
    await toastWith(page, "Chase restored").waitFor();
    await expect.poll(() => total.innerText()).toContain("$200.00");

    // An account with a transaction cannot be deleted: the page says to archive it.
    const accounts = (await (await page.request.get(`/api/workspaces/${workspaceId}/accounts`)).json()).data as Array<{
      uuid: string;
      name: string;
    }>;
    const nubank = accounts.find((account) => account.name === "Nubank Gold")!;
    const spent = await page.request.post(`/api/workspaces/${workspaceId}/transactions`, {
      headers: { Origin: baseURL },
      data: { type: "expense", amount: "10.50", description: "Coffee", origin_id: `account:${nubank.uuid}` },
    });
    expect(spent.status(), await spent.text()).toBe(201);
    await reloadHydrated(page);
    await chooseRowAction(page, "Nubank Gold", "Delete");
    await page.getByRole("dialog").getByRole("button", { name: "Delete account" }).click();
    await toastWith(page, "This account has transactions, so it cannot be deleted")
      .filter({ hasText: "Archive it instead" })
      .waitFor();

    // An empty account goes after confirming.
    await chooseRowAction(page, "Wallet", "Delete");
    await page.getByRole("dialog").getByRole("heading", { name: "Delete Wallet?" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete account" }).click();
    await toastWith(page, "Account deleted").waitFor();
    await page.getByRole("heading", { name: "Wallet" }).waitFor({ state: "detached" });
    await page.getByText("2 of 5 accounts").waitFor();

    const cookies = (await owner.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/accounts`,
      name: "accounts",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // A viewer sees the same accounts, cards and tags without any write control.
    const viewerEmail = `viewer-${stamp}@example.com`;
    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    await page.getByLabel("Email").fill(viewerEmail);
    await page.getByLabel("Role", { exact: true }).selectOption("viewer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await toastWith(page, `Invitation sent to ${viewerEmail}`).waitFor();
    // The refused delete answered 409 on purpose; the browser logs every non-2xx answer.
    expect(owner.problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
    await owner.context.close();

    const viewer = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(viewer.page, viewerEmail);
    await viewer.page.getByLabel("Your name").fill("Vic Viewer");
    await viewer.page.getByRole("button", { name: "Complete setup" }).click();
    await viewer.page.waitForURL(/\/workspaces(\/|$)/);
    await gotoHydrated(viewer.page, `/workspaces/${workspaceId}/accounts`);
    await viewer.page.getByRole("heading", { name: "Nubank Gold" }).waitFor();
    await viewer.page.getByText("You can view these accounts.", { exact: false }).waitFor();
    expect(await viewer.page.getByRole("button", { name: "New account" }).count()).toBe(0);
    expect(await viewer.page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
    await gotoHydrated(viewer.page, `/workspaces/${workspaceId}/cards`);
    await viewer.page.getByRole("heading", { level: 1, name: "Cards" }).waitFor();
    expect(await viewer.page.getByRole("button", { name: /New card|Add your first card/ }).count()).toBe(0);
    await gotoHydrated(viewer.page, `/workspaces/${workspaceId}/tags`);
    await viewer.page.getByRole("heading", { level: 1, name: "Tags" }).waitFor();
    expect(await viewer.page.getByRole("button", { name: /New tag|Create your first tag/ }).count()).toBe(0);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  });
});
