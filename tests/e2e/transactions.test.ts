import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  layoutsToLookAt,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { signInThroughLogin, signUpWithWorkspace } from "./support/sign-in.ts";

type Ids = { workspaceId: string; nubank: string; wise: string; card: string; food: string; home: string };

/** Cookie-authenticated API calls from the page's own origin, as the browser app would make them. */
async function api<T>(page: Page, baseURL: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/workspaces${path}`, { method, data, headers: { Origin: baseURL } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function seedLedger(page: Page, baseURL: string, workspaceId: string): Promise<Ids> {
  const post = <T>(path: string, data: unknown) =>
    api<T & { uuid: string }>(page, baseURL, "POST", `/${workspaceId}${path}`, data);
  const nubank = await post("/accounts", { name: "Nubank", type: "checking", currency: "BRL", balance: "1000.00" });
  const wise = await post("/accounts", { name: "Wise", type: "checking", currency: "USD", balance: "500.00" });
  const card = await post("/cards", {
    name: "Roxinho",
    account_uuid: nubank.uuid,
    type: "credit",
    credit_limit: "2000.00",
    last_four_digits: "1234",
  });
  const food = await post("/tags", { name: "Food", color: "#E53935" });
  const home = await post("/tags", { name: "Home", color: "#FFDB6D" });
  return { workspaceId, nubank: nubank.uuid, wise: wise.uuid, card: card.uuid, food: food.uuid, home: home.uuid };
}

/** Clicks the tile or segment whose (visually hidden) radio has this name. */
const pick = (scope: Locator, name: RegExp | string) =>
  scope
    .locator("label")
    .filter({ has: scope.page().getByRole("radio", { name }) })
    .click();

/** Steps 1 and 2 of the wizard: the kind, then origin/destination by value ("account:{uuid}"). */
async function chooseKindAndLegs(
  page: Page,
  kind: RegExp,
  legs: { origin?: string; destination?: string; originMethod?: string },
) {
  const dialog = page.getByRole("dialog");
  const next = dialog.getByRole("button", { name: /^(Next|Próximo)$/ });
  expect(await next.isDisabled()).toBe(true);
  await pick(dialog, kind);
  // Enter on the chosen tile goes on, like the Next button.
  await dialog.getByRole("radio", { name: kind }).press("Enter");
  await dialog.getByText(/Step 2 of 3|Etapa 2 de 3/).waitFor();
  if (legs.originMethod) await pick(dialog.locator("fieldset").first(), legs.originMethod);
  if (legs.origin) {
    if (legs.origin.startsWith("card:") && !legs.originMethod)
      await pick(dialog.locator("fieldset").first(), /Card|Cartão/);
    await dialog.locator("#tx-origin").selectOption(legs.origin);
  }
  if (legs.destination) {
    if (legs.destination.startsWith("card:") && (await dialog.locator('input[name="tx-destination-method"]').count())) {
      await dialog
        .locator("label")
        .filter({ has: page.locator('input[name="tx-destination-method"][value="card"]') })
        .click();
    }
    await dialog.locator("#tx-destination").selectOption(legs.destination);
  }
  await next.click();
  await dialog.getByText(/Step 3 of 3|Etapa 3 de 3/).waitFor();
}

async function fillDetails(
  page: Page,
  details: { amount: string; description: string; tags?: string[]; rate?: string },
) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^(Amount|Valor)$/).fill(details.amount);
  if (details.rate) await dialog.getByLabel(/Conversion rate|Taxa de conversão/).fill(details.rate);
  await dialog.getByLabel(/^(Description|Descrição)$/).fill(details.description);
  for (const tag of details.tags ?? []) await dialog.getByRole("button", { name: tag }).click();
}

async function createThroughWizard(
  page: Page,
  kind: RegExp,
  legs: Parameters<typeof chooseKindAndLegs>[2],
  details: Parameters<typeof fillDetails>[1],
) {
  await page.getByRole("button", { name: "New transaction" }).first().click();
  await chooseKindAndLegs(page, kind, legs);
  await fillDetails(page, details);
  await page.getByRole("dialog").getByRole("button", { name: "Create transaction" }).click();
  await toastWith(page, "Transaction created").last().waitFor();
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

const rowOf = (page: Page, description: string) => page.getByTestId("transaction-row").filter({ hasText: description });

describe("transactions in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("records every kind through the wizard, converts across currencies, edits, deletes, filters and moves the balances", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `tx-${Date.now()}@example.com`, "Tess Tx", "Home money");
    const ids = await seedLedger(page, baseURL, workspaceId);
    const path = `/workspaces/${workspaceId}/transactions`;
    await gotoHydrated(page, path);
    await page.getByRole("heading", { level: 1, name: "Transactions" }).waitFor();
    expect(await page.title()).toBe("Transactions · Home money — Moneta");
    await page.getByText("No transactions yet").waitFor();

    // Escape closes the wizard without saving anything.
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await page.getByRole("dialog").getByText("Step 1 of 3").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await createThroughWizard(
      page,
      /^Income/,
      { destination: `account:${ids.nubank}` },
      { amount: "3000.00", description: "Salary" },
    );
    await createThroughWizard(
      page,
      /^Expense/,
      { origin: `card:${ids.card}` },
      { amount: "250.00", description: "Groceries", tags: ["Food"] },
    );
    await createThroughWizard(
      page,
      /^Expense/,
      { origin: `account:${ids.nubank}` },
      { amount: "1200.00", description: "Rent", tags: ["Home"] },
    );

    // A transfer from BRL to USD asks for the rate and previews both sides in integer cents.
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await chooseKindAndLegs(page, /^Transfer/, { origin: `account:${ids.nubank}`, destination: `account:${ids.wise}` });
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Currency").inputValue()).toBe("BRL");
    // The server's refusal shows inline on its field and in the red box; the dialog stays open.
    await fillDetails(page, { amount: "0.01", rate: "0.1", description: "To Wise" });
    await dialog.getByText("R$0.01 leaves · $0.00 arrives").waitFor();
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    await dialog.getByRole("alert").filter({ hasText: "The transaction could not be saved." }).waitFor();
    await dialog.getByText("The converted amount is less than one cent").waitFor();
    await fillDetails(page, { amount: "100.00", rate: "0.19", description: "To Wise" });
    await dialog.getByText("R$100.00 leaves · $19.00 arrives").waitFor();
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Transaction created").last().waitFor();

    // Paying a card: the card list waits for the account, and offers only that account's credit cards.
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await pick(page.getByRole("dialog"), /^Pay credit card/);
    await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
    expect(await page.locator("#tx-destination option").first().textContent()).toBe("Select an account first");
    await page.locator("#tx-origin").selectOption(`account:${ids.wise}`);
    expect(await page.locator("#tx-destination option").first().textContent()).toBe("No cards for this account");
    await page.keyboard.press("Escape");
    await createThroughWizard(
      page,
      /^Pay credit card/,
      { origin: `account:${ids.nubank}`, destination: `card:${ids.card}` },
      { amount: "250.00", description: "Card bill" },
    );

    // The list: five rows under one day, signs and colours by direction, both sides of the conversion.
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(5);
    expect(await rowOf(page, "Salary").textContent()).toContain("+R$3,000.00");
    expect(await rowOf(page, "Rent").textContent()).toContain("-R$1,200.00");
    expect(await rowOf(page, "To Wise").textContent()).toContain("$19.00 USD arrives");
    expect(await rowOf(page, "Groceries").textContent()).toContain("Food");

    // Editing pre-fills the wizard (kind and legs included) and saves the new amount.
    await page.getByRole("button", { name: "Edit Groceries" }).click();
    expect(
      await page
        .getByRole("dialog")
        .getByRole("radio", { name: /^Expense/ })
        .isChecked(),
    ).toBe(true);
    await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
    expect(await page.locator("#tx-origin").inputValue()).toBe(`card:${ids.card}`);
    await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
    await page.getByRole("dialog").getByLabel("Amount").fill("300.00");
    await page.getByRole("dialog").getByRole("button", { name: "Update transaction" }).click();
    await toastWith(page, "Transaction updated").waitFor();
    await rowOf(page, "Groceries").getByText("-R$300.00").waitFor();

    // Cancelling changes nothing and gives focus back to the row's button.
    await page.getByRole("button", { name: "Delete Rent" }).click();
    await page.getByRole("dialog").getByText("“Rent”", { exact: false }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Delete Rent");
    await page.getByRole("button", { name: "Delete Rent" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete transaction" }).click();
    await toastWith(page, "Transaction deleted").waitFor();
    await rowOf(page, "Rent").waitFor({ state: "detached" });

    // Balances: 1000 + 3000 − 100 − 250 = 3650 BRL; 500 + 19 USD; the card owes 300 − 250.
    const accounts = await api<Array<{ uuid: string; balance_cents: number }>>(
      page,
      baseURL,
      "GET",
      `/${workspaceId}/accounts`,
    );
    expect(Object.fromEntries(accounts.map((account) => [account.uuid, account.balance_cents]))).toEqual({
      [ids.nubank]: 365_000,
      [ids.wise]: 51_900,
    });
    const cards = await api<Array<{ uuid: string; debt_cents: number }>>(page, baseURL, "GET", `/${workspaceId}/cards`);
    expect(cards.find((card) => card.uuid === ids.card)?.debt_cents).toBe(5_000);

    // Filters live in the address: reload and Back keep them.
    await page.getByLabel("Search", { exact: true }).fill("Groc");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/search=Groc/);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(1);
    await reloadHydrated(page);
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe("Groc");
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(1);
    await page.getByLabel("Search", { exact: true }).fill("");
    await page.getByLabel("Kind", { exact: true }).selectOption("income");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/type=income/);
    await expect
      .poll(() => page.getByTestId("transaction-row").allTextContents())
      .toEqual([expect.stringContaining("Salary")]);
    await page.goBack();
    await page.waitForURL(/search=Groc/);
    await expect.poll(() => page.getByLabel("Search", { exact: true }).inputValue()).toBe("Groc");
    await page.getByLabel("Tag", { exact: true }).selectOption(ids.home);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Nothing matches these filters").waitFor();
    await page.getByRole("link", { name: "Clear filters" }).last().click();
    await page.waitForURL(`${baseURL}${path}`);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(4);

    // Twenty per page, with page links that keep the filters.
    for (let day = 10; day < 28; day++) {
      await api(page, baseURL, "POST", `/${workspaceId}/transactions`, {
        type: "expense",
        origin_id: `account:${ids.wise}`,
        amount: "1.00",
        description: `Coffee ${day}`,
        date: `2025-12-${day}`,
      });
    }
    await reloadHydrated(page);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(20);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => page.getByTestId("transaction-row").allTextContents())
      .toEqual([expect.stringContaining("Coffee 11"), expect.stringContaining("Coffee 10")]);
    await page.getByRole("heading", { level: 2, name: "December 10, 2025" }).waitFor();

    // An old link past the end says which page it asked for and how many there are, and leads back.
    await gotoHydrated(page, new URL(page.url()).pathname + new URL(page.url()).search.replace("page=2", "page=99"));
    await page.getByRole("heading", { level: 2, name: "Page 99 of 2: the list ends at page 2" }).waitFor();
    await page.getByRole("link", { name: "Go to page 2" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(2);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const pages = await screenshotEveryLayout(browser, { baseURL, path, name: "transactions", cookies });
    expect(pages.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    await screenshotWizard(browser, baseURL, path, cookies, ids);
    // A viewer reads the list but is offered no way to change it.
    const viewerEmail = `tx-viewer-${Date.now()}@example.com`;
    await api(page, baseURL, "POST", `/${workspaceId}/members`, { email: viewerEmail, role: "viewer" });
    const viewer = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(viewer.page, viewerEmail);
    await viewer.page.getByLabel("Your name").fill("Vera Viewer");
    await viewer.page.getByRole("button", { name: "Complete setup" }).click();
    await viewer.page.waitForURL(/\/workspaces(\/|$)/);
    await gotoHydrated(viewer.page, path);
    await expect.poll(() => viewer.page.getByTestId("transaction-row").count()).toBe(20);
    expect(await viewer.page.getByRole("button", { name: "New transaction" }).count()).toBe(0);
    expect(await viewer.page.getByRole("button", { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();

    // The one 422 is the refused sub-cent conversion above; the browser logs every 4xx response.
    expect(problems.filter((problem) => !problem.includes("status of 422"))).toEqual([]);
    await context.close();
  }, 240_000);
});

/** The wizard at steps 1, 2 and 3 (a cross-currency transfer) in every layout. */
async function screenshotWizard(
  browser: Browser,
  baseURL: string,
  path: string,
  cookies: Array<{ name: string; value: string }>,
  ids: Ids,
) {
  for (const { viewport, locale } of layoutsToLookAt) {
    const { context, page } = await openPage(browser, { baseURL, locale, viewport });
    await context.addCookies(
      [...cookies, { name: "lang", value: locale === "pt-BR" ? "pt-BR" : "en" }].map((cookie) => ({
        ...cookie,
        url: baseURL,
      })),
    );
    await gotoHydrated(page, path);
    if (viewport === "mobile") {
      // On phones the filters sit in a sheet behind one button.
      await page.getByRole("button", { name: locale === "pt-BR" ? "Filtros" : "Filters" }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: locale === "pt-BR" ? "Aplicar filtros" : "Apply filters" })
        .waitFor();
      await captureScreenshot(page, `transactions-filters-${viewport}-${locale}`);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await page
      .getByRole("button", { name: locale === "pt-BR" ? "Nova transação" : "New transaction" })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await captureScreenshot(page, `transactions-wizard-step1-${viewport}-${locale}`);
    await pick(dialog, /^(Transfer|Transferência)/);
    await dialog.getByRole("button", { name: /^(Next|Próximo)$/ }).click();
    await dialog.locator("#tx-origin").selectOption(`account:${ids.nubank}`);
    await dialog.locator("#tx-destination").selectOption(`account:${ids.wise}`);
    await captureScreenshot(page, `transactions-wizard-step2-${viewport}-${locale}`);
    await dialog.getByRole("button", { name: /^(Next|Próximo)$/ }).click();
    await fillDetails(page, { amount: "100.00", rate: "0.19", description: "Wise", tags: ["Food"] });
    await captureScreenshot(page, `transactions-wizard-step3-${viewport}-${locale}`);
    await context.close();
  }
}
