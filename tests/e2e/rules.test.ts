import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** A one-line OFX statement, as a bank would send it. */
function statement(fitId: string, memo: string, amount: string) {
  const text = [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "",
    "<OFX>",
    "<BANKMSGSRSV1>",
    "<STMTTRNRS>",
    "<STMTRS>",
    "<CURDEF>BRL",
    "<BANKTRANLIST>",
    "<STMTTRN>",
    "<TRNTYPE>DEBIT",
    "<DTPOSTED>20261102000000[-3:BRT]",
    `<TRNAMT>${amount}`,
    `<FITID>${fitId}`,
    `<MEMO>${memo}`,
    "</STMTTRN>",
    "</BANKTRANLIST>",
    "</STMTRS>",
    "</STMTTRNRS>",
    "</BANKMSGSRSV1>",
    "</OFX>",
  ].join("\n");
  return { name: `${fitId}.ofx`, mimeType: "application/x-ofx", buffer: Buffer.from(text) };
}

const blocking = async (page: Page, screen: string) =>
  describeViolations(
    (await accessibilityViolations(page, screen)).filter((violation) => blockingImpacts.includes(violation.impact!)),
  );

/**
 * Rules: made, paused, moved and deleted on the Rules page; then made from a line of an import's
 * preview, which files that line and every later statement's like it.
 */
