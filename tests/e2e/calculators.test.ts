import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** What the API's calculator answers for the same inputs: the page must say the same. */
async function apiCalculation(page: Page, workspaceId: string, path: string, body: unknown) {
  const response = await page.request.post(`/api/workspaces/${workspaceId}${path}`, {
    headers: { Origin: inject("appUrl") },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { payment: string; total_interest: string; schedule?: unknown[] } }).data;
}

const dollars = (decimal: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(decimal));

const noBlockingViolations = async (page: Page, screen: string) => {
  const violations = await accessibilityViolations(page, screen);
  expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual([]);
};

describe("the installment and loan calculators in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("works out a purchase em 3x and em 10x with interest, and a 15-year loan year by year, as the API does", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `calc-${Date.now()}@example.com`, "Carl Calc", "Home");

    await gotoHydrated(page, `/workspaces/${workspaceId}/installment-plans`);
    await page.getByRole("heading", { level: 1, name: "Installment plans" }).waitFor();
    await page.getByText("Type the purchase amount to see the installments.").waitFor();
    await page.getByLabel("Purchase amount (USD)").fill("100");
    await page.getByLabel("Installments").fill("3");
    // Without interest the first installment carries the leftover cent.
    expect(await page.getByTestId("calculation").textContent()).toBe("$33.34 + 2 × $33.33");
    await page.getByLabel("Interest a month").fill("1.99");
    await page.getByLabel("Purchase amount (USD)").fill("3,000");
    await page.getByLabel("Installments").fill("10");
    const priced = await apiCalculation(page, workspaceId, "/installment-plans/calculate", {
      principal: "3000",
      interest_rate: "1.99",
      months: 10,
    });
    expect(await page.getByTestId("calculation").textContent()).toContain(`× ${dollars(priced.payment)}`);
    expect(await page.getByText(dollars(priced.total_interest), { exact: true }).count()).toBe(1);
    expect(await page.getByRole("table").getByRole("row").count()).toBe(11);
    await page.getByLabel("Interest a month").fill("1,99");
    await page.getByText("Enter a rate like 1.99 (percent), up to 1,000").waitFor();
    await page.getByLabel("Interest a month").fill("1.99");
    await noBlockingViolations(page, "installment calculator");

    await gotoHydrated(page, `/workspaces/${workspaceId}/loans`);
    await page.getByLabel("Amount borrowed (USD)").fill("200,000");
    await page.getByLabel("Interest rate").fill("7.5");
    await page.getByLabel("Term").fill("180");
    const mortgage = await apiCalculation(page, workspaceId, "/loans/calculate", {
      principal_amount: "200000",
      interest_rate: "7.5",
      term_months: 180,
    });
    expect(mortgage.payment).toBe("1854.02");
    expect(await page.getByTestId("calculation").textContent()).toContain("× $1,854.02");
    await page.getByText("Year 1 of 15").waitFor();
    await page.getByRole("button", { name: "Next year" }).click();
    await page.getByText("Year 2 of 15").waitFor();
    expect(await page.getByRole("table").getByRole("row").nth(1).textContent()).toMatch(/^13/);
    await page.getByLabel("Amortization").selectOption("sac");
    expect(await page.getByTestId("calculation").textContent()).toMatch(
      /^180 payments, from \$[\d,.]+ down to \$[\d,.]+$/,
    );
    await noBlockingViolations(page, "loan calculator");

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    for (const area of ["installment-plans", "loans"]) {
      const layouts = await screenshotEveryLayout(browser, {
        baseURL,
        path: `/workspaces/${workspaceId}/${area}`,
        name: `calculator-${area}`,
        cookies,
        prepare: async (shown) => {
          await shown.locator("html[data-hydrated]").waitFor({ state: "attached" });
          const portuguese = (await shown.locator("html").getAttribute("lang")) === "pt-BR";
          const amount = shown.getByLabel(
            area === "loans" ? /^(Amount borrowed|Valor emprestado)/ : /^(Purchase amount|Valor da compra)/,
          );
          await amount.fill(portuguese ? "12.000,00" : "12,000.00");
          if (area === "loans")
            await shown.getByLabel(/^(Interest rate|Taxa de juros)$/).fill(portuguese ? "12,5" : "12.5");
          else await shown.getByLabel(/^(Interest a month|Juros ao mês)$/).fill(portuguese ? "1,99" : "1.99");
          await shown.getByTestId("calculation").waitFor();
        },
      });
      expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
