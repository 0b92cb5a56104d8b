import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** Cookie-authenticated API calls from the page's own origin, as the browser app would make them. */
async function api<T>(page: Page, baseURL: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/workspaces${path}`, { method, data, headers: { Origin: baseURL } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The wizard up to its last step: income into the account, with this amount and description. */
async function draftIncome(page: Page, accountId: string, amount: string, description: string) {
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "New transaction" }).first().click();
  await dialog
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: /^Income/ }) })
    .click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator("#tx-destination").selectOption(`account:${accountId}`);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Amount").fill(amount);
  await dialog.getByLabel("Description").fill(description);
}

const isCreatePost = (request: Request) =>
  request.method() === "POST" && (request.postData() ?? "").includes("intent=create");

describe("the transaction wizard posts money once", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("resubmitting after an answer that failed although the server saved, and double-clicking Create, record one transaction each", async () => {
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `retry-${Date.now()}@example.com`, "Rita Retry", "Retries");
    const account = await api<{ data: { uuid: string } }>(page, baseURL, "POST", `/${workspaceId}/accounts`, {
      name: "Nubank",
      type: "checking",
      currency: "BRL",
      balance: "1000.00",
    });
    const accountId = account.data.uuid;
    const totals = async () => {
      const list = await api<{ meta: { total: number } }>(page, baseURL, "GET", `/${workspaceId}/transactions`);
      const found = await api<{ data: { balance_cents: number } }>(
        page,
        baseURL,
        "GET",
        `/${workspaceId}/accounts/${accountId}`,
      );
      return { count: list.meta.total, balanceCents: found.data.balance_cents };
    };
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const dialog = page.getByRole("dialog");
    const posted: string[] = [];
    page.on("request", (request) => {
      if (isCreatePost(request)) posted.push(request.postData()!);
    });

    // The first submit reaches the server and is saved, but the browser gets a failure back
    // (what a timeout or a 5xx after the commit looks like): the server's own answer to a request
    // it refuses, fetched in its place.
    await page.route(
      (url) => url.pathname.startsWith(`/workspaces/${workspaceId}/transactions`),
      async (route) => {
        if (!isCreatePost(route.request())) return route.continue();
        await route.fetch();
        const refused = await route.fetch({
          postData: route.request().postData()!.replace("intent=create", "intent=lost"),
        });
        await route.fulfill({ response: refused });
      },
      { times: 1 },
    );
    await draftIncome(page, accountId, "50.00", "Freelance");
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    await dialog.getByRole("alert").filter({ hasText: "The transaction could not be saved." }).waitFor();
    expect(await totals()).toEqual({ count: 1, balanceCents: 105_000 });

    // The person tries again with the same draft: the server answers with what it saved.
    await dialog.getByRole("button", { name: "Create transaction" }).click();
    await toastWith(page, "Transaction created").last().waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await totals()).toEqual({ count: 1, balanceCents: 105_000 });
    const keyOf = (body: string) => new URLSearchParams(body).get("idempotency_key");
    expect(posted).toHaveLength(2);
    expect(keyOf(posted[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(posted[1]!)).toBe(keyOf(posted[0]!));

    // A double click on Create, for a new draft, records it once too.
    await draftIncome(page, accountId, "20.00", "Tips");
    await dialog.getByRole("button", { name: "Create transaction" }).dblclick();
    await toastWith(page, "Transaction created").last().waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("transaction-row").count()).toBe(2);
    expect(await totals()).toEqual({ count: 2, balanceCents: 107_000 });
    // A new draft is a new request: it carried a key of its own.
    expect(new Set(posted.map(keyOf)).size).toBe(2);
    expect(problems.filter((problem) => !problem.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
