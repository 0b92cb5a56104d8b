import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { workspaceToday } from "./support/ledger.ts";
import { chooseRowAction } from "./support/row-actions.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * A loan is created from its page, its amortization viewed, a payment recorded (split into
 * interest and principal, posted from its account), and it is paid off after a confirmation that
 * says what it takes. R$ 12.000,00 at 1% a month over 12 months, Price: 1.066,19 a month.
 */
describe("loans in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function getData(page: Page, path: string) {
    const response = await page.request.get(path);
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  }

  it("creates a loan, views its amortization, records a payment and pays it off", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const workspaceId = await signUpWithWorkspace(page, `loans-${Date.now()}@example.com`, "Lia Loans", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const created = await page.request.post(`${api}/accounts`, {
      headers: { Origin: baseURL },
      data: { name: "Caixa", type: "checking", currency: "BRL", balance: "20000" },
    });
    const account = (await created.json()).data;

    await gotoHydrated(page, `/workspaces/${workspaceId}/loans`);
    await page.getByRole("heading", { level: 1, name: "Loans" }).waitFor();
    await page.getByText("No loans yet").waitFor();
    await page.getByRole("button", { name: "New loan" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New loan" });
    await dialog.getByLabel("Name").fill("Carro");
    await dialog.getByLabel("Type").selectOption("auto");
    await dialog.getByLabel("Amount borrowed (BRL)").fill("12,000.00");
    await dialog.getByLabel("Term (months)").fill("12");
    await dialog.getByLabel("Interest rate (%)").fill("1");
    await dialog.getByLabel("Rate per").selectOption("month");
    await captureScreenshot(page, "loans-new-desktop-en-US");
    await dialog.getByRole("button", { name: "Save loan" }).click();
    await toastWith(page, "Loan saved.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("loan-row").filter({ hasText: "Carro" });
    await row.getByText("R$0.00 of R$12,000.00 paid").waitFor();
    await row.getByText("R$12,000.00 owed").waitFor();
    expect(await row.getByText(/^Next: R\$1,066\.19 on /).count()).toBe(1);

    await chooseRowAction(page, "Carro", "See the details");
    const detail = page.getByTestId("loan-detail");
    await detail.getByRole("heading", { name: "Carro" }).waitFor();
    // The header and twelve payments (the balance chart beside it carries a table of its own).
    await expect.poll(() => detail.getByRole("table", { name: "Payment schedule" }).getByRole("row").count()).toBe(13);
    await detail.getByText("No payments recorded yet.").waitFor();
    const violations = await accessibilityViolations(page, "loan details");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );

    // A payment: the amount due is offered; it is split and posted from the account.
    await chooseRowAction(page, "Carro", "Record a payment");
    const payment = page.getByRole("dialog", { name: "Record a payment on “Carro”" });
    expect(await payment.getByLabel("Amount (BRL)").inputValue()).toBe("1,066.19");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await toastWith(page, "Payment recorded and posted.").waitFor();
    await payment.waitFor({ state: "detached" });
    const payments = detail.getByTestId("loan-payments");
    await payments.waitFor();
    expect(await payments.getByRole("row").count()).toBe(2);
    const loan = (await getData(page, `${api}/loans`))[0];
    expect(loan).toMatchObject({ payments_made: 1, status: "active" });
    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/loans?loan=${loan.uuid}`,
      name: "loans",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Paying it off: the confirmation says what it takes today, then the loan is closed.
    await chooseRowAction(page, "Carro", "Pay it off");
    const confirm = page.getByRole("dialog", { name: "Pay off “Carro”?" });
    await confirm.getByText(/^Today that takes R\$[\d,.]+: /).waitFor();
    await captureScreenshot(page, "loans-pay-off-desktop-en-US");
    await confirm.getByRole("button", { name: /^Pay R\$/ }).click();
    await toastWith(page, "Loan paid off.").waitFor();
    await row.getByText("Paid off").waitFor();
    expect(await getData(page, `${api}/loans/${loan.uuid}`)).toMatchObject({
      status: "paid_off",
      current_balance: "0.00",
    });
    // Paid on the day it started, no interest has accrued: the account paid back exactly what was borrowed.
    expect((await getData(page, `${api}/accounts/${account.uuid}`)).balance).toBe("8000.00");
    expect(problems).toEqual([]);
    await opened.context.close();
  });

  it("turns auto-pay on in the new-loan dialog by keyboard, shows it on the loan, and turns it off from its menu", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `autopay-${Date.now()}@example.com`, "Ana Auto", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const created = await page.request.post(`${api}/accounts`, {
      headers: { Origin: baseURL },
      data: { name: "Nubank", type: "checking", currency: "BRL", balance: "8000" },
    });
    expect(created.status()).toBe(201);

    await gotoHydrated(page, `/workspaces/${workspaceId}/loans`);
    await page.getByRole("button", { name: "New loan" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New loan" });
    await dialog.getByLabel("Name").fill("Moto");
    await dialog.getByLabel("Amount borrowed (BRL)").fill("6,000.00");
    await dialog.getByLabel("Term (months)").fill("12");
    await dialog.getByLabel("Interest rate (%)").fill("1");
    await dialog.getByLabel("Rate per").selectOption("month");
    const autoPay = dialog.getByRole("switch", { name: "Pay automatically on each due date" });
    expect(await autoPay.getAttribute("aria-checked")).toBe("false");
    await dialog.getByText(/^Each payment is posted from Nubank on its date/).waitFor();
    await autoPay.focus();
    await page.keyboard.press("Space");
    expect(await autoPay.getAttribute("aria-checked")).toBe("true");
    await captureScreenshot(page, "loans-new-auto-pay-desktop-en-US");
    await dialog.getByRole("button", { name: "Save loan" }).click();
    await toastWith(page, "Loan saved.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("loan-row").filter({ hasText: "Moto" });
    await row.getByText("Pays automatically").waitFor();
    const loan = (await getData(page, `${api}/loans`))[0];
    expect(loan).toMatchObject({ auto_pay: true, failure: null });
    await chooseRowAction(page, "Moto", "See the details");
    const detail = page.getByTestId("loan-detail");
    await detail.getByText(/^Pays automatically from Nubank: the next payment on /).waitFor();
    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/loans?loan=${loan.uuid}`,
      name: "loans-auto-pay",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await chooseRowAction(page, "Moto", "Stop paying automatically");
    await toastWith(page, "Auto-pay off: record the payments yourself.").waitFor();
    await expect.poll(() => row.getByText("Pays automatically").count()).toBe(0);
    expect(await detail.getByText(/^Pays automatically from/).count()).toBe(0);
    expect(await getData(page, `${api}/loans/${loan.uuid}`)).toMatchObject({ auto_pay: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refinances a loan into new terms: the new loan is listed and the old one kept as refinanced", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `refi-${Date.now()}@example.com`, "Rafa Refi", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const post = async (path: string, data: Record<string, unknown>) => {
      const response = await page.request.post(`${api}${path}`, { headers: { Origin: baseURL }, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).data;
    };
    const account = await post("/accounts", { name: "Itaú", type: "checking", currency: "BRL", balance: "5000" });
    await post("/loans", {
      name: "Casa",
      type: "mortgage",
      principal_amount: "300000",
      interest_rate: "10",
      term_months: 360,
      start_date: await workspaceToday(page, workspaceId),
      payment_account_id: account.uuid,
    });
    await gotoHydrated(page, `/workspaces/${workspaceId}/loans`);
    await chooseRowAction(page, "Casa", "Refinance");
    const dialog = page.getByRole("dialog", { name: "Refinance “Casa”" });
    await dialog.getByText(/^New terms for what's owed today \(R\$300,000\.00\)/).waitFor();
    await dialog.getByLabel("Interest rate (%)").fill("0.7");
    await dialog.getByLabel("Rate per").selectOption("month");
    await dialog.getByLabel("Term (months)").fill("240");
    await dialog.getByLabel("Amortization").selectOption("sac");
    await captureScreenshot(page, "loans-refinance-desktop-en-US");
    await dialog.getByRole("button", { name: "Refinance" }).click();
    await toastWith(page, "Loan refinanced: the new one is in the list.").waitFor();
    await expect.poll(() => page.getByTestId("loan-row").count()).toBe(2);
    await page.getByTestId("loan-row").filter({ hasText: "Refinanced" }).waitFor();
    const loans = await getData(page, `${api}/loans`);
    expect(
      loans
        .map((loan: { status: string; amortization_system: string }) => [loan.status, loan.amortization_system])
        .sort(),
    ).toEqual([
      ["active", "sac"],
      ["refinanced", "price"],
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
