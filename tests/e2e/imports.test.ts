import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readStatementFile } from "../../worker/imports/statement-file.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "statements");
const fixture = (name: string) => join(fixtures, name);
/** How many transactions the file holds, as the importer's own parser reads it. */
const lineCount = (name: string, mapping = null) =>
  readStatementFile(new Uint8Array(readFileSync(fixture(name))), { csvMapping: mapping }).lines?.length ?? 0;

/**
 * Import: a Nubank account CSV and an Itaú OFX go into their accounts through the
 * transactions page's Import dialog: preview, write with progress, the summary; the same file
 * again is all duplicates; an import is undone from the recent list; a CSV of unknown layout is
 * mapped by hand. In both languages, with screenshots and axe on the dialog.
 */
describe("importing bank statements in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openImport(page: Page, name: RegExp) {
    await page.getByRole("button", { name }).click();
    await page.getByRole("dialog").getByRole("combobox").first().waitFor();
  }

  async function previewFile(page: Page, target: string, file: string, previewName: RegExp) {
    const dialog = page.getByRole("dialog");
    await dialog.locator("#import-target").selectOption(target);
    await dialog.locator("#import-file").setInputFiles(fixture(file));
    await dialog.getByRole("button", { name: previewName }).click();
  }

  it("imports a Nubank CSV and an Itaú OFX, skips the duplicates on the second try and undoes an import", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `imports-${Date.now()}@example.com`, "Ivo Import", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const nubank = await postJson(page, `${api}/accounts`, { name: "Nubank", type: "checking", currency: "BRL" });
    const itau = await postJson(page, `${api}/accounts`, { name: "Itaú", type: "checking", currency: "BRL" });
    const nubankLines = lineCount("nuconta.csv");
    const itauLines = lineCount("itau.ofx");
    expect(nubankLines).toBeGreaterThan(2);
    expect(itauLines).toBeGreaterThan(2);

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await openImport(page, /^Import$/);
    await expect.poll(() => page.getByText("No imports yet.").count()).toBe(1);
    await captureScreenshot(page, "imports-choose-empty-desktop-en-US");
    const dialog = page.getByRole("dialog");
    // A file cut short is refused at its line, in the dialog, and nothing is written.
    await dialog.locator("#import-target").selectOption(`account:${nubank.uuid}`);
    const cut = readFileSync(fixture("itau.ofx")).subarray(0, 900);
    await dialog
      .locator("#import-file")
      .setInputFiles({ name: "cortado.ofx", mimeType: "application/x-ofx", buffer: cut });
    await dialog.getByRole("button", { name: /^Preview$/ }).click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: /^Line \d+: / })
      .waitFor();
    await captureScreenshot(page, "imports-error-desktop-en-US");
    await previewFile(page, `account:${nubank.uuid}`, "nuconta.csv", /^Preview$/);
    await dialog.getByText(`${nubankLines} new`).waitFor();
    // The counts show as the preview arrives; its table follows on a busy machine.
    await expect.poll(() => dialog.locator("tbody tr").count()).toBe(nubankLines);
    const violations = await accessibilityViolations(page, "the import preview");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    await captureScreenshot(page, "imports-preview-desktop-en-US");
    await dialog.getByRole("button", { name: `Import ${nubankLines} transactions` }).click();
    await dialog.getByText(`${nubankLines} transactions created`).waitFor();
    await captureScreenshot(page, "imports-summary-desktop-en-US");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(nubankLines);

    // The Itaú OFX (Windows-1252, comma decimals) into its own account.
    await openImport(page, /^Import$/);
    await previewFile(page, `account:${itau.uuid}`, "itau.ofx", /^Preview$/);
    await dialog.getByText(`${itauLines} new`).waitFor();
    await dialog.getByRole("button", { name: `Import ${itauLines} transactions` }).click();
    await dialog.getByText(`${itauLines} transactions created`).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(nubankLines + itauLines);

    // The same file again: every line is already there, and nothing can be imported.
    await openImport(page, /^Import$/);
    await previewFile(page, `account:${itau.uuid}`, "itau.ofx", /^Preview$/);
    await dialog.getByText(`${itauLines} already imported`).waitFor();
    await dialog.getByText("Everything in this file is already here.", { exact: false }).waitFor();
    expect(await dialog.getByRole("button", { name: "Import 0 transactions" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Back" }).click();

    // Undo the Nubank import from the recent imports, after a confirmation.
    const recent = dialog.getByRole("region", { name: "Recent imports" }).or(dialog.locator("section"));
    await recent.getByText(/nuconta\.csv → Nubank/).waitFor();
    await captureScreenshot(page, "imports-recent-desktop-en-US");
    await recent.getByRole("listitem").filter({ hasText: "nuconta.csv" }).getByRole("button", { name: "Undo" }).click();
    await page
      .getByRole("alertdialog")
      .or(page.getByRole("dialog", { name: "Undo this import?" }))
      .waitFor();
    await page.getByRole("button", { name: "Undo import" }).click();
    await toastWith(page, "Import undone").waitFor();
    await recent.getByRole("listitem").filter({ hasText: "nuconta.csv" }).getByText("Undone").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(itauLines);
    // The one problem is the browser logging the cut file's 422, which the dialog showed.
    expect(problems).toEqual([
      "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ]);
    await context.close();
  });

  it("maps a CSV of unknown layout by hand, in Portuguese, on a phone, and the account remembers it", async () => {
    // Signed up in English (the sign-in helper reads the English page), then switched to Portuguese.
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    const workspaceId = await signUpWithWorkspace(page, `imports-map-${Date.now()}@example.com`, "Ana Mapa", "Casa");
    const account = await postJson(page, `/api/workspaces/${workspaceId}/accounts`, {
      name: "Bradesco",
      type: "checking",
      currency: "BRL",
    });
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await openImport(page, /^Importar$/);
    await previewFile(page, `account:${account.uuid}`, "unknown-layout.csv", /^Pré-visualizar$/);
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Qual coluna é qual?").waitFor();
    // Nothing about the numbers is guessed: "01/02/2026" could be either order, so the person says.
    expect(await dialog.getByRole("button", { name: "Pré-visualizar" }).isDisabled()).toBe(true);
    expect(await dialog.getByText("Quando").count()).toBeGreaterThan(0);
    await dialog.getByLabel("Data", { exact: true }).selectOption({ label: "Quando" });
    await dialog.getByLabel("Descrição", { exact: true }).selectOption({ label: "O que" });
    await dialog.getByLabel("Valor", { exact: true }).selectOption({ label: "Quanto" });
    await dialog.getByLabel("Formato da data").selectOption("dmy");
    await dialog.getByLabel("Formato dos números").selectOption(",");
    await captureScreenshot(page, "imports-mapping-mobile-pt-BR");
    await dialog.getByRole("button", { name: "Pré-visualizar" }).click();
    await dialog.getByText(/^\d+ novas?$/).waitFor();
    await captureScreenshot(page, "imports-preview-mobile-pt-BR");
    const count = Number((await dialog.getByText(/^\d+ novas?$/).textContent())!.split(" ")[0]);
    await dialog.getByRole("button", { name: new RegExp(`^Importar ${count} transaç`) }).click();
    await dialog.getByText(new RegExp(`^${count} transaç(ão|ões) criadas?$`)).waitFor();
    await captureScreenshot(page, "imports-summary-mobile-pt-BR");
    await dialog.getByRole("button", { name: "Concluir" }).click();
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(count);

    // The account remembers the mapping: the next CSV of the same layout goes straight to the preview.
    await openImport(page, /^Importar$/);
    await previewFile(page, `account:${account.uuid}`, "unknown-layout.csv", /^Pré-visualizar$/);
    // No bank ids in this file: each line looks like the one already imported, for the person to decide.
    await dialog.getByText(`${count} possíveis duplicatas`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends each statement of an OFX file to its own account, refuses one in another currency, and finds a CSV's table below the bank's details", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(
      page,
      `imports-many-${Date.now()}@example.com`,
      "Bia Extratos",
      "Casa",
    );
    const api = `/api/workspaces/${workspaceId}`;
    const checking = await postJson(page, `${api}/accounts`, {
      name: "Itaú Corrente",
      type: "checking",
      currency: "BRL",
    });
    const savings = await postJson(page, `${api}/accounts`, {
      name: "Itaú Poupança",
      type: "savings",
      currency: "BRL",
    });
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const dialog = page.getByRole("dialog");

    // Two statements in one file: the checking account's lines only, its balance rows left out and said so.
    await openImport(page, /^Importar$/);
    await previewFile(page, `account:${checking.uuid}`, "itau-checking-and-savings.ofx", /^Pré-visualizar$/);
    await dialog.getByText(/^Este arquivo tem 2 extratos/).waitFor();
    await dialog.getByText(/^2 linhas de saldo/).waitFor();
    await dialog.getByText("4 novas").waitFor();
    const violations = await accessibilityViolations(page, "a file of two statements");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    await captureScreenshot(page, "imports-two-statements-desktop-pt-BR");
    await dialog.getByRole("button", { name: "Importar 4 transações" }).click();
    await dialog.getByText("4 transações criadas").waitFor();
    // The next statement goes into its own account.
    await dialog.getByText(/^Este arquivo tem outro extrato: Conta bancária ••5500/).waitFor();
    await dialog.getByRole("button", { name: "Importar o próximo extrato" }).click();
    expect(await dialog.getByLabel(/^Extrato deste arquivo/).inputValue()).toBe("1");
    await dialog.locator("#import-target").selectOption(`account:${savings.uuid}`);
    await dialog.getByRole("button", { name: /^Pré-visualizar$/ }).click();
    await dialog.getByText("2 novas").waitFor();
    await dialog.getByRole("button", { name: "Importar 2 transações" }).click();
    await dialog.getByText("2 transações criadas").waitFor();
    await dialog.getByRole("button", { name: "Concluir" }).click();
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(6);

    // A statement in dollars is never booked into an account in reais.
    await openImport(page, /^Importar$/);
    await previewFile(page, `account:${checking.uuid}`, "us-bank.ofx", /^Pré-visualizar$/);
    await dialog
      .getByRole("alert")
      .filter({ hasText: /^Este extrato está em USD, e Itaú Corrente está em BRL/ })
      .waitFor();
    expect(await dialog.getByRole("button", { name: /^Importar 0 transaç/ }).isDisabled()).toBe(true);
    await captureScreenshot(page, "imports-other-currency-desktop-pt-BR");
    await dialog.getByRole("button", { name: "Voltar" }).click();

    // ING's CSV: its table found on line 15, below the account details; the columns mapped by hand.
    await previewFile(page, `account:${checking.uuid}`, "ing-de.csv", /^Pré-visualizar$/);
    await dialog.getByText("Encontramos a tabela na linha 15", { exact: false }).waitFor();
    expect(await dialog.getByLabel("A tabela começa na linha").inputValue()).toBe("15");
    await dialog.getByLabel("Data", { exact: true }).selectOption({ label: "Buchung" });
    await dialog.getByLabel("Descrição", { exact: true }).selectOption({ label: "Auftraggeber/Empfänger" });
    await dialog.getByLabel("Valor", { exact: true }).selectOption({ label: "Betrag" });
    await dialog.getByLabel("Formato da data").selectOption("dmy");
    await dialog.getByLabel("Formato dos números").selectOption(",");
    await captureScreenshot(page, "imports-start-line-desktop-pt-BR");
    await dialog.getByRole("button", { name: "Pré-visualizar" }).click();
    await dialog.getByText("3 novas").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
