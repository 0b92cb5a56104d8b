import { addDays } from "../../../worker/ledger/dates.ts";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

/** A POST to the API that must create something (201), as the page's signed-in person: its `data`. */
export async function postJson(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { headers: { Origin: inject("appUrl") }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** An account made through the API, as a person would have made it on the accounts page; its id. */
export async function addAccount(page: Page, workspaceId: string, name: string, balance: string): Promise<string> {
  const response = await page.request.post(`/api/workspaces/${workspaceId}/accounts`, {
    headers: { Origin: inject("appUrl") },
    data: { name, type: "checking", currency: "USD", balance },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { uuid: string } }).data.uuid;
}

/** The open wizard's first two steps (English page): an expense, paid from the account. */
export async function chooseExpenseFrom(page: Page, accountId: string) {
  const dialog = page.getByRole("dialog");
  await dialog
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: /^Expense/ }) })
    .click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator("#tx-origin").selectOption(`account:${accountId}`);
  await dialog.getByRole("button", { name: "Next" }).click();
}

/** The workspace's today, as its pages and the executor read it (its time zone, the app's clock). */
export async function workspaceToday(page: Page, workspaceId: string): Promise<string> {
  const response = await page.request.get(`/api/workspaces/${workspaceId}/scheduled-transactions`);
  return ((await response.json()) as { meta: { today: string } }).meta.today;
}

/**
 * A statement cycle that closed a few days before today, whatever today is: the billing day three days
 * back (28 at most, so it exists in every month) and the due day a week after it, wrapped into 1–28.
 */
export function cardCycleAround(today: string): { billingDay: number; dueDay: number } {
  const billingDay = Math.min(28, Number(addDays(today, -3).slice(8)));
  return { billingDay, dueDay: ((billingDay + 6) % 28) + 1 };
}
