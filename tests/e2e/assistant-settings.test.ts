import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { sendText } from "../../scripts/bot-chat-client.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { linkCodeOnPage } from "./support/assistant.ts";
import { addAccount, postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

describe("the assistant's settings in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists an Unlimited user's account, card and tag as defaults, saves them, shows a link code with its message, then the linked phone, and unlinks", async () => {
    const email = `assistant-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, email, "Ana Assistant", "Home");
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    const accountId = await addAccount(page, workspaceId, "Itaú", "100.00");
    await postJson(page, `/api/workspaces/${workspaceId}/cards`, {
      name: "Nubank",
      account_uuid: accountId,
      type: "credit",
      mode: "credit",
      credit_limit: "1000.00",
      billing_cycle_day: 10,
      last_four_digits: "4242",
    });
    await postJson(page, `/api/workspaces/${workspaceId}/tags`, { name: "Mercado" });

    await gotoHydrated(page, "/settings");
    await page.getByLabel("Default workspace").selectOption({ label: "Home" });
    await page.getByLabel("Default account").selectOption({ label: "Itaú" });
    await page.getByLabel("Default card").selectOption({ label: "Nubank •••• 4242" });
    await page.getByLabel("Default tag").selectOption({ label: "Mercado" });
    await page.getByLabel("Enable the assistant").click();
    await page.getByLabel("Ask me to confirm each expense").click();
    await page.getByRole("button", { name: "Save assistant settings" }).click();
    await toastWith(page, "Assistant settings saved").waitFor();
    await reloadHydrated(page);
    const selected = (label: string) =>
      page.getByLabel(label).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
    expect(await selected("Default account")).toBe("Itaú");
    expect(await selected("Default card")).toBe("Nubank •••• 4242");
    expect(await selected("Default tag")).toBe("Mercado");
    expect(await page.getByLabel("Ask me to confirm each expense").getAttribute("aria-checked")).toBe("true");

    // Choosing no workspace empties the pickers; choosing it again offers its lists.
    await page.getByLabel("Default workspace").selectOption({ label: "None" });
    expect(await page.getByLabel("Default account").isDisabled()).toBe(true);
    await page.getByLabel("Default workspace").selectOption({ label: "Home" });
    expect(await page.getByLabel("Default account").isEnabled()).toBe(true);

    await page.getByRole("button", { name: "Link WhatsApp" }).click();
    const { code, message } = await linkCodeOnPage(page);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByText(`Send ${message} to +55 11 4000-0000 on WhatsApp.`).waitFor();
    expect(await page.getByRole("link", { name: "Open WhatsApp" }).getAttribute("href")).toBe(
      `https://wa.me/551140000000?text=LINK%20${code}`,
    );
    await page.getByText(/expires in (10:00|9:\d\d)\./).waitFor();
    const violations = await accessibilityViolations(page, "assistant-link-code");
    expect(describeViolations(violations.filter((violation) => blockingImpacts.includes(violation.impact!)))).toEqual(
      [],
    );

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: "/settings",
      name: "assistant-settings",
      cookies,
      async prepare(shot) {
        await shot.getByRole("button", { name: /^(Link WhatsApp|Vincular WhatsApp)$/ }).click();
        await shot.getByTestId("link-code").waitFor();
      },
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    // Each layout above asked for a code, replacing this page's: ask for the newest here.
    await reloadHydrated(page);
    await page.getByRole("button", { name: "Link WhatsApp" }).click();
    const newest = await linkCodeOnPage(page);
    expect(newest.code).not.toBe(code);
    // The message arrives from the phone through the webhook: the page, still open, shows the phone.
    const sent = await sendText(
      { appUrl: baseURL, appSecret: inject("whatsappAppSecret"), from: "5511987654321" },
      newest.message,
    );
    expect(sent.status).toBe(200);
    await page.getByText("Linked to +55 11 ••••-4321").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("link-code").count()).toBe(0);
    const linkedLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: "/settings",
      name: "assistant-linked",
      cookies,
    });
    expect(linkedLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);

    await page.getByText("The assistant will stop answering this phone.").waitFor();
    await page.getByRole("button", { name: "Unlink" }).click();
    await toastWith(page, "Phone unlinked. The assistant no longer answers it.").waitFor();
    await page.getByRole("button", { name: "Link WhatsApp" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
