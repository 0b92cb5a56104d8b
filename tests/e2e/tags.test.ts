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
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { addAccount, postJson } from "./support/ledger.ts";
import { chooseRowAction } from "./support/row-actions.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

describe("tags in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates, edits and deletes tags, showing how often each was used", async () => {
    const stamp = Date.now();
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `tags-${stamp}@example.com`, "Tom Tags", "Studio");
    await gotoHydrated(page, `/workspaces/${workspaceId}/tags`);
    await page.getByRole("heading", { level: 1, name: "Tags" }).waitFor();
    await page.getByText("No tags yet").waitFor();

    await page.getByRole("button", { name: "Create your first tag" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await dialog.getByText("Name is required").waitFor();
    await dialog.getByLabel("Name").fill("Groceries");
    await dialog.getByLabel("Description (optional)").fill("Supermarket and street market");
    await dialog.getByTitle("Colour #4CAF50").click();
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await toastWith(page, "“Groceries” was created").waitFor();

    await page.getByRole("button", { name: "New tag" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Travel");
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await toastWith(page, "“Travel” was created").waitFor();
    await dialog.waitFor({ state: "detached" });

    // The server's field map shows inline: names are unique whatever their case.
    await page.getByRole("button", { name: "New tag" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("travel");
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await dialog.getByText("A tag with this name already exists").waitFor();
    await page.keyboard.press("Escape");

    // A transaction tagged Groceries gives it a use and a last-used date.
    const headers = { Origin: baseURL };
    const account = (
      await (
        await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
          headers,
          data: { name: "Cash", type: "checking", balance: "100" },
        })
      ).json()
    ).data;
    const tags = (await (await page.request.get(`/api/workspaces/${workspaceId}/tags`)).json()).data as Array<{
      uuid: string;
      name: string;
    }>;
    const groceries = tags.find((tag) => tag.name === "Groceries")!;
    const spent = await page.request.post(`/api/workspaces/${workspaceId}/transactions`, {
      headers,
      data: {
        type: "expense",
        amount: "42.90",
        description: "Market",
        date: "2025-03-05",
        origin_id: `account:${account.uuid}`,
        tag_ids: [groceries.uuid],
      },
    });
    expect(spent.status(), await spent.text()).toBe(201);
    await reloadHydrated(page);
    const groceriesRow = page.getByRole("listitem").filter({ hasText: "Groceries" });
    await groceriesRow.getByText("1 use").waitFor();
    await groceriesRow.getByText("Mar 5, 2025", { exact: true }).waitFor();

    await chooseRowAction(page, "Travel", "Edit");
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Trips");
    await dialog.getByLabel("Description (optional)").fill("Flights and hotels");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await toastWith(page, "“Trips” was updated").waitFor();
    await page.getByText("Flights and hotels").waitFor();

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/tags`,
      name: "tags",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await chooseRowAction(page, "Trips", "Delete");
    await page.getByRole("dialog").getByRole("heading", { name: "Delete the tag Trips?" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete tag" }).click();
    await toastWith(page, "Tag deleted").waitFor();
    await page.getByRole("heading", { name: "Trips" }).waitFor({ state: "detached" });
    // The duplicate name answered 409 on purpose; the browser logs every non-2xx answer.
    expect(opened.problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
    await opened.context.close();
  });

  it("makes a subcategory in the dialog, lists it under its category, and its category's budget counts it", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const email = `categories-${Date.now()}@example.com`;
    const workspaceId = await signUpWithWorkspace(page, email, "Cat Egory", "Home");
    const created = await page.request.post(`/api/workspaces/${workspaceId}/tags`, {
      headers: { Origin: baseURL },
      data: { name: "House" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await gotoHydrated(page, `/workspaces/${workspaceId}/tags`);

    await page.getByRole("button", { name: "New tag" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Power");
    await dialog.getByLabel("Parent category").selectOption({ label: "House" });
    await dialog.getByRole("button", { name: "Create tag" }).click();
    await toastWith(page, "“Power” was created").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("list", { name: "Subcategories of House" }).getByRole("heading", { name: "Power" }).waitFor();
    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/tags`,
      name: "tags-subcategories",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // A category with subcategories stays at the top: its dialog says so instead of offering a parent.
    await chooseRowAction(page, "House", "Edit");
    const editing = page.getByRole("dialog");
    expect(await editing.getByLabel("Parent category").isDisabled()).toBe(true);
    await editing.getByText("This tag has subcategories, so it stays at the top level.").waitFor();
    await page.keyboard.press("Escape");
    await editing.waitFor({ state: "detached" });

    // A budget on the category counts what its subcategory spent.
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    const api = `/api/workspaces/${workspaceId}`;
    const tags = (await (await page.request.get(`${api}/tags`)).json()).data as { uuid: string; name: string }[];
    const idOf = (name: string) => tags.find((tag) => tag.name === name)!.uuid;
    await postJson(page, `${api}/budgets`, { tag_id: idOf("House"), amount: "100.00" });
    const checking = await addAccount(page, workspaceId, "Checking", "500");
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${checking}`,
      amount: "90.00",
      description: "Power bill",
      tag_ids: [idOf("Power")],
    });
    await gotoHydrated(page, `/workspaces/${workspaceId}/analytics#report-budgets`);
    const house = page.getByTestId("budget-analysis").getByRole("listitem").filter({ hasText: "House" });
    await house.getByText("$90.00 of $100.00", { exact: true }).waitFor();
    expect(opened.problems).toEqual([]);
    await opened.context.close();
  });

  it("merges a tag into another and deletes a category keeping its subcategories", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `merge-${Date.now()}@example.com`, "Mia Merge", "Flat");
    const headers = { Origin: baseURL };
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(`/api/workspaces/${workspaceId}${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).data;
    };
    const rent = await post("/tags", { name: "Rent" });
    const housing = await post("/tags", { name: "Housing" });
    const power = await post("/tags", { name: "Power", parent_id: housing.uuid });
    const account = await post("/accounts", { name: "Cash", type: "checking", balance: "900" });
    for (const [amount, tagId] of [
      ["700.00", rent.uuid],
      ["650.00", rent.uuid],
      ["80.00", power.uuid],
    ] as const) {
      await post("/transactions", {
        type: "expense",
        amount,
        description: "Flat",
        date: "2025-03-05",
        origin_id: `account:${account.uuid}`,
        tag_ids: [tagId],
      });
    }
    await gotoHydrated(page, `/workspaces/${workspaceId}/tags`);
    const powerRow = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Power" }) });
    await powerRow.getByText("1 use").waitFor();

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/tags`,
      name: "tags-merge-dialog",
      cookies,
      // Either language: Rent's menu, then its second item ("Merge into…").
      prepare: async (layoutPage) => {
        await layoutPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
        const rentRow = layoutPage
          .getByRole("listitem")
          .filter({ has: layoutPage.getByRole("heading", { name: "Rent" }) });
        await rentRow.getByRole("button").click();
        await layoutPage.getByRole("menuitem").nth(1).click();
        await layoutPage.getByRole("dialog").waitFor();
      },
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Merging Rent into Power, by keyboard: Power's one use grows by Rent's two.
    await chooseRowAction(page, "Rent", "Merge into…");
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Merge Rent into another tag?" }).waitFor();
    await dialog.getByText("2 transactions").waitFor();
    await dialog.getByLabel("Merge into").selectOption({ label: "— Power" });
    await dialog.getByRole("button", { name: "Merge tags" }).focus();
    await page.keyboard.press("Enter");
    await toastWith(page, "Merged into “Power”").waitFor();
    await powerRow.getByText("3 uses").waitFor();
    await page.getByRole("heading", { name: "Rent" }).waitFor({ state: "detached" });

    const deleteLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/tags`,
      name: "tags-delete-category-dialog",
      cookies,
      // Either language: Housing's menu, then its last item ("Delete").
      prepare: async (layoutPage) => {
        await layoutPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
        const housingRow = layoutPage
          .getByRole("listitem")
          .filter({ has: layoutPage.getByRole("heading", { name: "Housing", exact: true }) })
          .first();
        await housingRow.getByRole("button").first().click();
        await layoutPage.getByRole("menuitem").last().click();
        await layoutPage.getByRole("dialog").waitFor();
      },
    });
    expect(deleteLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Deleting Housing asks about Power, and keeps it as a category when told.
    await chooseRowAction(page, "Housing", "Delete");
    dialog = page.getByRole("dialog");
    await dialog.getByText("It has 1 subcategory. What should happen to it?").waitFor();
    await dialog.getByLabel("Keep them as categories").check();
    await dialog.getByRole("button", { name: "Delete tag" }).click();
    await toastWith(page, "Tag deleted").waitFor();
    await page.getByRole("heading", { name: "Housing" }).waitFor({ state: "detached" });
    await page.getByRole("list", { name: "Subcategories of Housing" }).waitFor({ state: "detached" });
    await powerRow.getByText("3 uses").waitFor();
    expect(opened.problems).toEqual([]);
    await opened.context.close();
  });
});
