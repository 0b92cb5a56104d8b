import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
  waitForHydration,
} from "../support/browser.ts";
import { chooseRowAction } from "./support/row-actions.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The payees page: payees named on transactions listed with their counts and totals, one merged
 * into another (from its menu, and from a rename to the other's name), the list of a payee's
 * transactions opened from its row, a rename and a delete that leaves the transactions.
 */
describe("payees in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const blocking = async (page: Page, screen: string) =>
    describeViolations(
      (await accessibilityViolations(page, screen)).filter((violation) => blockingImpacts.includes(violation.impact!)),
    );
  const payeeRow = (page: Page, name: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

  it("lists, merges, filters by, renames and deletes payees", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `payees-${Date.now()}@example.com`, "Pia Payees", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const headers = { Origin: baseURL };

    await gotoHydrated(page, `/workspaces/${workspaceId}/payees`);
    await page.getByRole("heading", { level: 1, name: "Payees" }).waitFor();
    await page.getByText("No payees yet").waitFor();
    await page
      .getByText("Payees are filled in from imported statements, or when you name one on a transaction.")
      .waitFor();

    const account = (
      await (
        await page.request.post(`${api}/accounts`, {
          headers,
          data: { name: "Checking", type: "checking", balance: "1000" },
        })
      ).json()
    ).data as { uuid: string };
    const seeded = [
      {
        type: "expense",
        amount: "25.50",
        description: "Ride home",
        payee: "Uber",
        origin_id: `account:${account.uuid}`,
      },
      {
        type: "expense",
        amount: "18.00",
        description: "Ride to work",
        payee: "Uber Trip",
        origin_id: `account:${account.uuid}`,
      },
      { type: "expense", amount: "9.90", description: "Bread", origin_id: `account:${account.uuid}` },
      {
        type: "income",
        amount: "5200",
        description: "Salary",
        payee: "Acme Ltd",
        destination_id: `account:${account.uuid}`,
      },
    ];
    for (const transaction of seeded) {
      const created = await page.request.post(`${api}/transactions`, {
        headers,
        data: { ...transaction, date: "2025-03-05" },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await reloadHydrated(page);
    await payeeRow(page, "Uber Trip").getByText("1 transaction", { exact: true }).last().waitFor();
    await payeeRow(page, "Acme Ltd").getByText("$5,200.00", { exact: true }).waitFor();
    expect(await blocking(page, "payees")).toEqual([]);

    await page.getByRole("button", { name: "New payee" }).click();
    let dialog = page.getByRole("dialog", { name: "New payee" });
    await dialog.getByLabel("Name").fill("Uber Eats");
    await dialog.getByRole("button", { name: "Create payee" }).click();
    await toastWith(page, "“Uber Eats” was created").waitFor();
    await payeeRow(page, "Uber Eats").getByText("No transactions", { exact: true }).last().waitFor();

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/payees`,
      name: "payees",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Merged from its menu: the dialog says what moves to the payee kept.
    await chooseRowAction(page, "Uber Trip", "Merge into…");
    dialog = page.getByRole("dialog", { name: "Merge Uber Trip into another payee?" });
    await dialog.getByLabel("Payee to keep").selectOption({ label: "Uber" });
    await dialog.getByText("Its only transaction and the names it was known by move to Uber.").waitFor();
    expect(await blocking(page, "payee merge dialog")).toEqual([]);
    await captureScreenshot(page, "payees-merge-desktop-en-US");
    await dialog.getByRole("button", { name: "Merge payees" }).click();
    await toastWith(page, "Merged into “Uber”").waitFor();
    await payeeRow(page, "Uber Trip").waitFor({ state: "detached" });
    await payeeRow(page, "Uber").getByText("2 transactions", { exact: true }).last().waitFor();
    await payeeRow(page, "Uber").getByText("$43.50", { exact: true }).waitFor();

    // A rename to another payee's name is refused at the field, which offers the merge instead.
    await chooseRowAction(page, "Uber Eats", "Rename");
    dialog = page.getByRole("dialog", { name: "Rename Uber Eats" });
    await dialog.getByLabel("Name").fill("uber");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await dialog.getByText("A payee with this name already exists: merge them instead").waitFor();
    expect(await blocking(page, "payee rename refused")).toEqual([]);
    await captureScreenshot(page, "payees-rename-taken-desktop-en-US");
    await dialog.getByRole("button", { name: "Merge into Uber" }).click();
    // The first merge's toast may still be showing under a slow machine: this one is the last.
    await toastWith(page, "Merged into “Uber”").last().waitFor();
    await dialog.waitFor({ state: "detached" });
    await payeeRow(page, "Uber Eats").waitFor({ state: "detached" });

    // The payee's name opens its transactions: the list filtered by it, the filter showing it.
    await page.getByRole("link", { name: "Uber", exact: true }).click();
    await page.waitForURL(/\/transactions\?payee_id=[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(2);
    const payeeFilter = page.getByRole("search").getByLabel("Payee");
    expect(await payeeFilter.locator("option:checked").textContent()).toBe("Uber");
    const filtered = new URL(page.url()).search;
    const filteredLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/transactions${filtered}`,
      name: "payees-filtered-transactions",
      cookies,
    });
    expect(filteredLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await gotoHydrated(page, `/workspaces/${workspaceId}/payees`);
    await chooseRowAction(page, "Uber", "Rename");
    dialog = page.getByRole("dialog", { name: "Rename Uber" });
    await dialog.getByLabel("Name").fill("Uber Rides");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await toastWith(page, "Renamed to “Uber Rides”").waitFor();
    await payeeRow(page, "Uber Rides").getByText("2 transactions", { exact: true }).last().waitFor();

    await chooseRowAction(page, "Acme Ltd", "Delete");
    dialog = page.getByRole("dialog", { name: "Delete the payee Acme Ltd?" });
    await dialog.getByText("Its transactions stay, without payee.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Delete payee" }).click();
    await toastWith(page, "Payee deleted").waitFor();
    await payeeRow(page, "Acme Ltd").waitFor({ state: "detached" });
    const salary = (await (await page.request.get(`${api}/transactions?search=Salary`)).json()).data as Array<{
      description: string;
      payee: unknown;
    }>;
    expect(salary.map(({ description, payee }) => ({ description, payee }))).toEqual([
      { description: "Salary", payee: null },
    ]);

    // The name refused on purpose answered 409; the browser logs every non-2xx answer.
    expect(opened.problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
    await opened.context.close();
  });
});