describe("rules in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates a rule on the Rules page, pauses it, moves it and deletes it", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `rules-${Date.now()}@example.com`, "Rui Regras", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const transporte = await postJson(page, `${api}/tags`, { name: "Transporte" });
    await postJson(page, `${api}/tags`, { name: "Food" });
    await gotoHydrated(page, `/workspaces/${workspaceId}/rules`);
    await page.getByRole("heading", { level: 1, name: "Rules" }).waitFor();
    await page.getByText("when the bank's text says UBER", { exact: false }).waitFor();
    expect(await blocking(page, "the empty rules page")).toEqual([]);

    await page.getByRole("button", { name: "New rule" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Rides");
    const condition = dialog.getByRole("group", { name: "Condition 1" });
    await condition.getByLabel("Value").fill("uber");
    // No action yet: the server says so at the actions.
    await dialog.getByRole("button", { name: "Create rule" }).click();
    await dialog.getByText("at least one", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Transporte" }).click();
    await dialog.getByLabel("Payee (optional)").fill("Uber");
    expect(await blocking(page, "the rule dialog")).toEqual([]);
    await dialog.getByRole("button", { name: "Create rule" }).click();
    await toastWith(page, "Rule created").waitFor();
    await page.getByText("When description contains “uber” → tag Transporte, payee Uber").waitFor();

    // A second rule, through the API, goes after it.
    await postJson(page, `${api}/rules`, {
      name: "Big spends",
      conditions: [{ field: "amount", operator: "between", value: "500.00", max: "5000.00" }],
      actions: { add_note: "Check the receipt" },
    });
    await page.reload();
    const rows = page.getByTestId("rule-row");
    await expect.poll(() => rows.count()).toBe(2);
    // Amounts in the workspace's currency, written the page's way.
    await rows
      .nth(1)
      .getByText(/^When amount is between \S*500\.00 and \S*5,000\.00 → note “Check the receipt”$/)
      .waitFor();

    await page.getByRole("switch", { name: "Run Rides" }).click();
    await toastWith(page, "Rides is paused").waitFor();
    await rows.first().getByText("Paused").waitFor();

    // Moved with the keyboard: the moved rule keeps the focus.
    await page.getByRole("button", { name: "Move Rides down" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.first().getByRole("heading").textContent()).toBe("Big spends");
    const order = await page.request.get(`${api}/rules`);
    expect(((await order.json()).data as Array<{ name: string }>).map((rule) => rule.name)).toEqual([
      "Big spends",
      "Rides",
    ]);

    await page.getByRole("button", { name: "Edit Rides" }).click();
    await dialog.getByLabel("Name").waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Rides");
    expect(await dialog.getByRole("button", { name: "Transporte" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Escape");

    await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/rules`,
      name: "rules-page",
      cookies: (await context.cookies()).map(({ name, value }) => ({ name, value })),
    }).then((layouts) => expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]));
    await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/rules`,
      name: "rules-dialog",
      cookies: (await context.cookies()).map(({ name, value }) => ({ name, value })),
      async prepare(layoutPage) {
        await layoutPage.getByTestId("rule-row").first().getByRole("button").last().waitFor();
        await layoutPage
          .getByTestId("rule-row")
          .nth(1)
          .locator("button[aria-label^='Edit'], button[aria-label^='Editar']")
          .click();
        await layoutPage.getByRole("dialog").getByRole("textbox").first().waitFor();
      },
    });

    await page.getByRole("button", { name: "Delete Rides" }).click();
    await page.getByText("What it already filed stays filed.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Delete rule" }).click();
    await toastWith(page, "Rule deleted").waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(transporte.uuid).toBeTruthy();
    expect(problems).toEqual([
      "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ]);
    await context.close();
  });

  it("makes a rule from an imported line, on a phone, which files that line and the next statement's like it", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    const workspaceId = await signUpWithWorkspace(
      page,
      `rules-import-${Date.now()}@example.com`,
      "Ines Import",
      "Casa",
    );
    const api = `/api/workspaces/${workspaceId}`;
    const account = await postJson(page, `${api}/accounts`, { name: "Itaú", type: "checking", currency: "BRL" });
    await postJson(page, `${api}/tags`, { name: "Transporte" });
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);

    const dialog = page.getByRole("dialog", { name: "Import a bank statement" });
    async function preview(file: ReturnType<typeof statement>) {
      await page.getByRole("button", { name: /^Import$/ }).click();
      await dialog.locator("#import-target").selectOption(`account:${account.uuid}`);
      await dialog.locator("#import-file").setInputFiles(file);
      await dialog.getByRole("button", { name: /^Preview$/ }).click();
      await dialog.getByText("1 new").waitFor();
    }

    await preview(statement("UBER1", "UBER *TRIP 8F2K", "-23,90"));
    expect(await dialog.getByTestId("line-filing").count()).toBe(0);
    await dialog.getByRole("button", { name: "Create a rule from “UBER *TRIP 8F2K”" }).click();
    const ruleDialog = page.getByRole("dialog", { name: "New rule" });
    await ruleDialog.getByLabel("Name").waitFor();
    expect(await ruleDialog.getByLabel("Name").inputValue()).toBe("UBER");
    expect(await ruleDialog.getByRole("group", { name: "Condition 1" }).getByLabel("Value").inputValue()).toBe("UBER");
    expect(await ruleDialog.getByRole("checkbox", { name: "Imported statements" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(await ruleDialog.getByRole("checkbox", { name: "What you type" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    await ruleDialog.getByRole("button", { name: "Transporte" }).click();
    await captureScreenshot(page, "rules-from-import-line-mobile-en-US");
    await ruleDialog.getByRole("button", { name: "Create rule" }).click();
    await toastWith(page, "Rule created").waitFor();
    // The preview is read again: the line now shows how the rule files it.
    await dialog.getByTestId("line-filing").getByText("Transporte").waitFor();
    expect(await blocking(page, "the preview with a filed line")).toEqual([]);
    await captureScreenshot(page, "rules-import-preview-filed-mobile-en-US");
    await dialog.getByRole("button", { name: "Import 1 transaction" }).click();
    await dialog.getByText("1 transaction created").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();

    await preview(statement("UBER2", "UBER *TRIP 9XQ1", "-31,50"));
    await dialog.getByTestId("line-filing").getByText("Transporte").waitFor();
    await dialog.getByRole("button", { name: "Import 1 transaction" }).click();
    await dialog.getByText("1 transaction created").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();

    const rows = page.getByTestId("transaction-row");
    await expect.poll(() => rows.count()).toBe(2);
    for (const memo of ["UBER *TRIP 8F2K", "UBER *TRIP 9XQ1"])
      await rows.filter({ hasText: memo }).getByText("Transporte").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
