import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { gotoHydrated, launchBrowser, openPage, screenshotEveryLayout, toastWith } from "../support/browser.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

const blocking = async (page: Page, screen: string) =>
  describeViolations(
    (await accessibilityViolations(page, screen)).filter((violation) => blockingImpacts.includes(violation.impact!)),
  );

/** A rule applied to the transactions already there from the Rules page: scanned, applied, then undone. */
describe("rules applied to existing transactions in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows what a rule would change, applies it and undoes it", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `rule-runs-${Date.now()}@example.com`, "Rita Runs", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const account = await postJson(page, `${api}/accounts`, { name: "Itaú", type: "checking", currency: "BRL" });
    for (const [description, amount] of [
      ["UBER *TRIP 1", "23.90"],
      ["UBER *TRIP 2", "31.50"],
    ])
      await postJson(page, `${api}/transactions`, {
        type: "expense",
        origin_id: `account:${account.uuid}`,
        amount,
        description,
      });
    const transporte = await postJson(page, `${api}/tags`, { name: "Transporte" });
    await postJson(page, `${api}/rules`, {
      name: "Rides",
      conditions: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [transporte.uuid] },
    });

    await gotoHydrated(page, `/workspaces/${workspaceId}/rules`);
    await page.getByRole("button", { name: "Apply Rides to existing transactions" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply “Rides” to existing transactions" });
    await dialog.getByText("2 transactions would change").waitFor();
    await dialog.getByText("UBER *TRIP 1").waitFor();
    expect(await dialog.getByText("Tags: — → Transporte").count()).toBe(2);
    expect(await blocking(page, "the run dialog")).toEqual([]);
    await dialog.getByRole("button", { name: "Apply to 2 transactions" }).click();
    await dialog.getByText("Applied to 2 transactions").waitFor();

    // The transactions page, in a second tab: the Rules page keeps its dialog, to undo from.
    const transactionsPage = await context.newPage();
    await gotoHydrated(transactionsPage, `/workspaces/${workspaceId}/transactions`);
    const rows = transactionsPage.getByTestId("transaction-row");
    for (const description of ["UBER *TRIP 1", "UBER *TRIP 2"])
      await rows.filter({ hasText: description }).getByText("Transporte").waitFor();

    await dialog.getByRole("button", { name: "Undo" }).click();
    await dialog.getByText("Undone").waitFor();
    await transactionsPage.reload();
    await rows.filter({ hasText: "UBER *TRIP 2" }).waitFor();
    await expect.poll(() => rows.getByText("Transporte").count()).toBe(0);

    await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/rules`,
      name: "rule-run-would-change",
      cookies: (await context.cookies()).map(({ name, value }) => ({ name, value })),
      async prepare(layoutPage) {
        await layoutPage
          .getByTestId("rule-row")
          .locator("button[aria-label^='Apply'], button[aria-label^='Aplicar']")
          .click();
        await layoutPage
          .getByTestId("rule-run-status")
          .getByText(/2 trans/)
          .waitFor();
      },
    }).then((layouts) => expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("offers a rule after the same re-tagging twice, once, and makes it when accepted", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, `rule-offer-${Date.now()}@example.com`, "Otto Offer", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const account = await postJson(page, `${api}/accounts`, { name: "Itaú", type: "checking", currency: "BRL" });
    const food = await postJson(page, `${api}/tags`, { name: "Comida" });
    const transporte = await postJson(page, `${api}/tags`, { name: "Transporte" });
    for (const description of ["Corrida 1", "Corrida 2"]) {
      const expense = {
        type: "expense",
        origin_id: `account:${account.uuid}`,
        amount: "20.00",
        description,
      };
      const ride = await postJson(page, `${api}/transactions`, { ...expense, payee: "Uber", tag_ids: [food.uuid] });
      const retagged = await page.request.put(`${api}/transactions/${ride.uuid}`, {
        headers: { Origin: baseURL },
        data: { ...expense, tag_ids: [transporte.uuid] },
      });
      expect(retagged.status(), await retagged.text()).toBe(200);
    }

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const offer = page.getByRole("region", { name: "Always tag Uber as Transporte?" });
    await offer.waitFor();
    expect(await blocking(page, "the rule offer")).toEqual([]);
    await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/transactions`,
      name: "rule-suggestion",
      cookies: (await context.cookies()).map(({ name, value }) => ({ name, value })),
    }).then((layouts) => expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]));
    await offer.getByRole("button", { name: "Create rule" }).click();
    await toastWith(page, "Rule created: Uber → Transporte").waitFor();
    await offer.waitFor({ state: "detached" });
    const rules = (await (await page.request.get(`${api}/rules`)).json()).data as { name: string }[];
    expect(rules.map((rule) => rule.name)).toEqual(["Uber"]);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await offer.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
