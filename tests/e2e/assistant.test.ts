import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { sendText } from "../../scripts/bot-chat-client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  toastWith,
} from "../support/browser.ts";
import { remoteGraphApi } from "../support/fake-graph-api.ts";
import { linkCodeOnPage } from "./support/assistant.ts";
import { addAccount, postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * The whole way: a phone linked from /settings by the message the page shows (sent
 * through the local console's module, signed as Meta signs it), "gastei 45,90 no mercado ontem"
 * recorded and shown on the transactions page as added by the assistant, then "desfazer".
 */
describe("the WhatsApp assistant in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");
  const graph = remoteGraphApi(inject("graphApiOrigin"));

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("links a phone, records a message as a transaction added by the assistant, and undoes it", async () => {
    const email = `assistant-flow-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, email, "Bia Bot", "Casa");
    const database = createDatabase({ url: inject("appDatabaseUrl") });
    await setTier(database, { email, plan: "unlimited" });
    database.$client.close();
    // The workspace is in dollars (signed up in en-US); the message's "45,90" is read as Portuguese.
    await addAccount(page, workspaceId, "Itaú", "1000.00");
    await postJson(page, `/api/workspaces/${workspaceId}/tags`, { name: "Mercado" });

    await gotoHydrated(page, "/settings");
    await page.getByLabel("Enable the assistant").click();
    await page.getByLabel("Default workspace").selectOption({ label: "Casa" });
    await page.getByLabel("Default account").selectOption({ label: "Itaú" });
    await page.getByRole("button", { name: "Save assistant settings" }).click();
    await toastWith(page, "Assistant settings saved").waitFor();

    const phone = "5511912345678";
    const fromPhone = { appUrl: baseURL, appSecret: inject("whatsappAppSecret"), from: phone };
    await page.getByRole("button", { name: "Link WhatsApp" }).click();
    const { message } = await linkCodeOnPage(page);
    expect((await sendText(fromPhone, message)).status).toBe(200);
    await page.getByText("Linked to +55 11 ••••-5678").waitFor({ timeout: 15_000 });
    const [linked] = await graph.waitForRepliesTo(phone, 1);
    expect(linked!.text).toContain("This WhatsApp is linked to your Moneta account");

    await sendText(fromPhone, "gastei 45,90 no mercado ontem");
    const recorded = (await graph.waitForRepliesTo(phone, 2))[1]!;
    expect(recorded.text.replace(/\u00a0/g, " ")).toMatch(
      /^✅ Expense of \$45\.90 in Mercado, account Itaú, yesterday\./,
    );
    expect(recorded.buttons?.map((button) => button.title)).toEqual(["Undo", "Change account"]);

    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const row = page.getByRole("listitem").filter({ hasText: "Added by the WhatsApp assistant" });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain("Mercado");
    expect(await row.textContent()).toContain("45.90");
    await captureScreenshot(page, "assistant-transaction-desktop-en");

    await sendText(fromPhone, "desfazer");
    const undone = (await graph.waitForRepliesTo(phone, 3))[2]!;
    expect(undone.text.replace(/\u00a0/g, " ")).toMatch(/^↩️ Deleted: Expense of \$45\.90 \(Mercado\), yesterday\./);
    await reloadHydrated(page);
    expect(await page.getByText("Added by the WhatsApp assistant").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
