import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, reloadHydrated, screenshotEveryLayout, toastWith } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

const statText = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";

/** Opens the floating button's menu and picks one of its three choices. */
async function quickAdd(page: Page, choice: "Add transaction" | "Add account" | "Add card") {
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("menuitem", { name: choice }).click();
  await page.getByRole("dialog").waitFor();
}

describe("dashboard in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("greets, adds an account, a card and a transaction from the floating button and refreshes its figures, then projects the balance", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `dash-${Date.now()}@example.com`, "Dora Dash", "Household");
    await page.waitForLoadState("networkidle");
    await page.getByRole("heading", { level: 1, name: "Hello, Dora Dash" }).waitFor();
    expect(await page.title()).toBe("Dashboard · Household — Moneta");
    await page.getByText("No transactions yet").waitFor();
    expect(await statText(page, "stat-total")).toContain("$0.00");

    await quickAdd(page, "Add account");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Checking");
    await dialog.getByLabel(/Opening balance/).fill("1500.00");
    await dialog.getByRole("button", { name: /Create account/ }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => statText(page, "stat-total")).toContain("$1,500.00");

    await quickAdd(page, "Add card");
    await dialog.getByLabel("Name").fill("Everyday Visa");
    await dialog.getByLabel(/Credit limit/).fill("800");
    await dialog.getByRole("button", { name: /Create card/ }).click();
    await dialog.waitFor({ state: "detached" });

    await quickAdd(page, "Add transaction");
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^Income/ }) })
      .click();
    await dialog.getByRole("button", { name: "Next" }).click();
    const accounts = (await (await page.request.get(`/api/workspaces/${workspaceId}/accounts`)).json()).data as Array<{
      uuid: string;
    }>;
    await dialog.locator("#tx-destination").selectOption(`account:${accounts[0]!.uuid}`);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel(/^Amount$/).fill("2500.00");
    await dialog.getByLabel(/^Description$/).fill("Salary");
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    const toast = toastWith(page, "Transaction created").last();
    await toast.waitFor();
    // Toasts start below the header, whose switchers and menus stay reachable.
    const headerBottom = (await page.getByRole("banner").first().boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => statText(page, "stat-income")).toContain("$2,500.00");
    expect(await statText(page, "stat-total")).toContain("$4,000.00");
    expect(await page.getByTestId("recent-transactions").textContent()).toContain("Salary");
    // Each recent row says its date ("Nov 23"), as the list's day headings do on the transactions page.
    const recentDate = page.getByTestId("recent-transactions").locator("time").first();
    const isoDate = await recentDate.getAttribute("datetime");
    expect(isoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await recentDate.textContent()).toBe(
      new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(
        new Date(`${isoDate}T00:00:00Z`),
      ),
    );
    expect(await page.getByRole("link", { name: "View all" }).getAttribute("href")).toBe(
      `/workspaces/${workspaceId}/transactions`,
    );
    // On a slow network the next page's data takes a while: a bar at the top says it is coming.
    await page.route("**/transactions.data*", async (route) => {
      await new Promise((wait) => setTimeout(wait, 1000));
      await route.continue();
    });
    await page.getByRole("link", { name: "View all" }).click();
    await page.getByRole("progressbar", { name: "Loading the page" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Transactions" }).waitFor();
    await page.getByRole("progressbar", { name: "Loading the page" }).waitFor({ state: "detached" });
    await page.unroute("**/transactions.data*");
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Hello, Dora Dash" }).waitFor();

    await page.getByRole("switch", { name: "Projected balance" }).click();
    await page.waitForURL(/virtual=1/);
    for (const figure of ["current_balance", "future_expenses", "future_income", "credit_card_debt", "end_balance"]) {
      await page.getByTestId(`virtual-${figure}`).waitFor();
    }
    expect(await page.getByTestId("virtual-end_balance").textContent()).toContain("$4,000.00");
    const comingUp = page.getByRole("region", { name: "Coming up" });
    await comingUp.getByText(/^Nothing scheduled or recurring until /).waitFor();
    // A bill scheduled for the month's last day counts in the projection and is listed under it.
    const { end_date } = (
      await (await page.request.get(`/api/workspaces/${workspaceId}/dashboard/virtual-balance`)).json()
    ).data;
    const scheduled = await page.request.post(`/api/workspaces/${workspaceId}/scheduled-transactions`, {
      headers: { Origin: baseURL },
      data: {
        type: "expense",
        origin_id: `account:${accounts[0]!.uuid}`,
        amount: "120.00",
        description: "Electricity",
        scheduled_date: end_date,
      },
    });
    expect(scheduled.status()).toBe(201);
    await reloadHydrated(page);
    // The projection's code loads after the page: its horizons answer once it is live.
    await page.locator("[role=radiogroup][data-live]").waitFor();
    await comingUp.getByText("Electricity").waitFor();
    expect(await comingUp.textContent()).toContain("-$120.00");
    expect(await page.getByTestId("virtual-end_balance").textContent()).toContain("$3,880.00");
    await page.getByRole("radio", { name: "Next 15 days" }).click();
    await page.waitForURL(/horizon=next_15_days/);
    await page.getByRole("radio", { name: "Custom date" }).click();
    await page.waitForURL(/end_date=\d{4}-\d{2}-\d{2}/);
    // Typed month first on an English page; a date before today is refused at the field.
    const custom = page.getByLabel("Custom date", { exact: true });
    expect(await custom.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await custom.fill("01/01/2020");
    await custom.press("Enter");
    await page.getByText(/^Choose a date from \d{2}\/\d{2}\/\d{4} on$/).waitFor();
    expect(await custom.getAttribute("aria-invalid")).toBe("true");
    expect(problems).toEqual([]);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    // On a phone the page ends clear of the floating button: scrolled to its end, no amount lies under it.
    const underTheButton: string[] = [];
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/dashboard?virtual=1`,
      name: "dashboard",
      cookies,
      prepare: async (shown) => {
        if ((shown.viewportSize()?.width ?? 0) >= 640) return;
        await shown.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const button = (await shown.getByRole("button", { name: /^(Add|Adicionar)$/ }).boundingBox())!;
        underTheButton.push(
          ...(await shown.locator("main .tabular-nums").evaluateAll(
            (amounts, box) =>
              amounts.flatMap((amount) => {
                // The text's own extent, not its box: a block amount spans its card.
                const range = document.createRange();
                range.selectNodeContents(amount);
                const text = range.getBoundingClientRect();
                const overlaps =
                  text.right > box.x &&
                  text.left < box.x + box.width &&
                  text.bottom > box.y &&
                  text.top < box.y + box.height;
                return overlaps ? [amount.textContent ?? ""] : [];
              }),
            button,
          )),
        );
        await shown.evaluate(() => window.scrollTo(0, 0));
      },
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(underTheButton).toEqual([]);
    await context.close();
  });
});
