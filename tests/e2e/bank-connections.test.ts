import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../db/client.ts";
import { setTier } from "../../scripts/set-tier.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { sandboxBank } from "../support/sandbox-bank.ts";
import { postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * Bank connections (README: "Bank connections") in Chromium, against Pluggy's stand-in and its sandbox
 * bank: connect "Banco Sandbox", send its checking account to an account holding a line typed by hand
 * (which the sync matches instead of recording again) and its card to a card, sync, read the summary and
 * the matched line, see a transaction say where it came from, reconcile the balance, and disconnect — in
 * English on a desktop and in Portuguese on a phone.
 */
describe("bank connections in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const blocking = async (page: Page, screen: string) =>
    describeViolations(
      (await accessibilityViolations(page, screen)).filter((violation) => blockingImpacts.includes(violation.impact!)),
    );

  const words = {
    en: {
      heading: "Bank connections",
      connect: "Connect a Brazilian bank (Open Finance)",
      sandbox: "Banco Sandbox (test bank)",
      connectButton: "Connect",
      connected: "Banco Sandbox connected: choose where its accounts go",
      accountLink: "Bring its lines into",
      cardLink: "Bring its purchases into",
      ignore: "Don't bring in",
      saved: "Saved",
      sync: "Sync now",
      matchedOne: "1 matched with an entry you had",
      review: "Review matched lines",
      plansFound: /installment plans? found/,
      plansLink: "See installment plans",
      matchedTitle: "Lines matched with your entries",
      reconcile: "Reconcile",
      recordAdjustment: "Record adjustment",
      differenceParts: "What makes up the difference",
      useBankDays: "Use the bank's days",
      billDaysUpdated: "Bill days updated: statements now match the bank's bills",
      beforeFirstLine: /^Before .+, the bank's first line$/,
      adjusted: "Adjustment recorded",
      disconnect: "Disconnect",
      disconnected: "Banco Sandbox disconnected",
      fromBank: "Banco Sandbox via Open Finance",
    },
    "pt-BR": {
      heading: "Conexões bancárias",
      connect: "Conectar um banco brasileiro (Open Finance)",
      sandbox: "Banco Sandbox (banco de teste)",
      connectButton: "Conectar",
      connected: "Banco Sandbox conectado: escolha para onde vão as contas",
      accountLink: "Trazer os lançamentos para",
      cardLink: "Trazer as compras para",
      ignore: "Não trazer",
      saved: "Salvo",
      sync: "Sincronizar agora",
      matchedOne: "1 casado com um lançamento que você já tinha",
      review: "Revisar os casados",
      plansFound: /parcelamentos? encontrados?/,
      plansLink: "Ver parcelamentos",
      matchedTitle: "Lançamentos casados com os seus",
      reconcile: "Conciliar",
      recordAdjustment: "Registrar ajuste",
      differenceParts: "De onde vem a diferença",
      useBankDays: "Usar os dias do banco",
      billDaysUpdated: "Dias da fatura atualizados: as faturas agora batem com as do banco",
      beforeFirstLine: /^Antes de .+, o primeiro lançamento do banco$/,
      adjusted: "Ajuste registrado",
      disconnect: "Desconectar",
      disconnected: "Banco Sandbox desconectado",
      fromBank: "Banco Sandbox via Open Finance",
    },
  } as const;

  for (const { language, viewport } of [
    { language: "en", viewport: "desktop" },
    { language: "pt-BR", viewport: "mobile" },
  ] as const) {
    it(`connects the sandbox bank, syncs it, matches a typed line, reconciles and disconnects (${language}, ${viewport})`, async () => {
      const w = words[language];
      const email = `banks-${language.toLowerCase()}-${Date.now()}@example.com`;
      // Signed up in English (the sign-in page follows the browser), then the app in the test's language.
      const opened = await openPage(browser, { baseURL, locale: "en-US", viewport });
      const { page, context } = opened;
      const workspaceId = await signUpWithWorkspace(page, email, "Bia Banco", "Casa");
      await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
      const screens = async (name: string) => {
        const cookies = (await context.cookies()).map(({ name: cookie, value }) => ({ name: cookie, value }));
        const layouts = await screenshotEveryLayout(browser, {
          baseURL,
          path: `/workspaces/${workspaceId}/bank-connections`,
          name: `bank-connections-${name}`,
          cookies,
        });
        expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
      };
      // On Free: what bank connections do, and the plan that has them.
      if (language === "en") await screens("free");
      const database = createDatabase({ url: inject("appDatabaseUrl") });
      await setTier(database, { email, plan: "unlimited" });
      database.$client.close();
      const api = `/api/workspaces/${workspaceId}`;
      const account = await postJson(page, `${api}/accounts`, {
        name: "Conta Sandbox",
        type: "checking",
        currency: "BRL",
        balance: "0",
      });
      await postJson(page, `${api}/cards`, {
        name: "Cartão Sandbox",
        account_uuid: account.uuid,
        type: "credit",
        credit_limit: "8000.00",
        billing_cycle_day: 3,
      });
      // A line of the bank's typed by hand two days late, in the person's own words.
      // The stand-in's bank is dated on the app's day, as the test setup starts it.
      const today = new Date(Date.now() + inject("testClockOffsetMs")).toISOString().slice(0, 10);
      const typedLine = sandboxBank({ today })
        .accounts.find((each) => each.key === "checking")!
        .lines.filter((line) => !line.pending && line.amountCents < 0)
        .at(-5)!;
      await postJson(page, `${api}/transactions`, {
        type: "expense",
        amount: (-typedLine.amountCents / 100).toFixed(2),
        description: typedLine.description.split(" ").slice(0, 2).join(" "),
        date: typedLine.date,
        origin_id: `account:${account.uuid}`,
      });

      // Nothing connected yet: what connecting does, and the ways to.
      if (language === "en") await screens("empty");
      await gotoHydrated(page, `/workspaces/${workspaceId}/bank-connections`);
      await page.getByRole("heading", { level: 1, name: w.heading }).waitFor();
      await page.getByRole("button", { name: w.connect }).click();
      const dialog = page.getByRole("dialog", { name: w.sandbox });
      await dialog.getByRole("button", { name: w.connectButton, exact: true }).click();
      await toastWith(page, w.connected).waitFor();
      const bank = page.getByRole("region", { name: /Banco Sandbox/ });
      await bank.waitFor();

      const checkingSelect = bank.getByRole("combobox", { name: w.accountLink }).first();
      await checkingSelect.selectOption({ label: "Conta Sandbox" });
      await toastWith(page, w.saved).last().waitFor();
      await bank.getByRole("combobox", { name: w.cardLink }).selectOption({ label: "Cartão Sandbox" });
      await page.waitForLoadState("networkidle");
      await bank.getByRole("combobox", { name: w.accountLink }).nth(1).selectOption({ label: w.ignore });
      await page.waitForLoadState("networkidle");

      await bank.getByRole("button", { name: w.sync }).click();
      await bank.getByText(w.matchedOne, { exact: false }).waitFor({ timeout: 30_000 });
      expect(await blocking(page, "bank connections")).toEqual([]);

      // The card's purchases em N vezes became installment plans, their installments ahead held on the card.
      await bank.getByText(w.plansFound).waitFor();
      expect(await bank.getByRole("link", { name: w.plansLink }).getAttribute("href")).toBe(
        `/workspaces/${workspaceId}/installment-plans`,
      );

      await bank.getByRole("button", { name: w.review }).click();
      const matched = page.getByRole("dialog", { name: w.matchedTitle });
      await matched.getByText(typedLine.description, { exact: false }).first().waitFor();
      // Escape once the dialog holds the focus (its dismissal listens from then on).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null))
        .toBe(true);
      await page.keyboard.press("Escape");
      await matched.waitFor({ state: "hidden" });
      await page.waitForURL((url) => !url.searchParams.has("matched"));

      await screens(language);

      // The checking account: Moneta started at 0, the bank has the year before it too.
      // The card was made due on the 13th; the bank's bills fall due on the 10th: one step makes them the same.
      await bank.getByRole("button", { name: w.useBankDays }).click();
      await toastWith(page, w.billDaysUpdated).waitFor();
      await bank.getByRole("button", { name: w.useBankDays }).waitFor({ state: "detached" });

      // What makes up the difference: the year before the bank's first line, which Moneta started without.
      await bank.getByRole("button", { name: w.reconcile }).first().click();
      const reconcile = page.getByRole("dialog");
      await reconcile.getByRole("heading", { name: w.differenceParts }).waitFor();
      await reconcile.getByText(w.beforeFirstLine).waitFor();
      expect(await blocking(page, "reconcile")).toEqual([]);
      await captureScreenshot(page, `bank-connections-reconcile-${viewport}-${language}`);
      await page.getByRole("button", { name: w.recordAdjustment }).click();
      await toastWith(page, w.adjusted).waitFor();

      // A synced transaction says where it came from.
      await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
      await page.getByText(w.fromBank).filter({ visible: true }).first().waitFor();

      await gotoHydrated(page, `/workspaces/${workspaceId}/bank-connections`);
      await page.getByRole("button", { name: w.disconnect, exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: w.disconnect }).click();
      await toastWith(page, w.disconnected).waitFor();
      // The plans made of the card's purchases em N vezes stay, on the installments screen.
      await gotoHydrated(page, `/workspaces/${workspaceId}/installment-plans`);
      await page
        .getByText(/MAGAZINE LUIZA|AMAZON BR|CASAS BAHIA/)
        .first()
        .waitFor();
      expect(opened.problems).toEqual([]);
      await context.close();
    });
  }
});
