import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import {
  type AccessibilityViolation,
  accessibilityViolations,
  blockingImpacts,
  writeAccessibilityReport,
} from "../../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  type ViewportName,
  openPage,
  waitForHydration,
} from "../../support/browser.ts";
import { testNow } from "../../support/test-clock.ts";
import { type Language, translator } from "./locale-text.ts";
import { codeFromMail } from "./sign-in.ts";

/** Money and labels through the API, as a person would have entered them: accounts, a card with a purchase, tagged transactions. */
async function seedLedger(page: Page, baseURL: string, workspaceId: string) {
  const api = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/workspaces/${workspaceId}${path}`, {
      headers: { Origin: baseURL },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { uuid: string } }).data;
  };
  const checking = await api("/accounts", { name: "Itaú", type: "checking", currency: "BRL", balance: "3000" });
  await api("/accounts", { name: "Reserva", type: "savings", currency: "BRL", balance: "12000" });
  const card = await api("/cards", {
    name: "Nubank",
    type: "credit",
    account_uuid: checking.uuid,
    credit_limit: "5000",
    billing_cycle_day: 10,
    last_four_digits: "1234",
    issuer: "Mastercard",
  });
  await api(`/cards/${card.uuid}/purchase`, { amount: "120.00", description: "Groceries" });
  const tag = await api("/tags", { name: "Travel" });
  await api("/transactions", {
    type: "income",
    amount: "5200",
    description: "Salary",
    destination_id: `account:${checking.uuid}`,
  });
  await api("/transactions", {
    type: "expense",
    amount: "89.90",
    description: "Train tickets",
    origin_id: `account:${checking.uuid}`,
    tag_ids: [tag.uuid],
  });
  await api("/scheduled-transactions", {
    type: "expense",
    amount: "250",
    description: "Internet",
    origin_id: `account:${checking.uuid}`,
    scheduled_date: `${testNow().getUTCFullYear() + 1}-01-10`,
  });
  return { cardId: card.uuid };
}

/**
 * Walks every screen of the app as one person would, signed out and in, with the dialogs open and in
 * light workspace colours, running axe-core on each (tests/support/accessibility.ts), and returns the
 * critical and serious violations. Two files run it at once, each in one layout: a wide English desktop
 * in the light theme and a narrow Portuguese phone whose system is dark (the app follows it), so each
 * width, each language and each theme is walked (docs/decisions/043-one-test-run-three-files-at-a-time.md).
 */
export async function blockingViolationsOnEveryScreen(
  browser: Browser,
  baseURL: string,
  {
    viewport,
    locale,
    colorScheme = "light",
  }: { viewport: ViewportName; locale: "en-US" | "pt-BR"; colorScheme?: "light" | "dark" },
): Promise<AccessibilityViolation[]> {
  const language: Language = locale === "pt-BR" ? "pt-BR" : "en";
  const t = translator(language);
  const found: AccessibilityViolation[] = [];
  const { context, page } = await openPage(browser, { baseURL, viewport, locale, colorScheme });
  await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
  const check = async (screen: string, screenshot?: string) => {
    found.push(...(await accessibilityViolations(page, screen)));
    if (screenshot) await captureScreenshot(page, `accessibility-${screenshot}-${viewport}-${locale}-${colorScheme}`);
  };
  const checkDialog = async (screen: string, open: () => Promise<void>) => {
    await open();
    await page.getByRole("dialog").waitFor();
    await check(screen);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  };

  // Signed out: the landing page (with its waitlist dialog), the legal pages, a missing page.
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await check("landing");
  await page.locator("#hero").getByRole("button").first().click();
  await page.getByRole("dialog").waitFor();
  await check("landing, waitlist dialog");
  if (viewport === "mobile") {
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: t("landing:nav.openMenu") }).click();
    await page.getByRole("dialog").waitFor();
    await check("landing, menu");
  }
  await page.goto("/privacy-policy");
  await check("privacy policy");
  await page.goto("/terms-of-use");
  await check("terms of use");
  await page.goto("/no-such-page");
  await check("not found");

  // Sign-in, both steps, then onboarding and workspace setup as a new person.
  const email = `a11y-${viewport}-${language.toLowerCase()}-${Date.now()}@example.com`;
  await gotoHydrated(page, "/login");
  await check("sign-in, email step");
  await page.getByLabel(t("auth:login.emailLabel")).fill(email);
  await page.getByRole("button", { name: t("auth:login.continueWithEmail") }).click();
  await page.getByLabel(t("auth:login.codeLabel")).waitFor();
  await check("sign-in, code step", "sign-in-code");
  await page.getByLabel(t("auth:login.codeLabel")).fill(await codeFromMail(email));
  await page.getByRole("button", { name: t("auth:login.continue"), exact: true }).click();
  await page.waitForURL(/\/onboarding$/);
  await waitForHydration(page);
  await check("onboarding");
  await page.getByLabel(t("auth:onboarding.nameLabel")).fill("Alex Access");
  await page.getByRole("button", { name: t("auth:onboarding.submit") }).click();
  await page.waitForURL(/\/workspace-setup$/);
  await waitForHydration(page);
  await check("workspace setup");
  await page.getByLabel(t("auth:setup.nameLabel")).fill("Household");
  await page.getByRole("button", { name: t("auth:setup.submit") }).click();
  await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/dashboard$/);
  const workspaceId = /\/workspaces\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const workspacePath = `/workspaces/${workspaceId}`;

  await gotoHydrated(page, `${workspacePath}/dashboard`);
  await check("dashboard, empty");
  await gotoHydrated(page, `${workspacePath}/transactions`);
  await check("transactions, empty");
  const { cardId } = await seedLedger(page, baseURL, workspaceId);

  await gotoHydrated(page, `${workspacePath}/dashboard`);
  await check("dashboard");
  if (viewport === "mobile") {
    await checkDialog("navigation drawer", () =>
      page.getByRole("button", { name: t("workspaces:shell.openMenu") }).click(),
    );
  }
  await gotoHydrated(page, `${workspacePath}/transactions`);
  await check("transactions");
  await checkDialog("new transaction wizard", () =>
    page
      .getByRole("button", { name: t("transactions:new") })
      .first()
      .click(),
  );
  await checkDialog("transaction delete confirmation", async () => {
    // On a phone, delete sits in the row's "…" menu; beside the row from a tablet up.
    if (viewport !== "mobile") {
      await page.getByRole("button", { name: t("transactions:list.delete", { description: "Salary" }) }).click();
      return;
    }
    await page.getByRole("button", { name: t("common:actions.rowMenu", { name: "Salary" }) }).click();
    await page.getByRole("menuitem", { name: t("transactions:list.deleteShort") }).click();
  });
  await gotoHydrated(page, `${workspacePath}/transactions?search=Train&type=expense`);
  await check("transactions, filtered");
  await gotoHydrated(page, `${workspacePath}/accounts`);
  await check("accounts");
  await checkDialog("account dialog", () => page.getByRole("button", { name: t("accounts:create") }).click());
  await gotoHydrated(page, `${workspacePath}/cards?card=${cardId}`);
  await check("cards, with a statement", "cards");
  await checkDialog("card dialog", () => page.getByRole("button", { name: t("cards:create") }).click());
  await gotoHydrated(page, `${workspacePath}/tags`);
  await check("tags");
  await checkDialog("tag dialog", () => page.getByRole("button", { name: t("tags:create") }).click());
  await checkDialog("tag delete confirmation", async () => {
    await page.getByRole("button", { name: t("tags:actions.menu", { name: "Travel" }) }).click();
    await page.getByRole("menuitem", { name: t("tags:actions.delete") }).click();
  });
  await gotoHydrated(page, `${workspacePath}/scheduled-transactions`);
  await check("scheduled transactions", "scheduled");
  await checkDialog("scheduled transaction dialog", () =>
    page
      .getByRole("button", { name: t("planned:scheduled.new") })
      .first()
      .click(),
  );
  await checkDialog("scheduled transaction cancel confirmation", async () => {
    await page.getByRole("button", { name: t("common:actions.rowMenu", { name: "Internet" }) }).click();
    await page.getByRole("menuitem", { name: t("planned:actions.cancel") }).click();
  });
  await gotoHydrated(page, `${workspacePath}/recurring-transactions`);
  await check("recurring transactions, beta gate", "recurring-gate");
  await gotoHydrated(page, `${workspacePath}/settings`);
  await check("workspace settings");
  await gotoHydrated(page, `${workspacePath}/analytics`);
  await check("analytics");
  await gotoHydrated(page, "/workspaces");
  await check("workspaces");
  await gotoHydrated(page, "/settings");
  await check("user settings");
  await page.goto("/no-such-page");
  await check("not found, signed in", "not-found");

  // Colours a workspace may pick that do not read as they are (a light primary, a pastel accent,
  // a white secondary on the primary): the app derives readable text and shades from them.
  const recoloured = await page.request.put(`/api/workspaces/${workspaceId}`, {
    headers: { Origin: baseURL },
    data: { primary_color: "#f4d03f", secondary_color: "#fefefe", accent_color: "#f9a8d4" },
  });
  expect(recoloured.status(), await recoloured.text()).toBe(200);
  for (const area of ["dashboard", "accounts", "cards", "tags", "settings", "transactions"]) {
    await gotoHydrated(page, `${workspacePath}/${area}`);
    await check(`${area}, in light workspace colours`, `light-colours-${area}`);
  }
  await checkDialog("new transaction wizard, in light workspace colours", () =>
    page
      .getByRole("button", { name: t("transactions:new") })
      .first()
      .click(),
  );
  await gotoHydrated(page, "/workspaces");
  await check("workspaces, in light workspace colours", "light-colours-workspaces");

  await context.close();
  writeAccessibilityReport(`${viewport}-${locale}`, found);
  return found.filter((violation) => blockingImpacts.includes(violation.impact!));
}
