import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The transactions list made for a thumb (docs/product.md#transactions): on a 390×844 phone a row is one or two
 * lines — what, its category or legs, the amount, never "R$ … BRL" — so at least seven fit on a screen; the
 * row opens the transaction, and its "…" menu deletes it after asking. From any page, one tap starts an expense.
 */
describe("the transactions list on a phone", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows seven or more rows per screen, opens a row on tap and deletes from its menu", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL, viewport: "mobile", locale: "pt-BR" });
    await page.setViewportSize({ width: 390, height: 844 });
    const workspaceId = await signUpWithWorkspace(
      page,
      `phone-list-${crypto.randomUUID()}@example.com`,
      "Rita",
      "Casa",
    );
    const account = await postJson(page, `/api/workspaces/${workspaceId}/accounts`, {
      name: "Itaú",
      type: "checking",
      balance: "5000.00",
    });
    const food = await postJson(page, `/api/workspaces/${workspaceId}/tags`, { name: "Alimentação" });
    const places = [
      ...["Padaria", "Mercado", "Farmácia", "Feira", "Açougue", "Posto", "Uber"],
      ...["Cinema", "Livraria", "Café", "Pizzaria", "Lavanderia", "Papelaria", "Sorveteria"],
    ];
    for (const [index, description] of places.entries()) {
      await postJson(page, `/api/workspaces/${workspaceId}/transactions`, {
        type: "expense",
        amount: `${12 + index}.90`,
        description,
        origin_id: `account:${account.uuid}`,
        tag_ids: index % 2 === 0 ? [food.uuid] : [],
      });
    }
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const rows = page.getByTestId("transaction-row");
    await expect.poll(() => rows.count()).toBe(places.length);
    // Scrolled to the list, as a thumb would: the rows wholly on the screen below the sticky header.
    const onScreen = await rows.evaluateAll((elements) => {
      const headerBottom = document.querySelector("header")!.getBoundingClientRect().bottom;
      window.scrollBy(0, elements[0]!.getBoundingClientRect().top - headerBottom);
      return elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= headerBottom && box.bottom <= window.innerHeight;
      }).length;
    });
    expect(onScreen).toBeGreaterThanOrEqual(7);
    const padaria = rows.filter({ hasText: "Padaria" });
    expect(await padaria.textContent()).toMatch(/-R\$\s12,90/);
    expect(await padaria.textContent()).not.toContain("BRL");
    expect(await padaria.textContent()).toContain("Alimentação");
    await captureScreenshot(page, "transactions-phone-list-pt-BR-390");
    const blocking = (await accessibilityViolations(page, "the phone list")).filter((violation) =>
      blockingImpacts.includes(violation.impact),
    );
    expect(describeViolations(blocking)).toEqual([]);

    // A tap on the row opens it.
    await page.getByRole("button", { name: "Editar Mercado" }).click();
    await page.getByRole("dialog", { name: "Editar transação" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // Its menu deletes it, after asking.
    await page.getByRole("button", { name: "Ações de Farmácia" }).click();
    await page.getByRole("menuitem", { name: "Excluir" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Excluir transação" }).click();
    await toastWith(page, "Transação excluída").waitFor();
    await expect.poll(() => rows.count()).toBe(places.length - 1);

    // From any page, one tap starts an expense: the wizard opens on it, at where the money comes from.
    await gotoHydrated(page, `/workspaces/${workspaceId}/accounts`);
    await page.getByRole("link", { name: "Adicionar despesa" }).click();
    const wizard = page.getByRole("dialog", { name: "Nova transação" });
    await wizard.getByText("Etapa 2 de 3", { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
