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
import { chooseRowAction } from "./support/row-actions.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

describe("cards in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the card form follows the type and mode rules, and a credit card shows its statements", async () => {
    const stamp = Date.now();
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `cards-${stamp}@example.com`, "Carla Cards", "Household");
    const headers = { Origin: baseURL };
    const created = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers,
      data: { name: "Itaú", type: "checking", currency: "BRL", balance: "3000" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await gotoHydrated(page, `/workspaces/${workspaceId}/cards`);
    await page.getByRole("heading", { level: 1, name: "Cards" }).waitFor();
    await page.getByText("No cards yet").waitFor();

    await page.getByRole("button", { name: "Add your first card" }).click();
    const dialog = page.getByRole("dialog");
    const limit = dialog.getByLabel("Credit limit");
    await limit.waitFor();
    expect(await dialog.getByLabel("Mode").count()).toBe(0);
    await dialog.getByLabel("Type").selectOption("debit");
    await limit.waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Billing cycle day").count()).toBe(0);
    await dialog.getByLabel("Type").selectOption("hybrid");
    await limit.waitFor();
    await dialog.getByLabel("Mode").selectOption("debit");
    await limit.waitFor({ state: "detached" });
    await dialog.getByLabel("Mode").selectOption("credit");
    await limit.waitFor();
    await dialog.getByLabel("Type").selectOption("credit");

    // Errors gather in the red box (4 digits exactly); the limit's at its field when acting as credit.
    await dialog.getByLabel("Name").fill("Nubank Roxo");
    await dialog.getByLabel("Last four digits").fill("12a");
    await dialog.getByRole("button", { name: "Create card" }).click();
    const errors = dialog.getByTestId("card-form-errors");
    await errors.getByText("Enter exactly 4 digits").waitFor();
    await dialog.getByLabel("Last four digits").fill("1234");
    await dialog.getByRole("button", { name: "Create card" }).click();
    // The limit's own message shows under the limit, not in the box.
    await dialog.locator("#card-limit-error").getByText("Credit limit is required for credit cards").waitFor();
    await limit.fill("5000");
    await dialog.getByLabel("Billing cycle day").fill("10");
    await dialog.getByLabel("Issuer").selectOption("Mastercard");
    await dialog.getByTitle("Colour #673AB7").click();
    await dialog.getByRole("button", { name: "Create card" }).click();
    await toastWith(page, "“Nubank Roxo” was created").waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "New card" }).click();
    await dialog.getByLabel("Name").fill("Inter");
    await dialog.getByLabel("Type").selectOption("hybrid");
    await dialog.getByLabel("Credit limit").fill("2000");
    await dialog.getByLabel("Last four digits").fill("9876");
    await dialog.getByLabel("Issuer").selectOption("Visa");
    await dialog.getByRole("button", { name: "Create card" }).click();
    await toastWith(page, "“Inter” was created").waitFor();
    await page.getByText("Hybrid · Credit").waitFor();

    // A purchase on the credit card shows in its debt and its open statement.
    const cards = (await (await page.request.get(`/api/workspaces/${workspaceId}/cards`)).json()).data as Array<{
      uuid: string;
      name: string;
    }>;
    const nubank = cards.find((card) => card.name === "Nubank Roxo")!;
    const bought = await page.request.post(`/api/workspaces/${workspaceId}/cards/${nubank.uuid}/purchase`, {
      headers,
      data: { amount: "120.00", description: "Groceries" },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    await reloadHydrated(page);
    await page.getByText("Choose a card to see its statements.").waitFor();
    await page.getByRole("link", { name: "Show statements of Nubank Roxo •••• 1234" }).click();
    const panel = page.getByRole("region", { name: "Current statement" });
    await panel.waitFor();
    await panel.getByText("R$120.00").first().waitFor();
    await panel.getByText("Open", { exact: true }).first().waitFor();
    await panel.getByRole("heading", { name: "Statements" }).waitFor();
    await page.getByText("R$4,880.00").waitFor();

    await chooseRowAction(page, "Inter", "Edit");
    await dialog.getByLabel("Mode").selectOption("debit");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await toastWith(page, "“Inter” was updated").waitFor();
    await page.getByText("Hybrid · Debit").waitFor();

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/cards?card=${nubank.uuid}`,
      name: "cards",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await chooseRowAction(page, "Nubank Roxo", "Delete");
    await page.getByRole("dialog").getByRole("button", { name: "Delete card" }).click();
    await toastWith(page, "This card has transactions, so it cannot be deleted").waitFor();
    // Archiving is the way out the message suggests: the card keeps its history and can come back.
    const nubankTile = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: /Show statements of Nubank Roxo/ }) });
    await chooseRowAction(page, "Nubank Roxo", "Archive");
    await toastWith(page, "Nubank Roxo archived").waitFor();
    await nubankTile.getByText("Archived").waitFor();
    await chooseRowAction(page, "Nubank Roxo", "Restore");
    await toastWith(page, "Nubank Roxo restored").waitFor();
    await nubankTile.getByText("Archived").waitFor({ state: "detached" });
    await chooseRowAction(page, "Inter", "Delete");
    await page.getByRole("dialog").getByRole("button", { name: "Delete card" }).click();
    await toastWith(page, "Card deleted").waitFor();
    await page.getByRole("link", { name: /Show statements of Inter/ }).waitFor({ state: "detached" });
    // The refused delete answered 409 on purpose; the browser logs every non-2xx answer.
    expect(opened.problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
    await opened.context.close();
  });
});
