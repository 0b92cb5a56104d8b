import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatAmountText } from "../../worker/i18n/formats.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  screenshotEveryLayout,
  toastWith,
  waitForHydration,
} from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signInThroughLogin, signUpWithWorkspace } from "./support/sign-in.ts";

const organizze = join(import.meta.dirname, "..", "fixtures", "move-in", "organizze.csv");

/** The same export cut to its first ten days of October: every date reads as day/month and as month/day. */
const ambiguousExport = () => {
  const [header, ...rows] = readFileSync(organizze, "utf8").trimEnd().split("\n");
  const early = rows.filter((row) => Number(row.slice(0, 2)) <= 12 && row.slice(3, 5) === "10");
  return { name: "organizze-outubro.csv", mimeType: "text/csv", buffer: Buffer.from([header, ...early].join("\n")) };
};

async function blockingViolations(page: Page, screen: string) {
  const found = await accessibilityViolations(page, screen);
  return describeViolations(
    found.filter((violation) => violation.impact !== null && blockingImpacts.includes(violation.impact)),
  );
}

/** The accounts page's row of an account: its name and its balance. */
const accountRow = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/**
 * "Bring your history": a member moves in from Organizze through the workspace's settings, in
 * Portuguese — the preview with the accounts, the card and the tags to create, the transfer paired,
 * the unpaid bill left out — sees the balances on the accounts page, and undoes it from the recent
 * move-ins; on a phone in English, a file whose dates read both ways is asked about, brought in and
 * undone from the summary. The preview in every layout, with axe on the preview and the summary.
 */
