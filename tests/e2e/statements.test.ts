import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays } from "../../worker/ledger/dates.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { cardCycleAround, postJson, workspaceToday } from "./support/ledger.ts";
import { signInThroughLogin, signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * A statement lists its purchases with its total, paid and remaining, and is paid from
 * itself through the prefilled card-payment wizard; a debit card shows its recent purchases. Dates
 * are relative to the workspace's today: the card closed three days ago, so today's
 * purchases are on the open statement and one from ten days ago on the one before.
 */
describe("card statements in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a statement's purchases and totals, pays it from the statement and lists a debit card's purchases", async () => {
    const stamp = Date.now();
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `faturas-${stamp}@example.com`, "Fabi Faturas", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const today = await workspaceToday(page, workspaceId);
    const { billingDay, dueDay } = cardCycleAround(today);
    const account = await postJson(page, `${api}/accounts`, {
      name: "Itaú",
      type: "checking",
      currency: "BRL",
      balance: "3000",
    });
    const tag = await postJson(page, `${api}/tags`, { name: "Casa" });
    const card = await postJson(page, `${api}/cards`, {
      name: "Nubank",
      account_uuid: account.uuid,
      type: "credit",
      credit_limit: "5000",
      billing_cycle_day: billingDay,
      due_day: dueDay,
      last_four_digits: "4821",
    });
    const purchase = (amount: string, description: string, date: string, tagIds: string[] = []) =>
      postJson(page, `${api}/cards/${card.uuid}/purchase`, { amount, description, date, tag_ids: tagIds });
    await purchase("40.00", "Farmácia São João", addDays(today, -10));
    await purchase("87.35", "Supermercado Zona Sul", today, [tag.uuid]);
    await purchase("12.50", "Padaria", today);

    await gotoHydrated(page, `/workspaces/${workspaceId}/cards?card=${card.uuid}`);
    const panel = page.getByRole("region", { name: "Current statement" });
    await panel.waitFor();
    const lines = panel.getByTestId("statement-line");
    expect(await lines.allInnerTexts()).toEqual([
      expect.stringMatching(/Supermercado Zona Sul\s+Casa\s+R\$87\.35/),
      expect.stringMatching(/Padaria\s+R\$12\.50/),
    ]);
    expect(await panel.getByTestId("statement-total").innerText()).toBe("R$99.85");
    expect(await panel.getByTestId("statement-paid").innerText()).toBe("R$0.00");
    expect(await panel.getByTestId("statement-remaining").innerText()).toBe("R$99.85");
    await panel.getByText("Earlier statements still owe R$40.00").waitFor();
    // No empty months from before the card: the open statement and the one holding the backdated purchase.
    // The list stays whichever statement is shown (the panel's name follows the statement).
    const statementLinks = page.getByRole("list", { name: "Statements" }).getByRole("link");
    expect(await statementLinks.count()).toBe(2);

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/cards?card=${card.uuid}`,
      name: "card-statement",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // A viewer reads the same statement but is offered no payment.
    const viewerEmail = `faturas-viewer-${stamp}@example.com`;
    await postJson(page, `${api}/members`, { email: viewerEmail, role: "viewer" });
    const viewer = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(viewer.page, viewerEmail);
    await viewer.page.getByLabel("Your name").fill("Vic Viewer");
    await viewer.page.getByRole("button", { name: "Complete setup" }).click();
    await viewer.page.waitForURL(/\/workspaces(\/|$)/);
    await gotoHydrated(viewer.page, `/workspaces/${workspaceId}/cards?card=${card.uuid}`);
    const viewersPanel = viewer.page.getByRole("region", { name: "Current statement" });
    await viewersPanel.getByText("Supermercado Zona Sul").waitFor();
    expect(await viewersPanel.getByTestId("statement-remaining").innerText()).toBe("R$99.85");
    expect(await viewer.page.getByRole("button", { name: "Pay statement" }).count()).toBe(0);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();

    // The statement before: its one purchase; paying it from there fills in its 40.00.
    await statementLinks.last().click();
    const previous = page.getByRole("region", { name: / statement$/ });
    await previous.getByRole("heading", { level: 2, name: /^[A-Z][a-z]{2} \d{4} statement$/ }).waitFor();
    expect(await previous.getByTestId("statement-line").allInnerTexts()).toEqual([
      expect.stringMatching(/Farmácia São João\s+R\$40\.00/),
    ]);
    await previous.getByRole("button", { name: "Pay statement" }).click();
    const wizard = page.getByRole("dialog", { name: "New transaction" });
    await wizard.getByLabel("Amount").waitFor();
    expect(await wizard.getByLabel("Amount").inputValue()).toBe("40.00");
    expect(await wizard.getByLabel("Description").inputValue()).toMatch(/^Statement payment \(Nubank, \w{3} \d{4}\)$/);
    await captureScreenshot(page, "card-statement-pay-desktop-en-US");
    await wizard.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Transaction created").waitFor();
    await wizard.waitFor({ state: "detached" });
    await expect.poll(() => previous.getByTestId("statement-remaining").innerText()).toBe("R$0.00");
    expect(await previous.getByRole("button", { name: "Pay statement" }).count()).toBe(0);

    // The open statement: nothing earlier is owed now, so its own remaining is offered, and paid.
    await statementLinks.first().click();
    await panel.waitFor();
    await panel.getByText("Earlier statements still owe").waitFor({ state: "detached" });
    await panel.getByRole("button", { name: "Pay statement" }).click();
    expect(await wizard.getByLabel("Amount").inputValue()).toBe("99.85");
    // The first payment's toast stays 5 s; gone first, the toast awaited next can only be this payment's.
    await toastWith(page, "Transaction created").waitFor({ state: "detached" });
    await wizard.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Transaction created").waitFor();
    await expect.poll(() => panel.getByTestId("statement-remaining").innerText()).toBe("R$0.00");
    expect(await panel.getByTestId("statement-paid").innerText()).toBe("R$99.85");

    // A debit card has no statements: its latest purchases show instead.
    const debit = await postJson(page, `${api}/cards`, {
      name: "Elo Débito",
      account_uuid: account.uuid,
      type: "debit",
    });
    await postJson(page, `${api}/cards/${debit.uuid}/purchase`, { amount: "7.50", description: "Café", date: today });
    await reloadHydrated(page);
    await page.getByRole("link", { name: "Show statements of Elo Débito" }).click();
    const recent = page.getByRole("region", { name: "Recent purchases" });
    await recent.waitFor();
    expect(await recent.getByTestId("statement-line").allInnerTexts()).toEqual([
      expect.stringMatching(/Café\s+R\$7\.50/),
    ]);
    expect(await page.getByRole("heading", { name: "Current statement" }).count()).toBe(0);
    const debitLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/cards?card=${debit.uuid}`,
      name: "card-recent-purchases",
      cookies,
    });
    expect(debitLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(opened.problems).toEqual([]);
    await opened.context.close();
  });

  it("the card form takes a closing day and a due day and names the best day to buy", async () => {
    const stamp = Date.now();
    const opened = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    const { page } = opened;
    const workspaceId = await signUpWithWorkspace(page, `vencimento-${stamp}@example.com`, "Vera Vence", "Casa");
    // Signed up in English (the helper reads English labels); the app then speaks Portuguese by choice.
    await opened.context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const created = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers: { Origin: baseURL },
      data: { name: "Nubank Conta", type: "checking", currency: "BRL", balance: "100" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await gotoHydrated(page, `/workspaces/${workspaceId}/cards`);
    await page.getByRole("button", { name: "Adicionar o primeiro cartão" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome").fill("Roxinho");
    await dialog.getByLabel("Limite de crédito").fill("1.500,00");
    await dialog.getByLabel("Dia de fechamento").fill("25");
    // A new card's due day follows the closing day, 10 days on, until it is set.
    expect(await dialog.getByLabel("Dia de vencimento").inputValue()).toBe("5");
    const hint = dialog.getByTestId("card-cycle-hint");
    expect(await hint.innerText()).toBe(
      "Melhor dia de compra: dia 26, o dia seguinte ao fechamento; compras a partir dele entram na fatura seguinte. Fecha no dia 25 e vence no dia 5 do mês seguinte.",
    );
    await dialog.getByLabel("Dia de vencimento").fill("32");
    await dialog.getByRole("button", { name: "Criar cartão" }).click();
    await dialog.getByTestId("card-form-errors").getByText("Escolha um dia de vencimento de 1 a 31").waitFor();
    await dialog.getByLabel("Dia de fechamento").fill("3");
    await dialog.getByLabel("Dia de vencimento").fill("13");
    await hint.getByText("Fecha no dia 3 e vence no dia 13 do mesmo mês.").waitFor();
    await captureScreenshot(page, "card-dialog-due-day-mobile-pt-BR");
    await dialog.getByRole("button", { name: "Criar cartão" }).click();
    await toastWith(page, "“Roxinho” foi criado").waitFor();
    const cards = (await (await page.request.get(`/api/workspaces/${workspaceId}/cards`)).json()).data;
    expect(
      cards.map((card: { billing_cycle_day: number; due_day: number }) => [card.billing_cycle_day, card.due_day]),
    ).toEqual([[3, 13]]);
    expect(opened.problems).toEqual([]);
    await opened.context.close();
  });
});
