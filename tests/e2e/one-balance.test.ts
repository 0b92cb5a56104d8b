import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays } from "../../worker/ledger/dates.ts";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";
import { addAccount } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

describe("one balance in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("leaves a bill dated next week out of today's total, the account and this month, marks it Scheduled, and projects it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `one-${Date.now()}@example.com`, "Olga One", "Home");
    const accountId = await addAccount(page, workspaceId, "Checking", "1000.00");
    const today = (
      (await (await page.request.get(`/api/workspaces/${workspaceId}/dashboard/virtual-balance`)).json()) as {
        data: { today: string };
      }
    ).data.today;
    const billDate = addDays(today, 7);
    const created = await page.request.post(`/api/workspaces/${workspaceId}/transactions`, {
      headers: { Origin: baseURL },
      data: {
        type: "expense",
        amount: "200.00",
        description: "Insurance",
        origin_id: `account:${accountId}`,
        date: billDate,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    expect(await page.getByTestId("stat-total").textContent()).toContain("$1,000.00");
    expect(await page.getByTestId("stat-expenses").textContent()).toContain("$0.00");
    // The bill shows among the recent ones, marked as still to come.
    const recent = page.getByTestId("recent-transactions").getByRole("listitem").filter({ hasText: "Insurance" });
    expect(await recent.getByText("Scheduled", { exact: true }).count()).toBe(1);

    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    expect(await page.getByRole("listitem").filter({ hasText: "Checking" }).textContent()).toContain("$1,000.00");

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Insurance" });
    expect(await row.getByText("Scheduled", { exact: true }).count()).toBe(1);

    // The projection to a day after the bill: today's balance, the bill to come, what is left after it.
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard?virtual=1&end_date=${addDays(billDate, 1)}`);
    expect(await page.getByTestId("virtual-current_balance").textContent()).toContain("$1,000.00");
    expect(await page.getByTestId("virtual-future_expenses").textContent()).toContain("$200.00");
    expect(await page.getByTestId("virtual-end_balance").textContent()).toContain("$800.00");
    expect(await page.getByTestId("stat-total").count()).toBe(0);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/transactions`,
      name: "one-balance-transactions",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