describe("bringing your history from another app in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openMoveIn(page: Page, button: string) {
    await page.getByRole("button", { name: button }).click();
    await page.getByRole("dialog").locator("#move-in-file").waitFor();
  }

  it("a member brings in an Organizze export in Portuguese, finds its balances, and undoes it", async () => {
    const stamp = Date.now();
    const owner = await openPage(browser, { baseURL, locale: "pt-BR" });
    const workspaceId = await signUpWithWorkspace(
      owner.page,
      `move-in-owner-${stamp}@example.com`,
      "Olga Dona",
      "Casa",
    );
    const memberEmail = `move-in-member-${stamp}@example.com`;
    await postJson(owner.page, `/api/workspaces/${workspaceId}/members`, { email: memberEmail, role: "member" });
    await owner.context.close();

    // The member signs in (the helper reads the English page), then reads the app in Portuguese.
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(page, memberEmail);
    await page.getByLabel("Your name").fill("Marina Membro");
    await page.getByRole("button", { name: "Complete setup" }).click();
    await page.waitForURL(/\/workspaces(\/|$)/);
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    await page.getByRole("heading", { name: "Trazer seu histórico" }).waitFor();
    // The whole workspace's zip is the owner's and admins'; a member may bring history in.
    expect(await page.getByRole("heading", { name: "Seus dados" }).count()).toBe(0);

    await openMoveIn(page, "Trazer de outro app");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("list", { name: "O Moneta lê as exportações de" }).getByText("Firefly III").waitFor();
    await dialog.locator("#move-in-file").setInputFiles(organizze);
    await dialog.getByRole("button", { name: "Pré-visualizar" }).click();
    await dialog.getByRole("heading", { name: "Uma exportação do Organizze" }).waitFor();
    const places = dialog.getByRole("region", { name: "Contas e cartões" }).getByRole("listitem");
    const place = (name: string) => places.filter({ has: page.getByText(name, { exact: true }) });
    await expect.poll(() => places.count()).toBe(3);
    expect(await place("Itaú Conta Corrente").innerText()).toContain("A criar");
    expect(await place("Poupança Itaú").innerText()).toContain("A criar");
    expect(await place("Nubank").innerText()).toMatch(
      /Cartão · BRL · 2 transações · Pago pela conta Itaú Conta Corrente/,
    );
    await dialog.getByRole("list", { name: "A criar" }).getByText("Alimentação").waitFor();
    // Ten rows: the transfer written in both accounts is one transaction, the bill "A pagar" is left out.
    await dialog.getByText("8 novas").waitFor();
    await dialog.getByText("1 a pagar ou a receber, fica de fora").waitFor();
    const rows = dialog.locator("tbody tr");
    expect(await rows.count()).toBe(8);
    expect(await rows.filter({ hasText: "Itaú Conta Corrente → Poupança Itaú" }).count()).toBe(1);
    expect(await blockingViolations(page, "the move-in's preview")).toEqual([]);
    await captureScreenshot(page, "move-in-member-preview-desktop-pt-BR");
    await dialog.getByRole("button", { name: "Trazer 8 transações" }).scrollIntoViewIfNeeded();
    await captureScreenshot(page, "move-in-member-preview-lines-desktop-pt-BR");

    await dialog.getByRole("button", { name: "Trazer 8 transações" }).click();
    await dialog.getByText("8 transações criadas").waitFor();
    await dialog.getByText("3 contas e cartões criados").waitFor();
    expect(await blockingViolations(page, "the move-in's summary")).toEqual([]);
    await captureScreenshot(page, "move-in-summary-desktop-pt-BR");

    // 8.500 − 2.300 − 412,37 − 1.000 − 89,90 in the checking account; 1.000 + 12,45 in the savings.
    await dialog.getByRole("link", { name: "Ver as contas" }).click();
    await page.waitForURL(/\/accounts$/);
    const money = (amount: string) => formatAmountText(amount, "BRL", "pt-BR");
    await expect.poll(() => accountRow(page, "Itaú Conta Corrente").innerText()).toContain(money("4697.73"));
    expect(await accountRow(page, "Poupança Itaú").innerText()).toContain(money("1012.45"));

    // Undone from the recent move-ins, after asking: the accounts it created go with their transactions.
    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    const recent = page.getByRole("region", { name: "Mudanças recentes" });
    await recent.getByText("organizze.csv · Organizze").waitFor();
    await recent.getByRole("button", { name: "Desfazer organizze.csv" }).click();
    await page.getByRole("dialog", { name: "Desfazer esta mudança?" }).waitFor();
    await page.getByRole("button", { name: "Desfazer mudança" }).click();
    await toastWith(page, "Mudança desfeita").waitFor();
    await recent.getByText("Desfeita", { exact: true }).waitFor();
    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    expect(await page.getByRole("heading", { name: "Itaú Conta Corrente" }).count()).toBe(0);
    const accounts = await (await page.request.get(`/api/workspaces/${workspaceId}/accounts`)).json();
    expect(accounts.data).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks how a file's dates read, leaves a possible duplicate out unless ticked, on a phone in English, and undoes from the summary", async () => {
    // A browser in Portuguese sets the workspace up in reais; the app is then read in English.
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    const workspaceId = await signUpWithWorkspace(
      page,
      `move-in-dates-${Date.now()}@example.com`,
      "Davi Datas",
      "Casa",
    );
    // The checking account is already here, with the rent paid a day later than the file says.
    const api = `/api/workspaces/${workspaceId}`;
    const checking = await postJson(page, `${api}/accounts`, {
      name: "Itaú Conta Corrente",
      type: "checking",
      currency: "BRL",
      balance: "5000.00",
    });
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      amount: "2300.00",
      description: "Aluguel outubro",
      origin_id: `account:${checking.uuid}`,
      date: "2026-10-04",
    });
    await context.addCookies([{ name: "lang", value: "en", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    await openMoveIn(page, "Bring in from another app");
    const dialog = page.getByRole("dialog");
    await dialog.locator("#move-in-file").setInputFiles(ambiguousExport());
    await dialog.getByRole("button", { name: "Preview" }).click();
    const question = dialog.getByRole("group", { name: "The dates in this file are" });
    await question.waitFor();
    // The question takes the focus, on its first answer.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe("dmy");
    await captureScreenshot(page, "move-in-dates-mobile-en-US");
    await question.getByLabel("Day/month (31/12/2026)").check();
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByRole("heading", { name: "An export from Organizze" }).waitFor();
    const places = dialog.getByRole("region", { name: "Accounts and cards" }).getByRole("listitem");
    expect(await places.filter({ has: page.getByText("Itaú Conta Corrente", { exact: true }) }).innerText()).toContain(
      "Already in Moneta",
    );
    await dialog.getByText("5 new").waitFor();
    await dialog.getByText("1 possible duplicate").waitFor();
    const rent = dialog.getByRole("listitem").filter({ hasText: "Looks like “Aluguel outubro” on 10/04/2026" });
    await rent.getByText("Possible duplicate").waitFor();
    expect(await blockingViolations(page, "the move-in's preview on a phone")).toEqual([]);
    await captureScreenshot(page, "move-in-preview-duplicate-mobile-en-US");
    await dialog.getByRole("button", { name: "Bring in 5 transactions" }).waitFor();
    await rent.getByRole("checkbox", { name: "Bring this line in anyway: Aluguel" }).click();
    await dialog.getByRole("button", { name: "Bring in 6 transactions" }).click();
    await dialog.getByText("6 transactions created").waitFor();
    await dialog.getByText("2 accounts and cards created").waitFor();
    expect(await blockingViolations(page, "the move-in's summary on a phone")).toEqual([]);
    await captureScreenshot(page, "move-in-summary-mobile-en-US");

    await dialog.getByRole("button", { name: "Undo", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Undo this move-in?" })
      .getByRole("button", { name: "Undo move-in" })
      .click();
    await toastWith(page, "Move-in undone").waitFor();
    await dialog.getByRole("heading", { name: "Move-in undone" }).waitFor();
    // The Undo button leaves; the focus stays in the dialog, on Done.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Done");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("region", { name: "Recent move-ins" }).getByText("Undone", { exact: true }).waitFor();
    // What it created is gone; the account that was here stays, with its own balance.
    const accounts = (await (await page.request.get(`${api}/accounts`)).json()).data as Array<{
      name: string;
      balance: string;
    }>;
    expect(accounts.map(({ name, balance }) => ({ name, balance }))).toEqual([
      { name: "Itaú Conta Corrente", balance: "2700.00" },
    ]);
    // The one problem is the browser logging the 422 that asked about the dates, which the dialog showed.
    expect(problems).toEqual([
      "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ]);
    await context.close();
  });

  it("shows the preview without sideways scrolling in every layout", async () => {
    const { page, context } = await openPage(browser, { baseURL, locale: "pt-BR" });
    const workspaceId = await signUpWithWorkspace(
      page,
      `move-in-layouts-${Date.now()}@example.com`,
      "Lia Layout",
      "Casa",
    );
    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    await context.close();
    const dialogOverflow: string[] = [];
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/settings`,
      name: "move-in-preview",
      cookies,
      async prepare(page) {
        await waitForHydration(page);
        const isPortuguese = (await page.locator("html").getAttribute("lang")) === "pt-BR";
        await openMoveIn(page, isPortuguese ? "Trazer de outro app" : "Bring in from another app");
        const dialog = page.getByRole("dialog");
        await dialog.locator("#move-in-file").setInputFiles(organizze);
        await dialog.getByRole("button", { name: isPortuguese ? "Pré-visualizar" : "Preview" }).click();
        await dialog
          .getByRole("button", { name: isPortuguese ? "Trazer 8 transações" : "Bring in 8 transactions" })
          .waitFor();
        const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
        if (overflow > 0)
          dialogOverflow.push(`${page.viewportSize()?.width}px ${isPortuguese ? "pt-BR" : "en"}: ${overflow}px`);
      },
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(dialogOverflow).toEqual([]);
  });
});
