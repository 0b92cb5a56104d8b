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
import { chooseRowAction } from "./support/row-actions.ts";
import { addAccount, chooseExpenseFrom, workspaceToday } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

async function balanceOf(page: Page, workspaceId: string, accountId: string): Promise<number> {
  const response = await page.request.get(`/api/workspaces/${workspaceId}/accounts/${accountId}`);
  return ((await response.json()) as { data: { balance_cents: number } }).data.balance_cents;
}

/** Month-end dates by a plain walk: day 31, or the month's last day when it is shorter. */
function day31Dates(from: string, count: number): string[] {
  const dates: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7)) - 1;
  while (dates.length < count) {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const date = `${year}-${String(month + 1).padStart(2, "0")}-${String(Math.min(31, last)).padStart(2, "0")}`;
    if (date >= from) dates.push(date);
    month += 1;
    if (month === 12) [year, month] = [year + 1, 0];
  }
  return dates;
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

describe("scheduled and recurring transactions in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("schedules an expense for today; the executor posts it, the balance moves and the item shows as posted", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `sched-${Date.now()}@example.com`, "Sara Sched", "Home");
    const accountId = await addAccount(page, workspaceId, "Checking", "1000.00");
    await gotoHydrated(page, `/workspaces/${workspaceId}/scheduled-transactions`);
    await page.getByRole("heading", { level: 1, name: "Scheduled transactions" }).waitFor();
    await page.getByText("Nothing scheduled").waitFor();

    await page.getByRole("button", { name: "Schedule a transaction" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Schedule a transaction" }).waitFor();
    await chooseExpenseFrom(page, accountId);
    await dialog.getByLabel(/^Amount$/).fill("120.50");
    await dialog.getByLabel(/^Description$/).fill("Electricity bill");
    await dialog.getByLabel(/^Notes/).fill("Paid by direct debit");
    expect(await dialog.getByLabel("Post on").inputValue()).not.toBe("");
    await captureScreenshot(page, "planned-scheduled-details-desktop-en-US");
    await dialog.getByRole("button", { name: "Schedule it" }).click();
    await toastWith(page, "Scheduled. It posts itself on its date.").waitFor();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByTestId("planned-row").filter({ hasText: "Electricity bill" });
    await row.getByText("Posts today").waitFor();
    expect(await row.textContent()).toContain("Pending");
    expect(await row.textContent()).toContain("Paid by direct debit");
    expect(await row.textContent()).toContain("-$120.50");
    expect(await balanceOf(page, workspaceId, accountId)).toBe(100_000);

    // The cron handler's run, as an operator starts it by hand: the same executor and claim.
    const run = await page.request.post("/api/admin/jobs/due-items/run", {
      headers: { Authorization: `Bearer ${inject("appOperatorToken")}` },
    });
    expect(run.status(), await run.text()).toBe(200);
    expect(await balanceOf(page, workspaceId, accountId)).toBe(100_000 - 12_050);

    await page.reload();
    await page.getByText("Nothing scheduled").waitFor();
    await page.getByRole("link", { name: "Posted" }).click();
    await page.waitForURL(/status=executed/);
    const posted = page.getByTestId("planned-row").filter({ hasText: "Electricity bill" });
    await posted.getByText("Posted on").waitFor();
    expect(await posted.getByText("Posted", { exact: true }).count()).toBe(1);

    // The transaction it posted says where it came from, dated the scheduled day.
    const today = await workspaceToday(page, workspaceId);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const transaction = page.getByTestId("transaction-row").filter({ hasText: "Electricity bill" });
    await transaction.getByText("From schedule: Electricity bill").waitFor();
    expect(await page.getByRole("heading", { level: 2, name: longDate(today) }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  // A long walk through the whole page, with screenshots in every layout: over a minute on a busy machine.
  it("explains the beta gate, then sets up a monthly rule on day 31 with its next five dates; posts now, pauses and resumes it", async () => {
    const email = `recur-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, email, "Rui Recur", "Home");
    const accountId = await addAccount(page, workspaceId, "Checking", "5000.00");
    await gotoHydrated(page, `/workspaces/${workspaceId}/recurring-transactions`);
    await page.getByRole("heading", { name: "Recurring transactions are a beta feature" }).waitFor();
    expect(await page.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/#planos");
    expect(await page.getByRole("button", { name: "New recurring transaction" }).count()).toBe(0);

    // The owner gets a beta plan; the workspace still has beta features off until they turn them on.
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, hasBetaAccess: true });
    database.$client.close();
    await page.reload();
    await page.getByRole("heading", { name: "Beta features are off in this workspace" }).waitFor();
    await page.getByRole("button", { name: "Turn on beta features" }).click();
    await toastWith(page, "Beta features are on for this workspace.").waitFor();
    await page.getByText("No recurring transactions yet").waitFor();

    await page.getByRole("button", { name: "New recurring transaction" }).first().click();
    const dialog = page.getByRole("dialog");
    await chooseExpenseFrom(page, accountId);
    await dialog.getByLabel(/^Amount$/).fill("1500");
    await dialog.getByLabel(/^Description$/).fill("Rent");
    const start = await dialog.getByLabel("Starts on").inputValue();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByText("Step 4 of 4").waitFor();
    expect(await dialog.getByLabel("Repeats", { exact: true }).inputValue()).toBe("monthly");
    await dialog.getByLabel("Day of the month").selectOption("31");
    await dialog.getByText("In months without this day it posts on the month's last day.").waitFor();
    await dialog.getByLabel("After a number of times").check();
    await dialog.getByRole("textbox", { name: "Number of times" }).fill("12");
    const today = await workspaceToday(page, workspaceId);
    expect(start).not.toBe("");
    const summary = await dialog.getByTestId("recurrence-summary").textContent();
    expect(summary).toMatch(/^Every month on day 31 \(last day in shorter months\), from \d\d\/\d\d\/\d{4}, 12 times$/);
    const expected = day31Dates(today, 5);
    const preview = dialog.getByRole("list", { name: "Next dates it posts on" }).locator("time");
    expect(await preview.evaluateAll((times) => times.map((time) => time.getAttribute("datetime")))).toEqual(expected);
    const violations = await accessibilityViolations(page, "recurrence step");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    await dialog.getByRole("button", { name: "Create it" }).click();
    await toastWith(page, "Recurring transaction created.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("planned-row").filter({ hasText: "Rent" });
    await row.getByText(/Every month on day 31 \(last day in shorter months\)/).waitFor();
    expect(await row.textContent()).toContain(`Next on ${longDate(expected[0]!)} · 0 of 12 posted`);
    expect(await row.textContent()).toContain("Active");

    await chooseRowAction(page, "Rent", "Post now");
    await toastWith(page, "Posted. It's in your transactions now.").waitFor();
    await row.getByText(`Next on ${longDate(expected[1]!)} · 1 of 12 posted`).waitFor();
    expect(await balanceOf(page, workspaceId, accountId)).toBe(500_000 - 150_000);

    await chooseRowAction(page, "Rent", "Pause");
    await toastWith(page, "Paused. Nothing posts until you resume it.").waitFor();
    await row.getByText("Paused: nothing posts until you resume it").waitFor();
    expect(await row.textContent()).toContain("Paused");

    await chooseRowAction(page, "Rent", "Resume");
    await toastWith(page, "Resumed. It picks up from its next date.").waitFor();
    await row.getByText(`Next on ${longDate(expected[1]!)} · 1 of 12 posted`).waitFor();
    expect(await row.textContent()).toContain("Active");

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByTestId("transaction-row").filter({ hasText: "Rent" }).getByText("From recurring: Rent").waitFor();

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    for (const path of ["recurring-transactions", "scheduled-transactions?status=all"]) {
      const layouts = await screenshotEveryLayout(browser, {
        baseURL,
        path: `/workspaces/${workspaceId}/${path}`,
        name: `planned-${path.replace(/\?.*/, "")}`,
        cookies,
      });
      expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    }
    // Editing opens the wizard filled in; its 4th step shows the rule, its summary and dates.
    await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/recurring-transactions`,
      name: "planned-recurrence-step",
      cookies,
      prepare: async (shown) => {
        await shown.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await shown.getByRole("button", { name: /^(Actions for|Ações de) Rent$/ }).click();
        await shown.getByRole("menuitem", { name: /^(Edit|Editar)$/ }).click();
        const editing = shown.getByRole("dialog");
        for (let step = 1; step < 4; step++) await editing.getByRole("button", { name: /^(Next|Próximo)$/ }).click();
        await editing.getByTestId("recurrence-summary").waitFor();
        expect(await editing.locator("#rec-day").inputValue()).toBe("31");
      },
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
