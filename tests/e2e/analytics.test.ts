import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { allText, readPdf } from "../support/pdf-text.ts";
import { addDays } from "../../worker/ledger/dates.ts";
import { postJson, workspaceToday } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The analytics page. On Unlimited every report draws; the range lives in the address; a
 * tag opens its transactions; a budget and a goal are set up on the page and their reports follow
 * them. On the free plan the advanced reports are locked, saying what they show and how to get them.
 */
describe("analytics in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function noBlockingViolations(page: Page, screen: string) {
    const violations = await accessibilityViolations(page, screen);
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
  }

  /** A user with a checking and a savings account in the workspace's currency, and tagged spending. */
  async function workspaceWithSpending(page: Page, email: string) {
    const workspaceId = await signUpWithWorkspace(page, email, "Ana Analytics", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const { currency } = (await (await page.request.get(api)).json()).data;
    const checking = await postJson(page, `${api}/accounts`, {
      name: "Checking",
      type: "checking",
      currency,
      balance: "3000",
    });
    const savings = await postJson(page, `${api}/accounts`, {
      name: "Savings",
      type: "savings",
      currency,
      balance: "0",
    });
    const food = await postJson(page, `${api}/tags`, { name: "Food" });
    const fun = await postJson(page, `${api}/tags`, { name: "Fun" });
    const expense = (amount: string, description: string, tagId: string) =>
      postJson(page, `${api}/transactions`, {
        type: "expense",
        origin_id: `account:${checking.uuid}`,
        amount,
        description,
        tag_ids: [tagId],
      });
    await expense("120.00", "Groceries", food.uuid);
    await expense("30.00", "Cinema", fun.uuid);
    return { workspaceId, api, currency, checking, savings, food };
  }

  it("lists categories, each opening its subcategories one click away", async () => {
    const email = `analytics-categories-${Date.now()}@example.com`;
    const { page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const { workspaceId, api, checking, food } = await workspaceWithSpending(page, email);
    const market = await postJson(page, `${api}/tags`, { name: "Market", parent_id: food.uuid });
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${checking.uuid}`,
      amount: "50.00",
      description: "Fruit",
      tag_ids: [market.uuid],
    });
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();

    await gotoHydrated(page, `/workspaces/${workspaceId}/analytics`);
    const breakdown = page.getByTestId("breakdown-list");
    await breakdown.getByRole("link", { name: "Food" }).waitFor();
    // Food holds Market's $50 already: Market is not a row beside it, and the shares are of $200.
    expect(await breakdown.getByRole("listitem").count()).toBe(2);
    expect(await breakdown.getByRole("link", { name: "Market" }).count()).toBe(0);
    const disclosure = breakdown.getByRole("button", { name: "Subcategories of Food" });
    expect(await disclosure.getAttribute("aria-expanded")).toBe("false");
    await disclosure.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => disclosure.getAttribute("aria-expanded")).toBe("true");
    const marketRow = breakdown.getByRole("link", { name: "Market" }).locator("..");
    expect(await marketRow.innerText()).toMatch(/Market\s+\$50\.00\s+25\.0%/);
    expect(await breakdown.getByText("Other in Food").locator("..").innerText()).toMatch(/\$120\.00\s+60\.0%/);
    await noBlockingViolations(page, "analytics with a category opened");
    await captureScreenshot(page, "analytics-subcategories-desktop-en");
    expect(problems).toEqual([]);
  });

  // A long walk through the whole page, with screenshots in every layout: over a minute on a busy machine.
  it("draws the reports, changes the range, opens a tag's transactions and follows a budget and a goal", async () => {
    const email = `analytics-${Date.now()}@example.com`;
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const { workspaceId, api, checking, savings, food } = await workspaceWithSpending(page, email);
    // Income for the cash flow: a tagged salary and untagged cashback into checking, and rent dated ahead.
    const salary = await postJson(page, `${api}/tags`, { name: "Salary" });
    const income = (amount: string, description: string, tagIds: string[]) =>
      postJson(page, `${api}/transactions`, {
        type: "income",
        destination_id: `account:${checking.uuid}`,
        amount,
        description,
        tag_ids: tagIds,
      });
    await income("2000.00", "Pay", [salary.uuid]);
    await income("25.00", "Cashback", []);
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${checking.uuid}`,
      amount: "80.00",
      description: "Rent",
      date: addDays(await workspaceToday(page, workspaceId), 10),
    });
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    const path = `/workspaces/${workspaceId}/analytics`;

    await gotoHydrated(page, path);
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();
    for (const title of ["Spending trends", "Category breakdown", "Income vs expenses", "Account performance"])
      await page.getByRole("region", { name: title }).waitFor();
    expect(await page.getByTestId("locked").count()).toBe(0);
    expect(await page.getByLabel("Range").inputValue()).toBe("last-12-months");
    // "Export PDF" downloads the reports of the range shown, with the page's figures.
    const saved = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export PDF" }).click();
    const report = await saved;
    expect(report.suggestedFilename()).toMatch(/^moneta-analytics-\d{4}-\d{2}-\d{2}\.pdf$/);
    const reportText = allText(readPdf(new Uint8Array(await readFile((await report.path())!))));
    expect(reportText).toMatch(/^Analytics report\nCasa\nPeriod: /);
    expect(reportText).toContain(
      "Summary\nIncome | Expenses | Net | Savings rate\n$2,025.00 | $150.00 | $1,875.00 | 92.6%",
    );
    expect(reportText).toContain("Spending by tag\nTag | Amount | Share\nFood | $120.00 | 80.0%\nFun | $30.00 | 20.0%");
    const breakdown = page.getByTestId("breakdown-list");
    await breakdown.getByRole("link", { name: "Food" }).waitFor();
    expect(await breakdown.getByRole("listitem").count()).toBe(2);

    // The cash flow: its totals, a Sankey from income tags through the account to spending tags, the
    // same flows as a table, and the rent dated ahead in the coming 30 days.
    const cashFlow = page.getByRole("region", { name: "Cash flow" });
    expect(await cashFlow.getByTestId("cash-flow-totals").innerText()).toMatch(
      /Income\s+\$2,025\.00\s+Expenses\s+\$150\.00\s+Net\s+\$1,875\.00/,
    );
    const sankey = cashFlow.getByTestId("sankey");
    const nodeLabels = await sankey
      .locator("[data-node]")
      .evaluateAll((labels) => labels.map((label) => [...label.children].map((line) => line.textContent).join(" ")));
    expect(nodeLabels).toEqual([
      "Salary $2,000.00",
      "No tag $25.00",
      "Checking $2,025.00",
      "Food $120.00",
      "Fun $30.00",
    ]);
    expect(await sankey.locator("[data-flow]").count()).toBe(4);
    // Bars as tall as their money: salary 2,000.00 is 80 times the cashback's 25.00, food 4 times fun,
    // and the account takes in both.
    const [salaryBar, cashbackBar, checkingBar, foodBar, funBar] = await sankey
      .locator("rect")
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
    expect(salaryBar! / cashbackBar!).toBeCloseTo(80, 0);
    expect(foodBar! / funBar!).toBeCloseTo(4, 1);
    expect(checkingBar).toBeCloseTo(salaryBar! + cashbackBar!, 1);
    // Hovering a band names it and its amount.
    await sankey.locator(`[data-flow^="in:${salary.uuid}>"]`).hover();
    await sankey.getByText("Salary → Checking").waitFor();
    await cashFlow.getByText("Show as table").click();
    const flowRows = await cashFlow
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));
    expect(flowRows).toEqual([
      ["Salary", "Checking", "$2,000.00"],
      ["No tag", "Checking", "$25.00"],
      ["Checking", "Food", "$120.00"],
      ["Checking", "Fun", "$30.00"],
    ]);
    const nextMonth = cashFlow.getByTestId("cash-flow-projection").getByRole("listitem").first();
    expect(await nextMonth.innerText()).toMatch(/Next 30 days[\s\S]*Expenses\s+\$80\.00[\s\S]*Net\s+-\$80\.00/);
    await noBlockingViolations(page, "analytics");

    // The range: a preset puts its dates in the address and the reports follow.
    await page.getByLabel("Range").selectOption("this-month");
    await page.waitForURL(/\?.*from=\d{4}-\d{2}-01.*to=/);
    const from = new URL(page.url()).searchParams.get("from")!;
    const to = new URL(page.url()).searchParams.get("to")!;
    await expect
      .poll(() => breakdown.getByRole("link", { name: "Food" }).getAttribute("href"))
      .toContain(`from=${from}&to=${to}`);
    expect(await page.getByLabel("Range").inputValue()).toBe("this-month");

    // A tag opens the transactions list filtered by it and by the range.
    await breakdown.getByRole("link", { name: "Food" }).click();
    await page.waitForURL(/\/transactions\?/);
    const query = new URL(page.url()).searchParams;
    expect([query.get("tag_id"), query.get("from"), query.get("to"), query.get("type")]).toEqual([
      food.uuid,
      from,
      to,
      "expense",
    ]);
    await page.getByTestId("transaction-row").filter({ hasText: "Groceries" }).waitFor();
    expect(await page.getByTestId("transaction-row").filter({ hasText: "Cinema" }).count()).toBe(0);

    // Money with no tag opens too: the income breakdown's "No tag" row lists the untagged income only.
    await gotoHydrated(page, path);
    await page.getByLabel("Show").selectOption("income");
    await page.waitForURL(/breakdown=income/);
    await breakdown.getByRole("link", { name: "No tag" }).click();
    await page.waitForURL(/\/transactions\?.*tag_id=none/);
    expect(new URL(page.url()).searchParams.get("type")).toBe("income");
    expect(await page.locator("select[name=tag_id]").inputValue()).toBe("none");
    await page.getByTestId("transaction-row").first().waitFor();
    expect(await page.getByTestId("transaction-row").allTextContents()).toEqual([expect.stringContaining("Cashback")]);

    // A budget on Food, set up on the page, shows in the budget analysis.
    await gotoHydrated(page, path);
    await page.getByRole("button", { name: "New budget" }).click();
    const budgetDialog = page.getByRole("dialog", { name: "New budget" });
    await budgetDialog.getByLabel("Tag").selectOption({ label: "Food" });
    await budgetDialog.getByLabel(/^Amount a month/).fill("100.00");
    await budgetDialog.getByRole("button", { name: "Save budget" }).click();
    await toastWith(page, "Budget saved.").waitFor();
    const budgetReport = page.getByTestId("budget-analysis");
    await budgetReport.getByText("Food").waitFor();
    await budgetReport.getByText("Over budget").waitFor();

    // A goal counting the savings account: a transfer into it moves the goal's progress.
    await page.getByRole("button", { name: "New goal" }).click();
    const goalDialog = page.getByRole("dialog", { name: "New goal" });
    await goalDialog.getByLabel("Name").fill("Trip");
    await goalDialog.getByLabel(/^Target amount/).fill("1,000.00");
    await goalDialog.getByLabel("Savings").check();
    await goalDialog.getByRole("button", { name: "Save goal" }).click();
    await toastWith(page, "Goal saved.").waitFor();
    const goals = page.getByTestId("goals-progress");
    await goals.getByRole("progressbar", { name: "Trip" }).waitFor();
    expect(await goals.getByRole("progressbar", { name: "Trip" }).getAttribute("aria-valuenow")).toBe("0");
    await postJson(page, `${api}/transactions`, {
      type: "transfer",
      origin_id: `account:${checking.uuid}`,
      destination_id: `account:${savings.uuid}`,
      amount: "250.00",
      description: "Saving for the trip",
    });
    await gotoHydrated(page, path);
    expect(await goals.getByRole("progressbar", { name: "Trip" }).getAttribute("aria-valuenow")).toBe("25");

    // Money put aside by hand counts too.
    await page.getByRole("button", { name: "Add money to Trip" }).click();
    const contribution = page.getByRole("dialog", { name: "Add money to “Trip”" });
    await contribution.getByLabel(/^Amount/).fill("50.00");
    await contribution.getByRole("button", { name: "Add" }).click();
    await toastWith(page, "Money added to the goal.").waitFor();
    await expect.poll(() => goals.getByRole("progressbar", { name: "Trip" }).getAttribute("aria-valuenow")).toBe("30");
    await noBlockingViolations(page, "analytics with a budget and a goal");

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, { baseURL, path, name: "analytics", cookies });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // A range into the future: the balance trend projects the days after today, drawn dashed, and its
    // table says which rows are projected. An expense dated ahead moves the projected part.
    const today = await workspaceToday(page, workspaceId);
    const dayFromNow = (days: number) => addDays(today, days);
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${checking.uuid}`,
      amount: "400.00",
      description: "Rent",
      date: dayFromNow(12),
    });
    // The page runs the balance on to 30 days after today: from today, that is 31 daily rows.
    const ahead = `${path}?from=${dayFromNow(0)}&to=${dayFromNow(20)}`;
    await gotoHydrated(page, ahead);
    const balance = page.getByRole("region", { name: "Balance trend" });
    await balance.getByText("Projected", { exact: true }).waitFor();
    await balance.getByText("Projected at the end").waitFor();
    await balance.getByText("Show as table").click();
    expect(await balance.getByRole("rowheader").filter({ hasText: "(projected)" }).count()).toBeGreaterThanOrEqual(29);
    await noBlockingViolations(page, "analytics with a projected balance");
    const projected = await screenshotEveryLayout(browser, {
      baseURL,
      path: ahead,
      name: "analytics-projection",
      cookies,
    });
    expect(projected.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Deleting asks first.
    await page.getByRole("button", { name: "Delete the budget Food" }).click();
    await page
      .getByRole("dialog", { name: "Delete the budget “Food”?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await toastWith(page, "Budget deleted.").waitFor();
    await page.getByText("No budgets yet.", { exact: true }).waitFor();

    // A contribution noted by mistake can be taken back, and the progress stops counting it.
    await page.getByText("1 contribution", { exact: true }).click();
    await page.getByRole("button", { name: /^Delete the contribution of \$50\.00 on / }).click();
    await page
      .getByRole("dialog", { name: /^Delete the contribution of \$50\.00 on .+\?$/ })
      .getByRole("button", { name: "Delete" })
      .click();
    await toastWith(page, "Contribution deleted.").waitFor();
    await expect.poll(() => goals.getByRole("progressbar", { name: "Trip" }).getAttribute("aria-valuenow")).toBe("25");
    expect(problems).toEqual([]);
    await opened.context.close();
  }, 150_000);

  it("shows a free plan's advanced reports as locked, with what they show and the way to them", async () => {
    const email = `analytics-free-${Date.now()}@example.com`;
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const { workspaceId } = await workspaceWithSpending(page, email);
    const path = `/workspaces/${workspaceId}/analytics`;
    await gotoHydrated(page, path);
    for (const title of [
      "Category breakdown",
      "Cash flow",
      "Account performance",
      "Budget analysis",
      "Goals progress",
    ]) {
      const card = page.getByRole("region", { name: title });
      await card.getByText("Comes with the Unlimited plan").waitFor();
      expect(await card.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/#planos");
    }
    await page.getByRole("region", { name: "Spending trends" }).getByText("$150.00").first().waitFor();
    expect(await page.getByTestId("locked").count()).toBe(5);
    // The PDF export is greyed: it says it comes with Unlimited and leads to the plans.
    const lockedExport = page.getByRole("link", { name: /^Export PDF Unlimited Comes with the Unlimited plan/ });
    expect(await lockedExport.getAttribute("href")).toBe("/#planos");
    expect(await lockedExport.getAttribute("download")).toBeNull();
    await noBlockingViolations(page, "analytics, free plan");

    // Further back than the last 12 months, the free reports are locked too, and the page still answers.
    await gotoHydrated(page, `${path}?from=2020-01-01&to=2020-12-31`);
    await page
      .getByRole("region", { name: "Spending trends" })
      .getByText("Earlier than the free plan reaches")
      .waitFor();
    // Budgets and goals are on every plan: set up from the page even while their reports are locked.
    await page.getByRole("heading", { name: "Budgets and goals" }).waitFor();
    await page.getByRole("button", { name: "New budget" }).waitFor();
    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, { baseURL, path, name: "analytics-free", cookies });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(problems).toEqual([]);
    await opened.context.close();
  });
});
