import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { launchBrowser, openPage, reloadHydrated, screenshotEveryLayout } from "../support/browser.ts";
import { addAccount, postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The dashboard warns about this month's budgets at 80 % and over, most used first, three
 * at most with a link to the rest in the budget analysis; on the free plan it shows none.
 */
describe("budget alerts on the dashboard in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Five tagged budgets in dollars with this month's spending: Groceries 120 % (over by $20.00),
   * Travel 90 %, Fun 86 % ($7.00 left), Books 81 %, Home 50 % (no alert).
   */
  async function budgetsWithSpending(page: Page, workspaceId: string) {
    const api = `/api/workspaces/${workspaceId}`;
    const checkingId = await addAccount(page, workspaceId, "Checking", "2000");
    for (const [name, budget, spent] of [
      ["Groceries", "100.00", "120.00"],
      ["Travel", "100.00", "90.00"],
      ["Fun", "50.00", "43.00"],
      ["Books", "100.00", "81.00"],
      ["Home", "200.00", "100.00"],
    ] as const) {
      const tag = await postJson(page, `${api}/tags`, { name });
      await postJson(page, `${api}/budgets`, { tag_id: tag.uuid, amount: budget });
      await postJson(page, `${api}/transactions`, {
        type: "expense",
        origin_id: `account:${checkingId}`,
        amount: spent,
        description: `${name} spending`,
        tag_ids: [tag.uuid],
      });
    }
  }

  it("shows nothing on the free plan, then the three most used budgets and a link to the rest", async () => {
    const email = `budget-alerts-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, email, "Bea Budget", "Home");
    await budgetsWithSpending(page, workspaceId);

    await reloadHydrated(page);
    await page.getByRole("heading", { level: 1, name: "Hello, Bea Budget" }).waitFor();
    expect(await page.getByRole("region", { name: "Budget alerts" }).count()).toBe(0);

    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    await reloadHydrated(page);
    const alerts = page.getByRole("region", { name: "Budget alerts" });
    await alerts.waitFor();
    expect(await alerts.getByRole("listitem").allTextContents()).toEqual([
      "Over budgetGroceries: 120% of $100.00 used — $20.00 over",
      "Near the limitTravel: 90% of $100.00 used — $10.00 left",
      "Near the limitFun: 86% of $50.00 used — $7.00 left",
    ]);
    const today = (await (await page.request.get(`/api/workspaces/${workspaceId}/dashboard/virtual-balance`)).json())
      .data.today as string;
    const budgetsHref = `/workspaces/${workspaceId}/analytics?from=${today.slice(0, 8)}01&to=${today}#report-budgets`;
    expect(await alerts.getByRole("link", { name: "View budgets" }).getAttribute("href")).toBe(budgetsHref);
    const more = alerts.getByRole("link", { name: "+1 more budget" });
    expect(await more.getAttribute("href")).toBe(budgetsHref);
    const violations = await accessibilityViolations(page, "dashboard with budget alerts");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );

    // The rest are in this month's budget analysis, which the link scrolls to.
    await more.click();
    await page.waitForURL(/\/analytics\?/);
    const analysis = page.getByRole("region", { name: "Budget analysis" });
    await analysis.getByTestId("budget-analysis").getByText("Books").waitFor();
    expect(new URL(page.url()).hash).toBe("#report-budgets");
    await expect
      .poll(() => analysis.evaluate((card) => card.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    expect(problems).toEqual([]);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/dashboard`,
      name: "dashboard-budget-alerts",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    await context.close();
  });
});
