import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout, toastWith } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

type StoredTransaction = {
  description: string;
  amount_cents: number;
  destination_amount_cents: number;
  currency_conversion: string | null;
};
type Labels = {
  newTransaction: string;
  next: RegExp;
  create: string;
  created: string;
  amount: string;
  rate: RegExp;
  description: string;
};

const portuguese: Labels = {
  newTransaction: "Nova transação",
  next: /^Próximo$/,
  create: "Criar transação",
  created: "Transação criada",
  amount: "Valor",
  rate: /Taxa de conversão/,
  description: "Descrição",
};
const english: Labels = {
  newTransaction: "New transaction",
  next: /^Next$/,
  create: "Create transaction",
  created: "Transaction created",
  amount: "Amount",
  rate: /Conversion rate/,
  description: "Description",
};

/** Every space Intl prints (no-break ones included) as a plain space, to compare page text. */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

async function getData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/workspaces${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const storedTransactions = (page: Page, workspaceId: string) =>
  getData<StoredTransaction[]>(page, `/${workspaceId}/transactions?per_page=100`);

/** Clicks the tile or segment whose (visually hidden) radio has this name. */
const pick = (scope: Locator, name: RegExp) =>
  scope
    .locator("label")
    .filter({ has: scope.page().getByRole("radio", { name }) })
    .click();

/** Opens the wizard and walks to step 3 with this kind and these legs ("account:{uuid}"). */
async function openDetails(
  page: Page,
  labels: Labels,
  kind: RegExp,
  legs: { origin?: string; destination?: string },
): Promise<Locator> {
  await page.getByRole("button", { name: labels.newTransaction }).first().click();
  const dialog = page.getByRole("dialog");
  await pick(dialog, kind);
  await dialog.getByRole("button", { name: labels.next }).click();
  if (legs.origin) await dialog.locator("#tx-origin").selectOption(legs.origin);
  if (legs.destination) await dialog.locator("#tx-destination").selectOption(legs.destination);
  await dialog.getByRole("button", { name: labels.next }).click();
  await dialog.getByLabel(labels.amount, { exact: true }).waitFor();
  return dialog;
}

async function save(page: Page, dialog: Locator, labels: Labels, description: string) {
  await dialog.getByLabel(labels.description, { exact: true }).fill(description);
  await dialog.getByRole("button", { name: labels.create }).click();
  await toastWith(page, labels.created).last().waitFor();
  await dialog.waitFor({ state: "detached" });
}

describe("amounts typed the way people write them, in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a Portuguese page stores 49,90 as 49.90, 1.234,56, 1.500, a limit of 5000,50 and a rate of 0,18, filters by them, and refuses 12.34 at the field", async () => {
    const signUp = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(
      signUp.page,
      `typed-pt-${Date.now()}@example.com`,
      "Tina Typed",
      "Casa",
    );
    // A Portuguese browser on a Portuguese page, as in the report.
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    const session = (await signUp.context.cookies()).filter((cookie) => cookie.name !== "lang");
    await context.addCookies(
      [...session, { name: "lang", value: "pt-BR" }].map(({ name, value }) => ({ name, value, url: baseURL })),
    );
    await signUp.context.close();

    // Zero reads as Portuguese does it ("Nenhuma transação", not "0 transação").
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByText("Nenhuma transação", { exact: true }).waitFor();

    // Opening balance: "1.500" is one thousand five hundred; "12.34" is refused at the field.
    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    await page.getByRole("button", { name: "Nova conta" }).first().click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome", { exact: true }).fill("Nubank");
    await dialog.getByLabel("Moeda").selectOption("BRL");
    const balance = dialog.getByLabel("Saldo inicial");
    await balance.fill("12.34");
    await dialog.getByRole("button", { name: "Criar conta" }).click();
    await dialog.getByText("Valor ambíguo: use vírgula antes dos centavos, como 1.234,56").waitFor();
    expect(await balance.getAttribute("aria-invalid")).toBe("true");
    expect(await getData<unknown[]>(page, `/${workspaceId}/accounts`)).toEqual([]);
    await balance.fill("1.500");
    await dialog.getByRole("button", { name: "Criar conta" }).click();
    await toastWith(page, "“Nubank” foi criada").waitFor();
    const created = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers: { Origin: baseURL },
      data: { name: "Wise", type: "checking", currency: "USD", balance: "0" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const accounts = await getData<Array<{ uuid: string; name: string; balance_cents: number }>>(
      page,
      `/${workspaceId}/accounts`,
    );
    const nubank = accounts.find((account) => account.name === "Nubank")!;
    const wise = accounts.find((account) => account.name === "Wise")!;
    expect(nubank.balance_cents).toBe(150_000);

    // Card limit "5000,50", and it comes back written the Portuguese way when the card is edited.
    await gotoHydrated(page, `/workspaces/${workspaceId}/cards`);
    await page.getByRole("button", { name: "Adicionar o primeiro cartão" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Conta", { exact: true }).selectOption(nubank.uuid);
    await dialog.getByLabel("Nome", { exact: true }).fill("Roxinho");
    await dialog.getByLabel("Limite de crédito").fill("5000,50");
    await dialog.getByLabel("Últimos quatro dígitos").fill("1234");
    await dialog.getByRole("button", { name: "Criar cartão" }).click();
    await toastWith(page, "“Roxinho” foi criado").waitFor();
    const [card] = await getData<Array<{ name: string; credit_limit: string }>>(page, `/${workspaceId}/cards`);
    expect(card).toMatchObject({ name: "Roxinho", credit_limit: "5000.50" });
    await page.getByRole("button", { name: "Ações de Roxinho" }).click();
    await page.getByRole("menuitem", { name: "Editar" }).click();
    expect(await page.getByRole("dialog").getByLabel("Limite de crédito").inputValue()).toBe("5.000,50");
    await page.keyboard.press("Escape");

    // The wizard: "12.34" is refused where it was typed, and nothing can be saved; "49,90" is 49.90.
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    dialog = await openDetails(page, portuguese, /^Despesa/, { origin: `account:${nubank.uuid}` });
    const amount = dialog.getByLabel("Valor", { exact: true });
    await amount.fill("12.34");
    await amount.press("Tab");
    await dialog.getByText("Valor ambíguo: use vírgula antes dos centavos, como 1.234,56").waitFor();
    await dialog.getByLabel("Descrição", { exact: true }).fill("Mercado");
    expect(await dialog.getByRole("button", { name: "Criar transação" }).isDisabled()).toBe(true);
    await amount.fill("49,90");
    await dialog.getByText("Valor ambíguo", { exact: false }).waitFor({ state: "detached" });
    await save(page, dialog, portuguese, "Mercado");
    dialog = await openDetails(page, portuguese, /^Receita/, { destination: `account:${nubank.uuid}` });
    await dialog.getByLabel("Valor", { exact: true }).fill("1.234,56");
    await save(page, dialog, portuguese, "Salário");

    // Across currencies the rate "0,18" is 0.18: R$ 100,00 leave, US$ 18,00 arrive.
    dialog = await openDetails(page, portuguese, /^Transferência/, {
      origin: `account:${nubank.uuid}`,
      destination: `account:${wise.uuid}`,
    });
    await dialog.getByLabel("Valor", { exact: true }).fill("100");
    await dialog.getByLabel(portuguese.rate).fill("0,18");
    await expect
      .poll(async () => plain(await dialog.locator("#tx-rate-preview").textContent()))
      .toBe("Saem R$ 100,00 · chegam US$ 18,00");
    await save(page, dialog, portuguese, "Para a Wise");

    const stored = await storedTransactions(page, workspaceId);
    const byDescription = (description: string) =>
      stored.find((transaction) => transaction.description === description);
    expect(byDescription("Mercado")).toMatchObject({ amount_cents: 4_990 });
    expect(byDescription("Salário")).toMatchObject({ amount_cents: 123_456 });
    expect(byDescription("Para a Wise")).toMatchObject({
      amount_cents: 10_000,
      destination_amount_cents: 1_800,
      currency_conversion: "0.180000",
    });

    // Editing shows the stored amount the Portuguese way.
    await page.getByRole("button", { name: "Editar Mercado" }).click();
    await page.getByRole("dialog").getByRole("button", { name: portuguese.next }).click();
    await page.getByRole("dialog").getByRole("button", { name: portuguese.next }).click();
    expect(await page.getByRole("dialog").getByLabel("Valor", { exact: true }).inputValue()).toBe("49,90");
    await page.keyboard.press("Escape");

    // The amount filters: 49,90 to 100 keeps the groceries and the transfer.
    const rows = page.getByTestId("transaction-row");
    await page.getByLabel("Valor mínimo").fill("49,90");
    await page.getByLabel("Valor máximo").fill("100");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/min_amount=49%2C90/);
    await expect
      .poll(async () =>
        (await rows.allTextContents()).map((row) => /Mercado|Para a Wise|Salário/.exec(row)?.[0]).sort(),
      )
      .toEqual(["Mercado", "Para a Wise"]);
    // A refused filter says why at the field and changes nothing.
    const addressBefore = page.url();
    await page.getByLabel("Valor mínimo").fill("12,345");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.getByText("Use no máximo 2 casas decimais, como 1.234,56").waitFor();
    expect(page.url()).toBe(addressBefore);
    expect(await rows.count()).toBe(2);
    // An address holding typed amounts (a form sent before the page hydrated, a link) reads the same.
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions?min_amount=1.234,56`);
    await expect
      .poll(async () => (await rows.allTextContents()).map((row) => /Mercado|Para a Wise|Salário/.exec(row)?.[0]))
      .toEqual(["Salário"]);
    expect(await page.getByLabel("Valor mínimo").inputValue()).toBe("1.234,56");
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions?min_amount=12.34`);
    await page.getByText("Valor ambíguo: use vírgula antes dos centavos, como 1.234,56").waitFor();
    expect(await rows.count()).toBe(3);

    // The route actions read typed text in the page's language without the page's script too.
    const post = (path: string, form: Record<string, string>) =>
      page.request.post(`/workspaces/${workspaceId}${path}`, { headers: { Origin: baseURL }, form });
    const tx = {
      intent: "create",
      type: "expense",
      description: "Sem script",
      date: "2025-12-01",
      origin_id: `account:${nubank.uuid}`,
      has_tags: "1",
    };
    expect((await post("/transactions", { ...tx, amount: "12.34" })).status()).toBe(422);
    expect((await post("/transactions", { ...tx, amount: "R$ 1.234,50" })).status()).toBe(200);
    expect(
      (
        await post("/accounts", {
          intent: "create",
          name: "Caixa",
          type: "checking",
          currency: "BRL",
          balance: "-1.234,56",
        })
      ).status(),
    ).toBe(200);
    expect(
      (await storedTransactions(page, workspaceId))
        .filter((transaction) => transaction.description === "Sem script")
        .map((transaction) => transaction.amount_cents),
    ).toEqual([123_450]);
    const caixa = (
      await getData<Array<{ name: string; balance_cents: number }>>(page, `/${workspaceId}/accounts`)
    ).find((account) => account.name === "Caixa");
    expect(caixa?.balance_cents).toBe(-123_456);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("an English page stores 1,234.56 and refuses 49,90 at the field", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `typed-en-${Date.now()}@example.com`, "Ed Typed", "Home");
    const created = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers: { Origin: baseURL },
      data: { name: "Chase", type: "checking", currency: "USD", balance: "0" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const chase = ((await created.json()) as { data: { uuid: string } }).data;

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const dialog = await openDetails(page, english, /^Income/, { destination: `account:${chase.uuid}` });
    const amount = dialog.getByLabel("Amount", { exact: true });
    await amount.fill("49,90");
    await amount.press("Tab");
    await dialog.getByText("Unclear amount: use a point before the cents, like 1,234.56").waitFor();
    // The switched-off button says why, while it is off.
    expect(await dialog.locator("#wizard-still-needed").textContent()).toBe(
      "To save, it still needs an amount written like 1,234.56 and a description.",
    );
    await amount.fill("$ 1,234.56");
    await save(page, dialog, english, "Salary");
    expect(await storedTransactions(page, workspaceId)).toEqual([
      expect.objectContaining({ description: "Salary", amount_cents: 123_456 }),
    ]);

    await page.getByLabel("Minimum amount").fill("1,234.56");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/min_amount=1%2C234\.56/);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
  it("a yen account takes whole yen only: 12.000 opens it, 1.500,5 is refused at the field, and the pages print JP¥ 1.500 without decimals", async () => {
    const signUp = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(
      signUp.page,
      `typed-yen-${Date.now()}@example.com`,
      "Yoko Yen",
      "Casa",
    );
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "pt-BR" });
    const session = (await signUp.context.cookies()).filter((cookie) => cookie.name !== "lang");
    await context.addCookies(
      [...session, { name: "lang", value: "pt-BR" }].map(({ name, value }) => ({ name, value, url: baseURL })),
    );
    await signUp.context.close();

    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    await page.getByRole("button", { name: "Nova conta" }).first().click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome", { exact: true }).fill("Wise JPY");
    await dialog.getByLabel("Moeda").selectOption("JPY");
    const balance = dialog.getByLabel("Saldo inicial");
    await balance.fill("12.000,50");
    await dialog.getByRole("button", { name: "Criar conta" }).click();
    await dialog.getByText("Valores em JPY não têm centavos: informe um valor inteiro, como 1.234").waitFor();
    await balance.fill("12.000");
    await dialog.getByRole("button", { name: "Criar conta" }).click();
    await toastWith(page, "“Wise JPY” foi criada").waitFor();
    const [yen] = await getData<Array<{ uuid: string; balance: string; currency: string }>>(
      page,
      `/${workspaceId}/accounts`,
    );
    expect(yen).toMatchObject({ currency: "JPY", balance: "12000" });

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    dialog = await openDetails(page, portuguese, /^Despesa/, { origin: `account:${yen!.uuid}` });
    const amount = dialog.getByLabel("Valor", { exact: true });
    await amount.fill("1.500,5");
    await amount.press("Tab");
    await dialog.getByText("Valores em JPY não têm centavos: informe um valor inteiro, como 1.234").waitFor();
    await amount.fill("1.500");
    await save(page, dialog, portuguese, "Ramen");
    expect(await storedTransactions(page, workspaceId)).toEqual([
      expect.objectContaining({ description: "Ramen", amount_cents: 1_500 }),
    ]);
    const row = page.getByTestId("transaction-row").filter({ hasText: "Ramen" });
    expect(plain(await row.textContent())).toContain("JP¥ 1.500");
    expect(plain(await row.textContent())).not.toContain("1.500,00");
    await page.getByRole("button", { name: "Editar Ramen" }).click();
    await page.getByRole("dialog").getByRole("button", { name: portuguese.next }).click();
    await page.getByRole("dialog").getByRole("button", { name: portuguese.next }).click();
    expect(await page.getByRole("dialog").getByLabel("Valor", { exact: true }).inputValue()).toBe("1.500");
    await page.keyboard.press("Escape");

    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    await page.getByText("JP¥ 10.500", { exact: false }).first().waitFor();
    const overflow = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/accounts`,
      name: "accounts-yen",
      cookies: session.map(({ name, value }) => ({ name, value })),
    });
    expect(overflow.filter((result) => result.horizontalOverflow > 0)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
