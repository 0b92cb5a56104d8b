import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
} from "../support/browser.ts";
import { testNow } from "../support/test-clock.ts";
import { addAccount } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** Turns the fake rate providers (started by the e2e setup, down by default) on or off. */
async function setProviders(mode: "ok" | "down") {
  const response = await fetch(inject("ratesControlUrl"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ provider: "all", mode }),
  });
  expect(response.status).toBe(204);
}

/** Text with Intl's no-break spaces ("R$ 1,00") as plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const totalText = async (page: Page) => plain(await page.getByTestId("stat-total").textContent());

describe("exchange rates in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await setProviders("down");
    await browser?.close();
  });

  it("shows one total in reais: dollars not counted before any rate, converted once one arrives, its source and age a tap away, stale when the providers are down", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `rates-${Date.now()}@example.com`, "Rita Rates", "Casa");
    const headers = { Origin: baseURL };
    expect(
      (await page.request.put(`/api/workspaces/${workspaceId}`, { headers, data: { currency: "BRL" } })).status(),
    ).toBe(200);
    const nubank = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers,
      data: { name: "Nubank", type: "checking", currency: "BRL", balance: "1000.00" },
    });
    expect(nubank.status()).toBe(201);
    await addAccount(page, workspaceId, "Wise", "500.00");
    const euros = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
      headers,
      data: { name: "Nomad EUR", type: "checking", currency: "EUR", balance: "200.00" },
    });
    expect(euros.status()).toBe(201);
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);

    // No provider answers and no rate was ever kept: the dollars are named and left out.
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    expect(await totalText(page)).toContain("R$ 1.000,00");
    const conversions = page.getByTestId("converted-currencies");
    expect(plain(await conversions.locator("summary").textContent())).toContain(
      "Fora do total (sem cotação ainda): € 200,00 · US$ 500,00",
    );
    const refused = await page.request.post("/api/currency/convert", {
      headers,
      data: { amount: "1.00", from_currency: "USD", to_currency: "BRL" },
    });
    expect(refused.status()).toBe(503);
    expect(await refused.json()).toMatchObject({
      code: "EXCHANGE_RATES_UNAVAILABLE",
      message: expect.stringMatching(/^Não foi possível obter as cotações de câmbio/),
    });
    await conversions.locator("summary").click();
    await conversions.getByText("Ainda não há cotação disponível").first().waitFor();

    // The providers answer: the page that finds no rate fetches them after answering. R$ 1.000,00
    // + US$ 500,00 × 5,3412 + € 200,00 at the euro's rate, which the API states.
    await setProviders("ok");
    const euroInReais = await page.request.post("/api/currency/convert", {
      headers,
      data: { amount: "200.00", from_currency: "EUR", to_currency: "BRL" },
    });
    const eurConverted = ((await euroInReais.json()) as { data: { converted: string } }).data.converted;
    const eurCents = Math.round(Number(eurConverted) * 100);
    const reais = (cents: number) =>
      `R$ ${new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2 }).format(cents / 100)}`;
    const expectedTotal = reais(100_000 + 267_060 + eurCents);
    await expect
      .poll(async () => {
        await reloadHydrated(page);
        return totalText(page);
      })
      .toContain(expectedTotal);
    expect(plain(await conversions.locator("summary").textContent())).toContain(
      "Inclui 2 outras moedas, convertidas para BRL",
    );
    await conversions.locator("summary").click();
    const details = conversions.locator("li", { hasText: "US$ 500,00" });
    await details.getByText("≈ R$ 2.670,60", { exact: false }).waitFor();
    expect(plain(await details.textContent())).toMatch(
      /1 USD = 5,3412 BRL · Frankfurter \(ECB\), cotação de 20 de nov\. de 2026, obtida (agora|há)/,
    );
    const violations = await accessibilityViolations(page, "dashboard with converted currencies");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    const cookies = (await context.cookies())
      .filter((cookie) => cookie.name === "moneta_session")
      .map(({ name, value }) => ({ name, value }));
    const overflow = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/dashboard`,
      name: "dashboard-converted",
      cookies,
      prepare: async (shot) => {
        await shot.getByTestId("converted-currencies").locator("summary").click();
        await shot.getByTestId("converted-currencies").locator("li").first().waitFor();
      },
    });
    expect(overflow.filter((result) => result.horizontalOverflow > 0)).toEqual([]);

    // A dollar expense lists its amount in reais at its day's rate, under its own.
    const wiseId = (
      (await (await page.request.get(`/api/workspaces/${workspaceId}/accounts`)).json()) as {
        data: Array<{ uuid: string; currency: string }>;
      }
    ).data.find((account) => account.currency === "USD")!.uuid;
    const coffee = await page.request.post(`/api/workspaces/${workspaceId}/transactions`, {
      headers,
      data: { type: "expense", origin_id: `account:${wiseId}`, amount: "12.50", description: "Café em Lisboa" },
    });
    expect(coffee.status()).toBe(201);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const coffeeRow = page.getByTestId("transaction-row").filter({ hasText: "Café em Lisboa" });
    // US$ 12,50 × 5,3412 = R$ 66,765 → R$ 66,77.
    expect(plain(await coffeeRow.textContent())).toContain("≈ R$ 66,77");
    const listOverflow = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/transactions`,
      name: "transactions-converted",
      cookies,
    });
    expect(listOverflow.filter((result) => result.horizontalOverflow > 0)).toEqual([]);

    // A transfer from dollars to reais starts from the kept rate, which the person may replace.
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByRole("button", { name: "Nova transação" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^Transferência/ }) })
      .click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    const accounts = (await (await page.request.get(`/api/workspaces/${workspaceId}/accounts`)).json()).data as Array<{
      uuid: string;
      currency: string;
    }>;
    const wise = accounts.find((account) => account.currency === "USD")!.uuid;
    const real = accounts.find((account) => account.currency === "BRL")!.uuid;
    await dialog.locator("#tx-origin").selectOption(`account:${wise}`);
    await dialog.locator("#tx-destination").selectOption(`account:${real}`);
    await dialog.getByRole("button", { name: "Próximo" }).click();
    expect(await dialog.locator("#tx-rate").inputValue()).toBe("5,3412");
    await dialog.getByText(/Cotação de Frankfurter \(ECB\) de/).waitFor();
    await captureScreenshot(page, "wizard-suggested-rate-desktop-pt-BR");
    await dialog.getByLabel(/^Valor$/).fill("100,00");
    await dialog.locator("#tx-rate").fill("5,2");
    await dialog.getByText("R$ 520,00", { exact: false }).waitFor();
    expect(await dialog.getByText(/Cotação de Frankfurter/).count()).toBe(0);
    await page.keyboard.press("Escape");

    // Providers down and the dollar's kept rate three days old: still converted, marked stale with its
    // age. The coffee left US$ 487,50: × 5,3412 = R$ 2.603,835 → R$ 2.603,84.
    const totalAfterCoffee = reais(100_000 + 260_384 + eurCents);
    await setProviders("down");
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    const threeDaysAgo = new Date(testNow().getTime() - 3 * 86_400_000).toISOString();
    await database.$client.execute({
      sql: "update exchange_rates set fetched_at = ? where base = 'USD' and quote = 'BRL'",
      args: [threeDaysAgo],
    });
    database.$client.close();
    await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
    expect(await totalText(page)).toContain(totalAfterCoffee);
    expect(plain(await conversions.locator("summary").textContent())).toContain("cotações desatualizadas");
    await conversions.locator("summary").click();
    await conversions.getByText("obtida há 3 dias", { exact: false }).first().waitFor();
    await conversions.getByText("Os serviços de cotação não responderam").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
