import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, screenshotEveryLayout } from "../support/browser.ts";
import { readZip } from "../support/xlsx-reader.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The whole workspace: workspace settings' "Your data" downloads every entity as a zip,
 * built as it streams, for the owner on the free plan too; the account-deletion dialog offers each
 * owned workspace's download before the destructive button.
 */
describe("downloading the whole workspace in Chromium", () => {
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

  /** Clicks a download link and reads the archive the browser saved. */
  async function downloadZip(page: Page, link: ReturnType<Page["getByRole"]>) {
    const saved = page.waitForEvent("download");
    await link.click();
    const file = await saved;
    return { name: file.suggestedFilename(), files: readZip(new Uint8Array(await readFile((await file.path())!))) };
  }

  it("downloads everything from workspace settings, and offers it again before the account is deleted", async () => {
    const opened = await openPage(browser, { baseURL, locale: "en-US" });
    const { page, problems } = opened;
    const workspaceId = await signUpWithWorkspace(page, `zip-${Date.now()}@example.com`, "Olga Owner", "Casa Ação");
    const api = `/api/workspaces/${workspaceId}`;
    const { currency } = (await (await page.request.get(api)).json()).data;
    const checking = await postJson(page, `${api}/accounts`, { name: "Conta Poupança", type: "checking", currency });
    const bought = await postJson(page, `${api}/transactions`, {
      type: "expense",
      origin_id: `account:${checking.uuid}`,
      amount: "42.90",
      description: "Açaí na praça São João",
      date: "2026-11-20",
    });

    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    const section = page.getByRole("heading", { name: "Your data" });
    await section.waitFor();
    expect(await page.getByText("built as it downloads").count()).toBe(1);
    const link = page.getByRole("link", { name: "Download everything (.zip)" });
    expect(await link.getAttribute("download")).toBe("");
    const { name, files } = await downloadZip(page, link);
    expect(name).toMatch(/^moneta-workspace-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(files.get("README.txt")).toMatch(/^Moneta: everything the workspace “Casa Ação” holds/);
    const transactions = JSON.parse(files.get("transactions.json")!);
    expect(transactions).toEqual([
      expect.objectContaining({ uuid: bought.uuid, description: "Açaí na praça São João", amount: "42.90", currency }),
    ]);
    expect(files.get("transactions.csv")).toContain("Açaí na praça São João");
    expect(JSON.parse(files.get("accounts.json")!)[0].name).toBe("Conta Poupança");

    const violations = await accessibilityViolations(page, "workspace settings with your data");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );
    const cookies = (await opened.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/settings`,
      name: "workspace-your-data",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Deleting the account: the dialog lists the workspace the person owns, with its download, before the button.
    await gotoHydrated(page, "/settings");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("You own these workspaces").waitFor();
    const offered = dialog.getByRole("link", { name: /^Download its data first\s?: Casa Ação$/ });
    expect(await offered.getAttribute("href")).toBe(`${api}/exports/workspace.zip?language=en`);
    const again = await downloadZip(page, offered);
    expect(JSON.parse(again.files.get("transactions.json")!)[0].description).toBe("Açaí na praça São João");
    const dialogViolations = await accessibilityViolations(page, "account deletion with the download offered");
    expect(
      describeViolations(dialogViolations.filter((violation) => blockingImpacts.includes(violation.impact!))),
    ).toEqual([]);
    await captureScreenshot(page, "settings-delete-download-first-desktop-en-US");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const phone = await openPage(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    await phone.context.addCookies([
      ...(await opened.context.cookies()),
      { name: "lang", value: "pt-BR", url: baseURL },
    ]);
    await gotoHydrated(phone.page, "/settings");
    await phone.page.getByRole("button", { name: "Excluir minha conta" }).click();
    await phone.page.getByRole("link", { name: /^Baixar os dados antes\s?: Casa Ação$/ }).waitFor();
    await captureScreenshot(phone.page, "settings-delete-download-first-mobile-pt-BR");
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    expect(problems).toEqual([]);
    await opened.context.close();
  });
});
