import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays } from "../../worker/ledger/dates.ts";
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
import { cardCycleAround, postJson, workspaceToday } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * "comprei um notebook em 10x no cartão". The plan is saved from its page; the card's
 * statements show one installment each, the limit holds the whole remainder, and paying the open
 * statement frees one tenth. An account plan is cancelled after a confirmation. Dates are relative to
 * the workspace's today: the card closed three days ago, so today's purchase is on the open statement.
 */
describe("installment plans in Chromium", () => {
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

  it("buys a notebook em 10x on a card: ten statements, the limit held, one tenth freed by paying the statement", async () => {
    const stamp = Date.now();
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const workspaceId = await signUpWithWorkspace(page, `parcelas-${stamp}@example.com`, "Paula Parcelas", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const today = await workspaceToday(page, workspaceId);
    const { billingDay, dueDay } = cardCycleAround(today);
    const account = await postJson(page, `${api}/accounts`, {
      name: "Itaú",
      type: "checking",
      currency: "BRL",
      balance: "6000",
    });
    const card = await postJson(page, `${api}/cards`, {
      name: "Nubank",
      account_uuid: account.uuid,
      type: "credit",
      credit_limit: "5000",
      billing_cycle_day: billingDay,
      due_day: dueDay,
    });

    await gotoHydrated(page, `/workspaces/${workspaceId}/installment-plans`);
    await page.getByRole("heading", { level: 1, name: "Installment plans" }).waitFor();
    await page.getByText("No installment plans yet").waitFor();
    await page.getByRole("button", { name: "New installment plan" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New installment plan" });
    await dialog.getByLabel("What did you buy?").fill("Notebook");
    await dialog.getByLabel("Store (optional)").fill("Fast Shop");
    expect(await dialog.getByLabel("Paid with").inputValue()).toBe(`card:${card.uuid}`);
    await dialog.getByLabel("Purchase amount (BRL)").fill("3,499.00");
    await dialog.getByLabel("Installments", { exact: true }).fill("10");
    await dialog.getByText("10 × R$349.90 · total R$3,499.00").waitFor();
    await captureScreenshot(page, "installments-new-desktop-en-US");
    await dialog.getByRole("button", { name: "Save plan" }).click();
    await toastWith(page, "Installment plan saved.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("plan-row").filter({ hasText: "Notebook" });
    await row.getByText("1 of 10 on statements").waitFor();
    await row.getByText("Fast Shop · On Nubank").waitFor();
    expect(await row.getByText("R$3,149.10 left").count()).toBe(1);

    await chooseRowAction(page, "Notebook", "See the installments");
    const schedule = page.getByTestId("plan-schedule");
    await schedule.getByRole("heading", { name: "Installments of Notebook" }).waitFor();
    const installments = schedule.getByTestId("installment-row");
    expect(await installments.count()).toBe(10);
    expect(await installments.first().innerText()).toMatch(/1\/10.*R\$349\.90.*On a statement/s);
    expect(await installments.last().innerText()).toMatch(/10\/10.*R\$349\.90.*Holds the limit/s);
    const violations = await accessibilityViolations(page, "installment plans");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/installment-plans`,
      name: "installments",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // The card: every later statement holds one installment, and the limit holds them all.
    expect(await getData(page, `${api}/cards/${card.uuid}`)).toMatchObject({
      debt_amount: "349.90",
      held_amount: "3149.10",
      available_credit: "1501.00",
    });
    await installments.nth(2).getByRole("link").click();
    await page.waitForURL(/\/cards\?card=/);
    const panel = page.getByRole("region", { name: / statement$/ });
    await panel.getByText("Notebook (3/10)").waitFor();
    await panel.getByText("Upcoming").first().waitFor();
    expect(await panel.getByTestId("statement-total").innerText()).toBe("R$349.90");
    expect(await page.getByRole("list", { name: "Statements" }).getByRole("link").count()).toBe(10);
    await page.getByText("Held by installments").waitFor();
    await screenshotEveryLayout(browser, {
      baseURL,
      path: new URL(page.url()).pathname + new URL(page.url()).search,
      name: "installments-statement",
      cookies,
    });

    // Paying the open statement frees its installment's share of the limit.
    await gotoHydrated(page, `/workspaces/${workspaceId}/cards?card=${card.uuid}`);
    const current = page.getByRole("region", { name: "Current statement" });
    await current.getByText("Notebook (1/10)").waitFor();
    await current.getByRole("button", { name: "Pay statement" }).click();
    const wizard = page.getByRole("dialog", { name: "New transaction" });
    expect(await wizard.getByLabel("Amount").inputValue()).toBe("349.90");
    await wizard.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Transaction created").waitFor();
    await expect.poll(() => current.getByTestId("statement-remaining").innerText()).toBe("R$0.00");
    expect(await getData(page, `${api}/cards/${card.uuid}`)).toMatchObject({
      debt_amount: "0.00",
      available_credit: "1850.90",
    });
    expect(problems).toEqual([]);
    await opened.context.close();
  });

  it("records an account plan with installments already paid, and cancels it after asking", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `carne-${Date.now()}@example.com`, "Caio Carnê", "Casa");
    // The rest in Portuguese, as the language menu leaves it.
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const today = await workspaceToday(page, workspaceId);
    const caixa = await postJson(page, `/api/workspaces/${workspaceId}/accounts`, {
      name: "Caixa",
      type: "checking",
      currency: "BRL",
      balance: "2000",
    });
    await gotoHydrated(page, `/workspaces/${workspaceId}/installment-plans`);
    await page.getByRole("button", { name: "Novo parcelamento" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo parcelamento" });
    await dialog.getByLabel("O que você comprou?").fill("Geladeira");
    await dialog.getByLabel("Valor da compra (BRL)").fill("1.200,00");
    await dialog.getByLabel("Parcelas", { exact: true }).fill("12");
    await dialog.getByLabel("Juros ao mês").fill("1,5");
    const first = addDays(today, 20);
    const [year, month, day] = first.split("-");
    await dialog.getByLabel("Primeira parcela").fill(`${day}/${month}/${year}`);
    await dialog.getByLabel("Parcelas já pagas").fill("2");
    // The Price table: the last installment clears the balance with its own cents.
    await dialog.getByText(/^11x de R\$\s?110,02 \+ R\$\s?109,98 · total R\$\s?1\.320,20$/).waitFor();
    await dialog.getByRole("button", { name: "Salvar parcelamento" }).click();
    await toastWith(page, "Parcelamento salvo.").waitFor();
    const row = page.getByTestId("plan-row").filter({ hasText: "Geladeira" });
    await row.getByText("2 de 12 pagas").waitFor();
    await row.getByText("Da conta Caixa").waitFor();

    // The third installment was paid at the store's counter and recorded by hand: linked, not posted again.
    await postJson(page, `/api/workspaces/${workspaceId}/transactions`, {
      type: "expense",
      origin_id: `account:${caixa.uuid}`,
      amount: "110.02",
      description: "Boleto Geladeira",
    });
    await page.getByRole("button", { name: "Ações de Geladeira" }).click();
    await page.getByRole("menuitem", { name: "Ver as parcelas" }).click();
    const link = page.getByTestId("link-payment");
    await link.getByText("Já pagou a parcela 3?").waitFor();
    await link.getByRole("button", { name: "Vincular" }).click();
    await toastWith(page, "Vinculado: a parcela está paga por essa despesa.").waitFor();
    await row.getByText("3 de 12 pagas").waitFor();
    await link.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Ações de Geladeira" }).click();
    await page.getByRole("menuitem", { name: "Cancelar o parcelamento" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancelar “Geladeira”?" });
    await confirm.getByText("Nenhuma outra parcela será lançada.", { exact: false }).waitFor();
    await captureScreenshot(page, "installments-cancel-desktop-pt-BR");
    await confirm.getByRole("button", { name: "Cancelar o parcelamento" }).click();
    await toastWith(page, "Parcelamento cancelado.").waitFor();
    await row.getByText("Cancelado").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
  it("splits a card purchase in the transaction wizard: parcelar em 3x makes a plan, each installment on its statement", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `wizard-3x-${Date.now()}@example.com`, "Wanda Wizard", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const account = await postJson(page, `${api}/accounts`, {
      name: "Inter",
      type: "checking",
      currency: "BRL",
      balance: "1000",
    });
    const card = await postJson(page, `${api}/cards`, {
      name: "Inter Gold",
      account_uuid: account.uuid,
      type: "credit",
      credit_limit: "2000",
      billing_cycle_day: 1,
    });
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByRole("button", { name: "New transaction" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^Expense/ }) })
      .click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog
      .locator("fieldset")
      .first()
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "Card" }) })
      .click();
    await dialog.locator("#tx-origin").selectOption(`card:${card.uuid}`);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Amount", { exact: true }).fill("600.00");
    await dialog.getByLabel("Description").fill("Geladeira");
    await dialog.getByLabel("Split in").fill("3");
    await dialog.getByText("3 installments: the first R$200.00, R$600.00 in all").waitFor();
    await captureScreenshot(page, "installments-wizard-desktop-en-US");
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Installment plan saved: each installment is on its statement.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Geladeira (1/3)").waitFor();

    const plans = (await (await page.request.get(`${api}/installment-plans`)).json()).data;
    expect(plans).toMatchObject([
      { description: "Geladeira", installments_count: 3, total_amount: "600.00", payment_method: "card" },
    ]);
    expect(await getData(page, `${api}/cards/${card.uuid}`)).toMatchObject({ available_credit: "1400.00" });
    // An account purchase is never split: the field is offered for a credit card only.
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^Expense/ }) })
      .click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.locator("#tx-origin").selectOption(`account:${account.uuid}`);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Description").waitFor();
    expect(await dialog.getByLabel("Split in").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
