import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

async function blockingViolations(page: Page, screen: string) {
  const found = await accessibilityViolations(page, screen);
  return describeViolations(
    found.filter((violation) => violation.impact !== null && blockingImpacts.includes(violation.impact)),
  );
}

/**
 * Restoring a workspace: the archive Settings → Your data downloads is read on the workspaces page, what it
 * holds is shown, and it comes back as a new workspace with the same money — on a desktop in English, and
 * read on a phone in Portuguese.
 */
describe("restoring a workspace archive in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function archiveOf(page: Page) {
    const email = `restore-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const workspaceId = await signUpWithWorkspace(page, email, "Rui Restaura", "Casa da praia");
    const api = `/api/workspaces/${workspaceId}`;
    const post = async (path: string, data: Record<string, unknown>) => {
      const response = await page.request.post(`${api}${path}`, { headers: { Origin: baseURL }, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()).data;
    };
    const account = await post("/accounts", {
      name: "Conta Itaú",
      type: "checking",
      currency: "BRL",
      balance: "1000.00",
    });
    await post("/transactions", {
      type: "expense",
      origin_id: `account:${account.uuid}`,
      amount: "235.40",
      description: "Mercado",
      date: "2026-11-20",
    });
    const zip = await page.request.get(`${api}/exports/workspace.zip?language=en`);
    expect(zip.status()).toBe(200);
    return Buffer.from(await zip.body());
  }

  async function readArchive(page: Page, bytes: Buffer, link: RegExp, read: RegExp) {
    await gotoHydrated(page, "/workspaces");
    await page.getByRole("button", { name: link }).click();
    await page.getByRole("dialog").locator('input[type="file"]').setInputFiles({
      name: "moneta-casa.zip",
      mimeType: "application/zip",
      buffer: bytes,
    });
    await page.getByRole("button", { name: read }).click();
  }

  it("reads the archive, shows what it holds, and restores it as a new workspace with the same balance", async () => {
    const { page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const archive = await archiveOf(page);
    await readArchive(page, archive, /Restore it as a new workspace/, /Read the archive/);
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText("1 transaction").isVisible()).toBe(true);
    expect(await dialog.getByText("1 account", { exact: true }).isVisible()).toBe(true);
    await captureScreenshot(page, "restore-workspace-preview-desktop-en");
    expect(await blockingViolations(page, "restore preview")).toEqual([]);

    await dialog.getByRole("button", { name: "Restore as a new workspace" }).click();
    await page.waitForURL(/\/workspaces\/[^/]+\/dashboard/);
    const restoredId = /\/workspaces\/([^/]+)\//.exec(page.url())![1]!;
    const accounts = (await (await page.request.get(`/api/workspaces/${restoredId}/accounts`)).json()).data;
    expect(accounts.map((account: { name: string; balance: string }) => [account.name, account.balance])).toEqual([
      ["Conta Itaú", "764.60"],
    ]);
    const list = (await (await page.request.get("/api/workspaces")).json()).data;
    expect(list.filter((workspace: { name: string }) => workspace.name === "Casa da praia")).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it("says on a phone, in Portuguese, what a file that is not an archive is, and reads a real one", async () => {
    const { page, problems } = await openPage(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    const archive = await archiveOf(page);
    await readArchive(page, Buffer.from("Data;Valor\n"), /Restaure-o como um novo espaço/, /Ler o arquivo/);
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toContain("Este não é um arquivo de espaço do Moneta");
    await captureScreenshot(page, "restore-workspace-refused-phone-pt");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "moneta.zip", mimeType: "application/zip", buffer: archive });
    await dialog.getByRole("button", { name: "Ler o arquivo" }).click();
    await expect.poll(() => dialog.getByText("1 transação").isVisible()).toBe(true);
    await captureScreenshot(page, "restore-workspace-preview-phone-pt");
    expect(await blockingViolations(page, "restore preview, phone")).toEqual([]);
    // The refused file's answer, which the browser logs; nothing else went wrong.
    expect(problems).toEqual([
      "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
    ]);
  });
});
