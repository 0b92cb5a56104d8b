import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  layoutsToLookAt,
  openPage,
  toastWith,
} from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * Split transactions and notes in the wizard (README: "Split transactions"): an expense split
 * among two tags as the remainder goes to nothing, the list's marker, each part in the category
 * breakdown, a search by a word of the note, an edit that opens with the parts and un-splits them.
 */
describe("split transactions in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function noBlockingViolations(page: Page, screen: string) {
    const violations = await accessibilityViolations(page, screen);
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
  }

  /** Clicks the tile or segment whose (visually hidden) radio has this name. */
  const pick = (scope: Locator, name: RegExp) =>
    scope
      .locator("label")
      .filter({ has: scope.page().getByRole("radio", { name }) })
      .click();

  /** Steps 1 and 2 of a new transaction, on a page in either language: an expense paid from the account. */
  async function expenseFrom(page: Page, accountId: string) {
    const dialog = page.getByRole("dialog");
    await pick(dialog, /^(Expense|Despesa)/);
    await dialog.getByRole("button", { name: /^(Next|Próximo)$/ }).click();
    await dialog.locator("#tx-origin").selectOption(`account:${accountId}`);
    await dialog.getByRole("button", { name: /^(Next|Próximo)$/ }).click();
    await dialog.getByText(/Step 3 of 3|Etapa 3 de 3/).waitFor();
  }

  /** A part's tag toggles, by the part's number. */
  const partTags = (dialog: Locator, number: number) =>
    dialog.getByRole("group", { name: new RegExp(`^(Part ${number} tags|Etiquetas da parte ${number})$`) });

  it("splits an expense among tags, files each part in the breakdown, finds it by its note and un-splits it", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const email = `split-${Date.now()}@example.com`;
    const workspaceId = await signUpWithWorkspace(page, email, "Sofia Split", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const settings = await page.request.put(api, { headers: { Origin: baseURL }, data: { currency: "BRL" } });
    expect(settings.status(), await settings.text()).toBe(200);
    const account = await postJson(page, `${api}/accounts`, {
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "1000",
    });
    const market = await postJson(page, `${api}/tags`, { name: "Mercado", color: "#2E7D32" });
    const cleaning = await postJson(page, `${api}/tags`, { name: "Limpeza", color: "#1565C0" });
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${account.uuid}`,
      amount: "12.00",
      description: "Padaria",
      tag_ids: [market.uuid],
    });
    // The category breakdown comes with Unlimited.
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const path = `/workspaces/${workspaceId}/transactions`;
    await gotoHydrated(page, path);

    await page.getByRole("button", { name: "Nova transação" }).first().click();
    const dialog = page.getByRole("dialog");
    await expenseFrom(page, account.uuid);
    await dialog.getByLabel("Valor", { exact: true }).fill("100,00");
    await dialog.getByLabel("Descrição", { exact: true }).fill("Supermercado");
    await dialog.getByLabel("Observação (opcional)", { exact: true }).fill("Compra do mês\ncom os vizinhos");
    await dialog.getByRole("button", { name: "Mercado" }).click();
    await dialog.getByRole("button", { name: "Dividir" }).click();

    // The first part takes the amount and the tag chosen; the second starts empty.
    const partAmount = (number: number) => dialog.getByLabel(`Valor da parte ${number}`);
    expect(await partAmount(1).inputValue()).toBe("100,00");
    expect(await partAmount(2).inputValue()).toBe("");
    expect(await partTags(dialog, 1).getByRole("button", { name: "Mercado" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const remainder = dialog.locator("#tx-split-remainder");
    const save = dialog.getByRole("button", { name: "Criar transação" });
    await partAmount(1).fill("80,00");
    await expect.poll(() => remainder.innerText()).toMatch(/^Faltam R\$\s20,00 para distribuir$/);
    expect(await save.isDisabled()).toBe(true);
    expect(await dialog.locator("#wizard-still-needed").innerText()).toContain("a soma das partes igual ao valor");
    await partAmount(2).fill("25,00");
    await expect.poll(() => remainder.innerText()).toMatch(/^R\$\s5,00 a mais$/);
    expect(await save.isDisabled()).toBe(true);
    // The remainder settles from the keyboard: 25,00 less the 5,00 over.
    const fill = dialog.getByRole("button", { name: "Completar com o restante na parte 2" });
    await fill.focus();
    await page.keyboard.press("Enter");
    expect(await partAmount(2).inputValue()).toBe("20,00");
    await expect.poll(() => remainder.innerText()).toBe("Tudo distribuído");
    // Each part needs a tag of its own before it saves.
    expect(await save.isDisabled()).toBe(true);
    expect(await dialog.locator("#wizard-still-needed").innerText()).toContain("uma etiqueta em cada parte");
    await partTags(dialog, 2).getByRole("button", { name: "Limpeza" }).click();
    await dialog.getByLabel("Observação da parte 2 (opcional)").fill("Produtos de limpeza");
    await expect.poll(() => save.isDisabled()).toBe(false);
    // A third part comes and goes: it takes the focus, and removing it gives the focus to "Add part".
    await dialog.getByRole("button", { name: "Adicionar parte" }).click();
    await expect.poll(() => partAmount(3).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Remover parte 3" }).click();
    expect(await dialog.getByRole("button", { name: /^Remover parte/ }).count()).toBe(0);
    await noBlockingViolations(page, "the wizard with a split");
    await save.click();
    await toastWith(page, "Transação criada").last().waitFor();
    await dialog.waitFor({ state: "detached" });

    // The row says it is split, with its parts' tags and the note's first line.
    const row = page.getByTestId("transaction-row").filter({ hasText: "Supermercado" });
    await row.getByText("Dividida · 2 partes").waitFor();
    await row.getByText("Limpeza", { exact: true }).waitFor();
    await row.getByText("Mercado", { exact: true }).waitFor();
    const noteLine = row.getByText("Compra do mês", { exact: true }).locator("..");
    expect(await noteLine.getAttribute("title")).toBe("Compra do mês\ncom os vizinhos");
    const saved = (await (await page.request.get(`${api}/transactions?search=Supermercado`)).json()) as {
      data: Array<{ parts: Array<{ amount: string; note: string | null; tag_ids: string[] }> | null }>;
    };
    expect(saved.data[0]?.parts).toEqual([
      expect.objectContaining({ amount: "80.00", note: null, tag_ids: [market.uuid] }),
      expect.objectContaining({ amount: "20.00", note: "Produtos de limpeza", tag_ids: [cleaning.uuid] }),
    ]);
    await noBlockingViolations(page, "the list with a split transaction");

    // The category breakdown counts each part under its tag (Padaria's 12,00 beside Mercado's 80,00).
    await gotoHydrated(page, `/workspaces/${workspaceId}/analytics`);
    const breakdown = page.getByTestId("breakdown-list");
    await breakdown.getByRole("link", { name: "Mercado" }).waitFor();
    expect(await breakdown.getByRole("link", { name: "Mercado" }).locator("..").innerText()).toMatch(
      /Mercado\s+R\$\s92,00/,
    );
    expect(await breakdown.getByRole("link", { name: "Limpeza" }).locator("..").innerText()).toMatch(
      /Limpeza\s+R\$\s20,00/,
    );

    // A word of the note finds it in the list's search; a word of a part's note too.
    await gotoHydrated(page, path);
    await page.getByLabel("Buscar", { exact: true }).fill("vizinhos");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(/search=vizinhos/);
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(1);
    await page.getByTestId("transaction-row").filter({ hasText: "Supermercado" }).waitFor();
    await gotoHydrated(page, `${path}?search=produtos`);
    expect(await page.getByTestId("transaction-row").allInnerTexts()).toEqual([
      expect.stringContaining("Supermercado"),
    ]);

    // Editing opens with the parts filled; "Desfazer divisão" takes back one tag list with both tags.
    await page.getByRole("button", { name: "Editar Supermercado" }).click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByText("Etapa 3 de 3").waitFor();
    expect(await partAmount(1).inputValue()).toBe("80,00");
    expect(await partAmount(2).inputValue()).toBe("20,00");
    expect(await dialog.getByLabel("Observação da parte 2 (opcional)").inputValue()).toBe("Produtos de limpeza");
    expect(await partTags(dialog, 2).getByRole("button", { name: "Limpeza" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await remainder.innerText()).toBe("Tudo distribuído");
    await dialog.getByRole("button", { name: "Desfazer divisão" }).click();
    expect(await dialog.getByLabel(/^Valor da parte/).count()).toBe(0);
    for (const name of ["Mercado", "Limpeza"])
      expect(await dialog.getByRole("button", { name }).getAttribute("aria-pressed")).toBe("true");
    await dialog.getByRole("button", { name: "Limpeza" }).click();
    await dialog.getByRole("button", { name: "Atualizar transação" }).click();
    await toastWith(page, "Transação atualizada").last().waitFor();
    await dialog.waitFor({ state: "detached" });
    const unsplit = page.getByTestId("transaction-row").filter({ hasText: "Supermercado" });
    await expect.poll(() => unsplit.getByText("Dividida · 2 partes").count()).toBe(0);
    expect(await unsplit.getByText("Limpeza", { exact: true }).count()).toBe(0);
    const list = (await (await page.request.get(`${api}/transactions?search=Supermercado`)).json()) as {
      data: Array<{ amount: string; note: string | null; parts: unknown; tag_ids: string[] }>;
    };
    expect(list.data).toEqual([
      expect.objectContaining({
        amount: "100.00",
        note: "Compra do mês\ncom os vizinhos",
        parts: null,
        tag_ids: [market.uuid],
      }),
    ]);

    // One split row for the pictures of the list.
    await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${account.uuid}`,
      amount: "45.90",
      description: "Farmácia",
      note: "Remédios da semana, comprados na farmácia da esquina perto de casa\nE mais uma linha",
      parts: [
        { amount: "30.00", tag_ids: [market.uuid] },
        { amount: "15.90", tag_ids: [cleaning.uuid], note: "Sabão" },
      ],
    });
    await screenshotSplitWizard(context.cookies.bind(context), account.uuid, path);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  /** The wizard's details step with a split of 100.00 (one part still to fill), in every layout. */
  async function screenshotSplitWizard(
    cookiesOf: () => Promise<Array<{ name: string; value: string }>>,
    accountId: string,
    path: string,
  ) {
    const cookies = (await cookiesOf()).filter((cookie) => cookie.name !== "lang");
    for (const { viewport, locale } of layoutsToLookAt) {
      const { context, page } = await openPage(browser, { baseURL, locale, viewport });
      const language = locale === "pt-BR" ? "pt-BR" : "en";
      await context.addCookies(
        [...cookies, { name: "lang", value: language }].map(({ name, value }) => ({ name, value, url: baseURL })),
      );
      await gotoHydrated(page, path);
      // The list: the split row's marker and tags, and its note's first line.
      await page.getByTestId("transaction-row").first().waitFor();
      await captureScreenshot(page, `transactions-split-list-${viewport}-${locale}`);
      await page
        .getByRole("button", { name: language === "pt-BR" ? "Nova transação" : "New transaction" })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await expenseFrom(page, accountId);
      await dialog.locator("#tx-amount").fill(language === "pt-BR" ? "100,00" : "100.00");
      await dialog.locator("#tx-description").fill(language === "pt-BR" ? "Supermercado" : "Groceries");
      await dialog.locator("#tx-notes").fill(language === "pt-BR" ? "Compra do mês" : "Monthly shop");
      await dialog.getByRole("button", { name: language === "pt-BR" ? "Dividir" : "Split" }).click();
      await dialog.locator("#tx-part-0-amount").fill(language === "pt-BR" ? "80,00" : "80.00");
      await partTags(dialog, 1).getByRole("button", { name: "Mercado" }).click();
      await partTags(dialog, 2).getByRole("button", { name: "Limpeza" }).click();
      await dialog
        .locator("#tx-split-remainder")
        .getByText(/20[.,]00/)
        .waitFor();
      const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${viewport} ${locale}`).toBeLessThanOrEqual(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${viewport} ${locale}`,
      ).toBeLessThanOrEqual(0);
      if (viewport === "mobile") {
        // On a phone the parts stack: a part's amount sits above its note.
        const [amount, note] = [
          await dialog.locator("#tx-part-0-amount").boundingBox(),
          await dialog.locator("#tx-part-0-note").boundingBox(),
        ];
        expect(note!.y).toBeGreaterThan(amount!.y + amount!.height);
      }
      await captureScreenshot(page, `transactions-split-wizard-${viewport}-${locale}`);
      await noBlockingViolations(page, `the split wizard, ${viewport} ${locale}`);
      await context.close();
    }
  }
});
