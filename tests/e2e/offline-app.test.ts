import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { chooseExpenseFrom } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

type Listed = { data: { description: string; amount: string }[]; meta: { total: number } };

/** Cookie-authenticated API calls, made from the test's side (the browser's offline switch does not stop them). */
async function api<T>(page: Page, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/workspaces${path}`, {
    method,
    data,
    headers: { Origin: inject("appUrl") },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Waits until the app's service worker controls the page (it claims open pages when it activates). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The wizard, from the transactions page's button, to a saved expense paid from the account. */
async function recordExpense(page: Page, accountId: string, amount: string, description: string) {
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "New transaction" }).first().click();
  await chooseExpenseFrom(page, accountId);
  await dialog.getByLabel("Amount").fill(amount);
  await dialog.getByLabel("Description").fill(description);
  await dialog.getByRole("button", { name: "Create" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** axe's serious and critical findings on the page as it is. */
async function blockingViolations(page: Page, screen: string) {
  const found = await accessibilityViolations(page, screen);
  return describeViolations(
    found.filter((violation) => violation.impact !== null && blockingImpacts.includes(violation.impact)),
  );
}

const waitingList = (page: Page) => page.getByRole("region", { name: /Waiting to send/ });

/**
 * The installed app offline (README: "Installable app"), in Chromium with its service worker: pages seen
 * are read offline with a banner saying from when; expenses recorded offline wait on the device and are
 * posted once each when the connection is back, even when two tabs send them at once or the app is closed
 * (Background Sync); a refusal is said on the entry and nothing is lost; signing out forgets the pages.
 */
describe("the app offline in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedInWithAccounts(context: BrowserContext, page: Page, prefix: string) {
    const workspaceId = await signUpWithWorkspace(page, `${prefix}-${crypto.randomUUID()}@example.com`, "Rita", "Casa");
    const account = await api<{ data: { uuid: string } }>(page, "POST", `/${workspaceId}/accounts`, {
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "500.00",
    });
    const spare = await api<{ data: { uuid: string } }>(page, "POST", `/${workspaceId}/accounts`, {
      name: "Carteira",
      type: "savings",
      currency: "BRL",
      balance: "80.00",
    });
    void context;
    return { workspaceId, accountId: account.data.uuid, spareId: spare.data.uuid };
  }

  it("reads the pages seen offline, records two expenses there and posts each once when two tabs come back", async () => {
    const { page, context, problems } = await openPage(browser, { baseURL, allowsServiceWorker: true });
    const { workspaceId, accountId, spareId } = await signedInWithAccounts(context, page, "offline");
    const workspacePath = `/workspaces/${workspaceId}`;
    await gotoHydrated(page, `${workspacePath}/dashboard`);
    await waitForServiceWorker(page);
    // Pages are asked for while the worker starts (navigation preload), and still answer through it.
    const preload = await page.evaluate(() =>
      navigator.serviceWorker.ready.then((registration) => registration.navigationPreload.getState()),
    );
    expect(preload.enabled).toBe(true);
    // Seen once online: the three pages kept for reading offline.
    for (const path of ["accounts", "transactions", "dashboard"]) await gotoHydrated(page, `${workspacePath}/${path}`);

    await context.setOffline(true);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page
      .getByRole("status")
      .filter({ hasText: /^Offline — data from today, \d\d:\d\d/ })
      .waitFor();
    await expect.poll(() => page.getByTestId("stat-total").textContent()).toContain("580.00");
    await captureScreenshot(page, "offline-dashboard-en-desktop");
    // In-app navigation offline reaches the other pages kept (the accounts page as a kept document).
    await page.getByRole("navigation").getByRole("link", { name: "Accounts" }).click();
    await page.getByRole("heading", { name: "Accounts", level: 1 }).waitFor();
    await page.getByText("Carteira").first().waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /^Offline — data from today/ })
      .waitFor();
    // A page never opened says so, with the ones that can be read.
    const notKept = await page.goto(`${workspacePath}/tags`);
    expect(notKept?.status()).toBe(503);
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    await captureScreenshot(page, "offline-page-not-kept-en-desktop");
    await page.getByRole("link", { name: "Transactions" }).waitFor();
    // Only the kept pages, each once.
    const kept = await page.getByRole("listitem").allTextContents();
    expect(kept.map((item) => item.split(" ")[0]).sort()).toEqual(["Accounts", "Dashboard", "Transactions"]);

    await page.goto(`${workspacePath}/transactions`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await recordExpense(page, accountId, "12.50", "Café na padaria");
    await toastWith(page, "Saved on this device").waitFor();
    await recordExpense(page, accountId, "4.40", "Ônibus");
    await recordExpense(page, spareId, "30.00", "Feira");
    await expect.poll(() => waitingList(page).getByRole("listitem").count()).toBe(3);
    await expect.poll(() => waitingList(page).textContent()).toContain("−R$12.50");
    await captureScreenshot(page, "offline-waiting-entries-en-desktop");
    expect(await blockingViolations(page, "transactions offline, entries waiting")).toEqual([]);
    // Nothing reached the server.
    expect((await api<Listed>(page, "GET", `/${workspaceId}/transactions`)).meta.total).toBe(0);
    // Meanwhile, on another device, the wallet account is deleted: its entry will be refused.
    await api(page, "DELETE", `/${workspaceId}/accounts/${spareId}`);

    // A second tab of the app, also offline, sees the same entries; both send them when the connection is back.
    const second = await context.newPage();
    await second.goto(`${workspacePath}/transactions`);
    await second.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect.poll(() => waitingList(second).getByRole("listitem").count()).toBe(3);
    await context.setOffline(false);

    await expect.poll(() => waitingList(page).getByRole("listitem").count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => waitingList(page).textContent()).toContain("Feira");
    await expect.poll(() => waitingList(page).textContent()).toContain("Not sent:");
    const listed = await api<Listed>(page, "GET", `/${workspaceId}/transactions`);
    expect(listed.data.map((row) => `${row.description} ${row.amount}`).sort()).toEqual([
      "Café na padaria 12.50",
      "Ônibus 4.40",
    ]);
    const account = await api<{ data: { balance_cents: number } }>(
      page,
      "GET",
      `/${workspaceId}/accounts/${accountId}`,
    );
    expect(account.data.balance_cents).toBe(50000 - 1250 - 440);
    // The page shows them as the server has them, and the banner is gone.
    await page.getByText("Café na padaria").first().waitFor();
    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: /^Offline/ })
          .count(),
      )
      .toBe(0);
    await captureScreenshot(page, "offline-refused-entry-en-desktop");

    // The refused entry is kept until the person discards it, after asking.
    await waitingList(page).getByRole("button", { name: "Discard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Discard entry" }).click();
    await expect.poll(() => waitingList(page).count()).toBe(0);
    await expect.poll(() => waitingList(second).count()).toBe(0);
    expect(problems.filter((problem) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual(
      [],
    );
    await context.close();
  });

  it("sends an entry with the app closed (Background Sync), and signing out forgets the pages kept", async () => {
    const { page, context } = await openPage(browser, {
      baseURL,
      allowsServiceWorker: true,
      locale: "pt-BR",
      viewport: "mobile",
    });
    const { workspaceId, accountId } = await signedInWithAccounts(context, page, "sync");
    const workspacePath = `/workspaces/${workspaceId}`;
    await gotoHydrated(page, `${workspacePath}/transactions`);
    await waitForServiceWorker(page);
    await gotoHydrated(page, `${workspacePath}/transactions`);
    await context.setOffline(true);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page
      .getByRole("status")
      .filter({ hasText: /^Sem conexão — dados de hoje/ })
      .waitFor();
    const dialog = page.getByRole("dialog");
    await page.getByRole("button", { name: "Nova transação" }).first().click();
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^Despesa/ }) })
      .click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.locator("#tx-origin").selectOption(`account:${accountId}`);
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByLabel("Valor").fill("1.234,56");
    await dialog.getByLabel("Descrição").fill("Geladeira");
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect
      .poll(async () =>
        (await page.getByRole("region", { name: /Aguardando envio/ }).textContent())?.replace(/\s/g, " "),
      )
      .toContain("−R$ 1.234,56");
    await captureScreenshot(page, "offline-waiting-entries-pt-BR-mobile");
    expect(await blockingViolations(page, "transações sem conexão, no telefone")).toEqual([]);

    // The app is closed; the connection comes back and the browser fires Background Sync (asked here through
    // the DevTools protocol, from a page of another origin, so no page of the app is open to do it instead).
    const other = await context.newPage();
    await page.close();
    await context.setOffline(false);
    const devtools = await context.newCDPSession(other);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => resolve(registrations)),
    );
    await devtools.send("ServiceWorker.enable");
    const registration = (await registrations).find((found) => found.scopeURL.startsWith(baseURL));
    expect(registration).toBeDefined();
    // The service worker's posts, as the browser makes them.
    const posts: string[] = [];
    context.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/transactions.data")) posts.push(request.url());
    });
    // Fired twice at once (a browser may retry a sync it thinks failed): the entry is sent twice, posted once.
    const sync = () =>
      devtools.send("ServiceWorker.dispatchSyncEvent", {
        origin: new URL(baseURL).origin,
        registrationId: registration!.registrationId,
        tag: "moneta-queued-entries",
        lastChance: false,
      });
    await Promise.all([sync(), sync()]);
    const fromPage = await context.newPage();
    await expect
      .poll(async () =>
        (await api<Listed>(fromPage, "GET", `/${workspaceId}/transactions`)).data.map((row) => row.amount),
      )
      .toEqual(["1234.56"]);
    await expect.poll(() => posts.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await api<Listed>(fromPage, "GET", `/${workspaceId}/transactions`)).meta.total).toBe(1);

    // Signing out forgets every page kept on this device.
    await gotoHydrated(fromPage, `${workspacePath}/dashboard`);
    await expect.poll(() => fromPage.getByRole("region", { name: /Aguardando envio/ }).count()).toBe(0);
    const keptBefore = await fromPage.evaluate(() => caches.keys());
    expect(keptBefore.some((name) => name.startsWith("moneta-pages-"))).toBe(true);
    await fromPage.getByRole("button", { name: "Menu da conta" }).click();
    await fromPage.getByRole("menuitem", { name: "Sair" }).click();
    await fromPage.waitForURL("**/login");
    await expect
      .poll(() =>
        fromPage.evaluate(() => caches.keys().then((names) => names.filter((name) => name.includes("pages")))),
      )
      .toEqual([]);
    await context.setOffline(true);
    const afterSignOut = await fromPage.goto(`${workspacePath}/dashboard`);
    expect(afterSignOut?.status()).toBe(503);
    await fromPage.getByRole("heading", { name: "Sem conexão" }).waitFor();
    await context.close();
  });
});
