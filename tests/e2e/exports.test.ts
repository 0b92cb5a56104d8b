import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { join } from "node:path";
import {
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotDir,
  screenshotEveryLayout,
} from "../support/browser.ts";
import { allText, readPdf } from "../support/pdf-text.ts";
import { readXlsx, rowValues } from "../support/xlsx-reader.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * Export: the transactions page exports the list as it is filtered, as a CSV file in the
 * page's language with the separator the person picks, and on Unlimited as an Excel workbook or a PDF
 * statement (on the free plan those items say they come with Unlimited instead of downloading).
 */
describe("exporting transactions in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function postJson(page: Page, path: string, data: Record<string, unknown>) {
    const response = await page.request.post(path, { headers: { Origin: baseURL }, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }

  /** Opens Export and keeps a picture of the open menu in the screenshots folder. */
  async function openMenu(page: Page, screenshot?: string) {
    await page.getByRole("button", { name: /^(Export|Exportar)$/ }).click();
    await page.getByRole("menuitem").last().waitFor();
    if (screenshot) await screenshotMenu(page, screenshot);
  }

  /** The open menu, once its opening animation has ended. */
  async function screenshotMenu(page: Page, name: string) {
    await page
      .getByRole("menu")
      .evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await page.screenshot({ path: join(screenshotDir, `transactions-export-menu-${name}.png`) });
  }

  /** Opens Export, picks an item and reads the file the browser saved. */
  async function downloadBytes(page: Page, item: RegExp, screenshot?: string) {
    await openMenu(page, screenshot);
    const saved = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: item }).click();
    const file = await saved;
    return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile((await file.path())!)) };
  }

  /** A CSV item's file as text, its BOM kept. */
  async function download(page: Page, item: RegExp) {
    const { name, bytes } = await downloadBytes(page, item);
    return { name, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("downloads the filtered list as CSV in both languages, and as Excel and a PDF statement once the plan has them", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const email = `exports-${Date.now()}@example.com`;
    const workspaceId = await signUpWithWorkspace(page, email, "Eva Export", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const { currency } = (await (await page.request.get(api)).json()).data;
    const checking = await postJson(page, `${api}/accounts`, { name: "Conta", type: "checking", currency });
    const food = await postJson(page, `${api}/tags`, { name: "Mercado" });
    const expense = (amount: string, description: string, tagIds: string[]) =>
      postJson(page, `${api}/transactions`, {
        type: "expense",
        origin_id: `account:${checking.uuid}`,
        amount,
        description,
        date: "2026-11-20",
        tag_ids: tagIds,
      });
    await expense("1234.56", "Pão e café", [food.uuid]);
    await expense("10.00", "=1+1", []);

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions?tag_id=${food.uuid}`);
    // The menu opens from the keyboard too, and the page around it has no blocking accessibility issue.
    await page.getByRole("button", { name: "Export" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "CSV with commas (,)" }).waitFor();
    await screenshotMenu(page, "free-desktop-en");
    // On the free plan Excel is not a download: it says it comes with Unlimited, and leads to the plans.
    const lockedExcel = page.getByRole("menuitem", { name: /^Excel \(\.xlsx\)/ });
    expect(await lockedExcel.textContent()).toContain("Comes with the Unlimited plan");
    expect(await lockedExcel.getAttribute("download")).toBeNull();
    expect(await lockedExcel.getAttribute("href")).toBe("/#planos");
    const lockedPdf = page.getByRole("menuitem", { name: /^PDF statement \(\.pdf\)/ });
    expect(await lockedPdf.textContent()).toContain("Comes with the Unlimited plan");
    expect(await lockedPdf.getAttribute("href")).toBe("/#planos");
    await page.keyboard.press("Escape");
    await page.getByRole("menuitem").first().waitFor({ state: "detached" });
    const violations = await accessibilityViolations(page, "transactions with the export button");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );

    const english = await download(page, /^CSV with commas/);
    expect(english.name).toMatch(/^moneta-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const englishLines = english.text.split("\r\n");
    expect(englishLines[0]).toBe(
      "\uFEFFDate,Type,Description,Payee,Amount,Currency,From,To,Amount arriving,Currency arriving,Tags,Note,Split part,Recorded by,ID",
    );
    expect(englishLines.slice(1, -1).map((line) => line.split(",").slice(0, 7))).toEqual([
      ["2026-11-20", "Expense", "Pão e café", "", "-1234.56", currency, "Conta"],
    ]);

    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/transactions`,
      name: "transactions-export",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Portuguese, with the "No tag" filter: the semicolon file, decimal commas, and the formula written as text.
    await page.context().addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByLabel("Etiqueta").selectOption({ label: "Sem etiqueta" });
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/tag_id=none/);
    await page.getByTestId("transaction-row").filter({ hasText: "Pão e café" }).waitFor({ state: "detached" });
    expect(await page.getByTestId("transaction-row").allTextContents()).toEqual([expect.stringContaining("=1+1")]);
    const portuguese = await download(page, /^CSV com ponto e vírgula/);
    expect(portuguese.name).toMatch(/^moneta-transacoes-\d{4}-\d{2}-\d{2}\.csv$/);
    const portugueseLines = portuguese.text.split("\r\n");
    expect(portugueseLines[0]).toMatch(/^\uFEFFData;Tipo;Descrição;Favorecido;Valor;Moeda;/);
    expect(portugueseLines.slice(1, -1).map((line) => line.split(";").slice(0, 6))).toEqual([
      ["2026-11-20", "Despesa", "'=1+1", "", "-10,00", currency],
    ]);
    const refused = await page.request.get(`${api}/exports/transactions.xlsx`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/exportação em CSV é gratuita/);

    // The free plan's menu on a phone, in Portuguese.
    const phone = await openPage(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    await phone.context.addCookies(await opened.context.cookies());
    await gotoHydrated(phone.page, `/workspaces/${workspaceId}/transactions`);
    await openMenu(phone.page, "free-mobile-pt-BR");
    expect(await phone.page.getByRole("menuitem", { name: /^Excel \(\.xlsx\)/ }).textContent()).toContain(
      "Faz parte do plano Ilimitado",
    );
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // On Unlimited the Excel item downloads the same rows as a workbook with typed cells.
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    await reloadHydrated(page);
    await page.getByTestId("transaction-row").filter({ hasText: "=1+1" }).waitFor();
    const workbook = await downloadBytes(page, /^Excel \(\.xlsx\)$/, "unlimited-desktop-pt-BR");
    expect(workbook.name).toMatch(/^moneta-transacoes-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = readXlsx(workbook.bytes);
    expect(book.sheetName).toBe("Transações");
    expect(rowValues(book, 1).slice(0, 6)).toEqual(["Data", "Tipo", "Descrição", "Favorecido", "Valor", "Moeda"]);
    expect(rowValues(book, 2).slice(0, 6)).toEqual(["2026-11-20", "Despesa", "=1+1", null, -10, currency]);
    expect(book.rows.get(2)!.get("A")).toMatchObject({ type: "date", format: "dd/mm/yyyy" });
    expect(book.rows.get(2)!.get("E")).toEqual({ type: "number", value: -10, format: "#,##0.00" });
    expect(book.rows.size).toBe(2);
    // The PDF statement of the same filtered list, in Portuguese.
    const statement = await downloadBytes(page, /^Extrato em PDF \(\.pdf\)$/);
    expect(statement.name).toMatch(/^moneta-transacoes-\d{4}-\d{2}-\d{2}\.pdf$/);
    const statementPdf = readPdf(statement.bytes);
    expect(statementPdf.pages[0]!.lines.slice(0, 3)).toEqual([
      "Extrato de transações",
      "Casa",
      "Período: 20/11/2026 a 20/11/2026",
    ]);
    expect(allText(statementPdf)).toContain("20/11/2026 | =1+1 | Despesa | Conta");
    expect(allText(statementPdf)).not.toContain("Pão e café");
    expect(statementPdf.pages[0]!.lines.at(-1)).toBe("Página 1 de 1");

    await page.context().addCookies([{ name: "lang", value: "en", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const englishBook = readXlsx((await downloadBytes(page, /^Excel \(\.xlsx\)$/)).bytes);
    expect(englishBook.sheetName).toBe("Transactions");
    const breadRow = [...englishBook.rows.keys()].find((row) => rowValues(englishBook, row)[2] === "Pão e café");
    const bread = englishBook.rows.get(breadRow ?? 0);
    expect(bread?.get("A")).toEqual({ type: "date", value: "2026-11-20", format: "yyyy-mm-dd" });
    expect(bread?.get("E")).toEqual({ type: "number", value: -1234.56, format: "#,##0.00" });
    const englishStatement = readPdf((await downloadBytes(page, /^PDF statement \(\.pdf\)$/)).bytes);
    expect(englishStatement.pages[0]!.lines[0]).toBe("Transaction statement");
    expect(allText(englishStatement)).toMatch(
      /11\/20\/2026 \| Pão e café \| Expense \| Conta \| Mercado \| -\S+1,234\.56/,
    );
    expect(englishStatement.pages[0]!.lines.at(-1)).toBe("Page 1 of 1");
    await reloadHydrated(page);
    expect(problems).toEqual([]);
    await opened.context.close();
  });
});
