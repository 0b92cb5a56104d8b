import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  layoutsToLookAt,
  openPage,
  reloadHydrated,
} from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

type StoredTransaction = { description: string; date: string };

const portuguese = {
  newTransaction: "Nova transação",
  income: /^Receita/,
  next: /^Próximo$/,
  amount: "Valor",
  description: "Descrição",
  date: "Data",
  create: "Criar transação",
  calendarButton: "Escolher a data no calendário",
  calendar: "Escolha uma data",
};
const english = {
  ...portuguese,
  newTransaction: "New transaction",
  income: /^Income/,
  next: /^Next$/,
  amount: "Amount",
  description: "Description",
  date: "Date",
  create: "Create transaction",
  calendarButton: "Choose a date from the calendar",
  calendar: "Choose a date",
};
type Labels = typeof portuguese;

async function api<T>(page: Page, baseURL: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/workspaces${path}`, { method, data, headers: { Origin: baseURL } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** What had the focus: its accessible label or, for a field, its id. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id ?? null);

/** Opens the wizard on an income into this account and walks to the details step. */
async function openDetails(page: Page, labels: Labels, accountId: string): Promise<Locator> {
  await page.getByRole("button", { name: labels.newTransaction }).first().click();
  const wizard = page.locator("[role=dialog]", { has: page.locator("form") });
  await wizard
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: labels.income }) })
    .click();
  await wizard.getByRole("button", { name: labels.next }).click();
  await wizard.locator("#tx-destination").selectOption(`account:${accountId}`);
  await wizard.getByRole("button", { name: labels.next }).click();
  await wizard.getByLabel(labels.amount, { exact: true }).waitFor();
  return wizard;
}

/** A signed-in page in this language, whatever the browser's. */
async function pageIn(
  browser: Browser,
  baseURL: string,
  session: Array<{ name: string; value: string }>,
  language: "en" | "pt-BR",
  options: { viewport?: "desktop" | "mobile"; locale?: "en-US" | "pt-BR" } = {},
) {
  const opened = await openPage(browser, { baseURL, ...options });
  await opened.context.addCookies(
    [...session.filter((cookie) => cookie.name !== "lang"), { name: "lang", value: language }].map(
      ({ name, value }) => ({ name, value, url: baseURL }),
    ),
  );
  return opened;
}

describe("dates typed and picked in the page's language, in Chromium", () => {
  let browser: Browser;
  let signUp: BrowserContext;
  let session: Array<{ name: string; value: string }>;
  let workspaceId: string;
  let accountId: string;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    signUp = opened.context;
    workspaceId = await signUpWithWorkspace(opened.page, `dates-${Date.now()}@example.com`, "Dani Dates", "Casa");
    const account = await api<{ uuid: string }>(opened.page, baseURL, "POST", `/${workspaceId}/accounts`, {
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "0",
    });
    accountId = account.uuid;
    session = (await signUp.cookies()).map(({ name, value }) => ({ name, value }));
  });
  afterAll(async () => {
    await signUp?.close();
    await browser?.close();
  });

  it("on a Portuguese page in an English browser, stores 15/06/2026 as typed, refuses 31/02/2026, and picks a date with the keyboard", async () => {
    const { context, page, problems } = await pageIn(browser, baseURL, session, "pt-BR", { locale: "en-US" });
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);

    let wizard = await openDetails(page, portuguese, accountId);
    await wizard.getByLabel(portuguese.amount, { exact: true }).fill("10,00");
    await wizard.getByLabel(portuguese.description, { exact: true }).fill("Typed date");
    const date = wizard.getByLabel(portuguese.date, { exact: true });
    expect(await date.getAttribute("placeholder")).toBe("dd/mm/aaaa");
    await date.fill("");
    await date.pressSequentially("15062026");
    expect(await date.inputValue()).toBe("15/06/2026");
    await wizard.getByRole("button", { name: portuguese.create }).click();
    await wizard.waitFor({ state: "detached" });

    // An impossible day is refused at the field, with the reason, and keeps the button off.
    wizard = await openDetails(page, portuguese, accountId);
    await wizard.getByLabel(portuguese.amount, { exact: true }).fill("20,00");
    await wizard.getByLabel(portuguese.description, { exact: true }).fill("Picked date");
    await date.fill("");
    await date.pressSequentially("31022026");
    await page.keyboard.press("Tab");
    await wizard.getByText("Essa data não existe no calendário: confira o dia e o mês (dd/mm/aaaa)").waitFor();
    expect(await date.getAttribute("aria-invalid")).toBe("true");
    expect(await wizard.getByRole("button", { name: portuguese.create }).isDisabled()).toBe(true);

    // The calendar, by keyboard only: it opens on the typed date, moves, and Enter picks.
    await date.fill("15/06/2026");
    expect(await date.getAttribute("aria-invalid")).toBeNull();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe(portuguese.calendarButton);
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog", { name: portuguese.calendar });
    await calendar.getByRole("grid", { name: "Junho de 2026" }).waitFor();
    await expect.poll(() => focused(page)).toBe("segunda-feira, 15 de junho de 2026");
    const selected = calendar.locator("[aria-selected=true]");
    expect(await selected.getAttribute("aria-label")).toBe("segunda-feira, 15 de junho de 2026");
    expect(await calendar.locator("th").allTextContents()).toEqual(["dom", "seg", "ter", "qua", "qui", "sex", "sáb"]);
    for (const [key, label] of [
      ["ArrowRight", "terça-feira, 16 de junho de 2026"],
      ["ArrowDown", "terça-feira, 23 de junho de 2026"],
      ["ArrowLeft", "segunda-feira, 22 de junho de 2026"],
      ["ArrowUp", "segunda-feira, 15 de junho de 2026"],
      ["PageDown", "quarta-feira, 15 de julho de 2026"],
      ["Home", "domingo, 12 de julho de 2026"],
      ["End", "sábado, 18 de julho de 2026"],
      ["PageUp", "quinta-feira, 18 de junho de 2026"],
      ["PageDown", "sábado, 18 de julho de 2026"],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => focused(page)).toBe(label);
    }
    await calendar.getByRole("grid", { name: "Julho de 2026" }).waitFor();
    const blocking = (await accessibilityViolations(page, "date field, calendar open")).filter((violation) =>
      blockingImpacts.includes(violation.impact ?? "minor"),
    );
    expect(describeViolations(blocking)).toEqual([]);

    // Escape closes without picking; the focus is back on the button.
    await page.keyboard.press("Escape");
    await calendar.waitFor({ state: "detached" });
    expect(await focused(page)).toBe(portuguese.calendarButton);
    expect(await date.inputValue()).toBe("15/06/2026");

    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toBe("segunda-feira, 15 de junho de 2026");
    await page.keyboard.press("PageDown");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => focused(page)).toBe("sexta-feira, 17 de julho de 2026");
    await page.keyboard.press("Enter");
    await calendar.waitFor({ state: "detached" });
    expect(await focused(page)).toBe(portuguese.calendarButton);
    expect(await date.inputValue()).toBe("17/07/2026");
    await wizard.getByRole("button", { name: portuguese.create }).click();
    await wizard.waitFor({ state: "detached" });

    const stored = await api<StoredTransaction[]>(page, baseURL, "GET", `/${workspaceId}/transactions?per_page=100`);
    expect(Object.fromEntries(stored.map((transaction) => [transaction.description, transaction.date]))).toMatchObject({
      "Typed date": "2026-06-15",
      "Picked date": "2026-07-17",
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("filters by dates typed as dd/mm/aaaa, sends ISO dates, renders them without JavaScript and refuses 31/06", async () => {
    const post = (description: string, date: string) =>
      api(signUpPage, baseURL, "POST", `/${workspaceId}/transactions`, {
        type: "income",
        amount: "5.00",
        description,
        date,
        destination_id: `account:${accountId}`,
      });
    const signUpPage = signUp.pages()[0]!;
    await post("Early June", "2025-06-10");
    await post("Late June", "2025-06-20");
    await post("July", "2025-07-05");

    const { context, page, problems } = await pageIn(browser, baseURL, session, "pt-BR", { locale: "pt-BR" });
    const path = `/workspaces/${workspaceId}/transactions`;
    await gotoHydrated(page, path);
    const filters = page.getByRole("search", { name: "Filtrar transações" });
    await filters.getByLabel("De", { exact: true }).pressSequentially("15062025");
    await filters.getByLabel("Até", { exact: true }).pressSequentially("30062025");
    await filters.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/from=2025-06-15&to=2025-06-30/);
    await expect
      .poll(() => page.getByTestId("transaction-row").allTextContents())
      .toEqual([expect.stringContaining("Late June")]);
    await reloadHydrated(page);
    expect(await filters.getByLabel("De", { exact: true }).inputValue()).toBe("15/06/2025");

    // The server's page alone: the typed text to read and the ISO date the form sends.
    const html = await (await page.request.get(`${path}?from=2025-06-15`)).text();
    // Read-only until the page is live, so nothing typed before it could read the text is lost.
    expect(html).toMatch(/<input[^>]*id="filter-from"[^>]*readonly=""[^>]*value="15\/06\/2025"/i);
    expect(html).toMatch(/<input type="hidden" name="from" value="2025-06-15"\/>/);

    // A day June does not have stops the search and says why; the address stays.
    const from = filters.getByLabel("De", { exact: true });
    await from.fill("31/06/2025");
    await filters.getByRole("button", { name: "Aplicar filtros" }).click();
    await filters.getByText("Essa data não existe no calendário: confira o dia e o mês (dd/mm/aaaa)").waitFor();
    expect(await from.getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).searchParams.get("from")).toBe("2025-06-15");
    expect(problems).toEqual([]);
    await context.close();

    // On a phone the same fields sit in a drawer; the calendar opens over it and picks today with Enter.
    const phone = await pageIn(browser, baseURL, session, "pt-BR", { viewport: "mobile", locale: "pt-BR" });
    await gotoHydrated(phone.page, path);
    await phone.page.getByRole("button", { name: "Filtros" }).click();
    const sheet = phone.page.getByRole("dialog", { name: "Filtrar transações" });
    await sheet.getByRole("button", { name: "Escolher a data no calendário" }).first().click();
    const calendar = phone.page.getByRole("dialog", { name: "Escolha uma data" });
    await calendar.getByRole("grid").waitFor();
    const today = calendar.locator("[aria-current=date]");
    await expect.poll(() => focused(phone.page)).toBe(await today.getAttribute("aria-label"));
    await captureScreenshot(phone.page, "date-field-filters-mobile-pt-BR");
    await phone.page.keyboard.press("Enter");
    await calendar.waitFor({ state: "detached" });
    const todayIso = await phone.page.evaluate(() => {
      const now = new Date();
      return [now.getFullYear(), now.getMonth() + 1, now.getDate()]
        .map((part) => String(part).padStart(2, "0"))
        .join("-");
    });
    expect(await sheet.getByLabel("De", { exact: true }).inputValue()).toBe(todayIso.split("-").reverse().join("/"));
    await sheet.getByRole("button", { name: "Aplicar filtros" }).click();
    await phone.page.waitForURL((url) => url.searchParams.get("from") === todayIso);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it("looks right with the calendar open, on desktop and phone, in both languages (screenshots)", async () => {
    for (const { viewport, locale } of layoutsToLookAt) {
      const language = locale === "pt-BR" ? "pt-BR" : "en";
      const labels = language === "pt-BR" ? portuguese : english;
      const { context, page, problems } = await pageIn(browser, baseURL, session, language, { viewport, locale });
      await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
      const wizard = await openDetails(page, labels, accountId);
      const date = wizard.getByLabel(labels.date, { exact: true });
      expect(await date.getAttribute("placeholder")).toBe(language === "pt-BR" ? "dd/mm/aaaa" : "mm/dd/yyyy");
      await wizard.getByLabel(labels.amount, { exact: true }).fill("10");
      await date.fill(language === "pt-BR" ? "15/06/2026" : "06/15/2026");
      // Opened and moved by keyboard, so the focused day shows its ring beside the selected one.
      await wizard.getByRole("button", { name: labels.calendarButton }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("dialog", { name: labels.calendar }).getByRole("grid").waitFor();
      await page.keyboard.press("ArrowRight");
      await page.waitForTimeout(300);
      await captureScreenshot(page, `date-field-${viewport}-${locale}`);
      // The dashboard's custom horizon, no earlier than today.
      await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard?virtual=1&end_date=2099-12-31`);
      await page.getByLabel(language === "pt-BR" ? "Data personalizada" : "Custom date", { exact: true }).waitFor();
      await captureScreenshot(page, `date-field-dashboard-${viewport}-${locale}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
