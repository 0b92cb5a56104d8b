import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, dayOfMonth, shiftMonth } from "../../worker/ledger/dates.ts";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { postJson, workspaceToday } from "./support/ledger.ts";
import { mailTo, signUpWithWorkspace } from "./support/sign-in.ts";

/**
 * Reminders (README: "Reminders") in Chromium: a card statement falls due; the person picks the hour on
 * the settings page, the operator runs the reminders, and the bell shows the statement, marks it read
 * and leads to it. In English on a desktop the e-mail arrives (read from Resend's stand-in) and its
 * unsubscribe link works signed out; in Portuguese on a phone the settings turn that e-mail off and the
 * run sends none.
 */
describe("reminders in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const words = {
    en: {
      workspace: "Home",
      bell: /^Notifications/,
      bellUnread: /^Notifications, \d+ unread$/,
      statement: /Nubank: the statement is due (today|in 3 days)/,
      allRead: "You're all caught up.",
      empty: "Nothing yet",
      invalidLink: "This link is not valid",
      hour: "Send at",
      night: "Allow reminders at night",
      emailOfStatements: "A card statement due (3 days before and on the day): E-mail",
      save: "Save reminders",
      saved: "Reminders saved.",
      unsubscribeTitle: "Stop these e-mails?",
      unsubscribeConfirm: "Stop these e-mails",
      unsubscribed: "Done. You will no longer get e-mails about: A card statement due.",
    },
    "pt-BR": {
      workspace: "Casa",
      bell: /^Notificações/,
      bellUnread: /^Notificações, \d+ não lidas?$/,
      statement: /Nubank: a fatura vence (hoje|em 3 dias)/,
      allRead: "Tudo em dia.",
      empty: "Nada por aqui ainda",
      invalidLink: "Este link não é válido",
      hour: "Enviar às",
      night: "Permitir lembretes à noite",
      emailOfStatements: "Fatura do cartão vencendo (3 dias antes e no dia): E-mail",
      save: "Salvar lembretes",
      saved: "Lembretes salvos.",
      unsubscribeTitle: "Parar estes e-mails?",
      unsubscribeConfirm: "Parar estes e-mails",
      unsubscribed: "Pronto. Você não vai mais receber e-mails sobre: Fatura do cartão vencendo.",
    },
  } as const;

  /** A card whose statement is due today (or, on the 1st and from the 29th, in three days), with a purchase on it. */
  async function cardFallingDue(page: Page, workspaceId: string) {
    const today = await workspaceToday(page, workspaceId);
    const day = Number(today.slice(8));
    const account = await postJson(page, `/api/workspaces/${workspaceId}/accounts`, {
      name: "Itaú",
      type: "checking",
      balance: "5000.00",
    });
    let cycle: { billing: number; due: number; purchase: string };
    if (day >= 2 && day <= 28) cycle = { billing: day - 1, due: day, purchase: addDays(today, -1) };
    else {
      const month = day === 1 ? shiftMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)), -1) : null;
      const closing = month ? dayOfMonth(month.year, month.month, 25) : `${today.slice(0, 8)}25`;
      cycle = { billing: 25, due: Number(addDays(today, 3).slice(8)), purchase: closing };
    }
    const card = await postJson(page, `/api/workspaces/${workspaceId}/cards`, {
      name: "Nubank",
      account_uuid: account.uuid,
      type: "credit",
      credit_limit: "3000.00",
      billing_cycle_day: cycle.billing,
      due_day: cycle.due,
    });
    await postJson(page, `/api/workspaces/${workspaceId}/cards/${card.uuid}/purchase`, {
      amount: "120.50",
      description: "Mercado",
      date: cycle.purchase,
    });
    return card.uuid as string;
  }

  /** Sets the hour to the app's current one on the settings page (allowing the night first when it is night). */
  async function remindNow(
    page: Page,
    w: (typeof words)["en" | "pt-BR"],
    emailOfStatements: boolean,
    viewport: "desktop" | "mobile",
  ) {
    await gotoHydrated(page, "/settings#reminders");
    const hour = await page.evaluate((offset) => new Date(Date.now() + offset).getHours(), inject("testClockOffsetMs"));
    if (hour >= 22 || hour < 7) await page.getByRole("switch", { name: w.night }).click();
    await page.getByLabel(w.hour).selectOption(String(hour));
    const email = page.getByRole("checkbox", { name: w.emailOfStatements });
    if ((await email.getAttribute("data-state")) !== (emailOfStatements ? "checked" : "unchecked")) {
      // On a phone each box has its channel's name beside it, and tapping the name toggles the box.
      if (viewport === "mobile") await page.locator(`label[for="${await email.getAttribute("id")}"]`).click();
      else await email.click();
    }
    await expect.poll(() => email.getAttribute("data-state")).toBe(emailOfStatements ? "checked" : "unchecked");
    await page.getByRole("button", { name: w.save }).click();
    await toastWith(page, w.saved).waitFor();
  }

  async function runReminders() {
    const response = await fetch(`${baseURL}/api/admin/jobs/reminders/run`, {
      method: "POST",
      headers: { Authorization: `Bearer ${inject("appOperatorToken")}` },
    });
    expect(response.status).toBe(200);
  }

  for (const { language, viewport, timezoneId } of [
    { language: "en", viewport: "desktop", timezoneId: "America/New_York" },
    { language: "pt-BR", viewport: "mobile", timezoneId: "America/Sao_Paulo" },
  ] as const) {
    it(`shows a statement due in the bell, and e-mails it as chosen (${language}, ${viewport})`, async () => {
      const w = words[language];
      const { page, context, problems } = await openPage(browser, {
        baseURL,
        viewport,
        locale: language === "en" ? "en-US" : "pt-BR",
        timezoneId,
      });
      const email = `reminders-${language.toLowerCase()}-${crypto.randomUUID()}@example.com`;
      const workspaceId = await signUpWithWorkspace(page, email, "Rita", w.workspace);
      const cardId = await cardFallingDue(page, workspaceId);
      // Before any reminder: the bell says there is nothing yet.
      await page.getByRole("button", { name: w.bell }).click();
      await page.getByText(w.empty).waitFor();
      await captureScreenshot(page, `reminders-bell-empty-${language}-${viewport}`);
      expect(await blockingViolations(page, "the empty bell")).toEqual([]);
      await page.keyboard.press("Escape");
      const sendsEmail = language === "en";
      await remindNow(page, w, sendsEmail, viewport);
      await captureScreenshot(page, `reminders-settings-${language}-${viewport}`);
      expect(await blockingViolations(page, "the reminder settings")).toEqual([]);
      await runReminders();

      await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
      const bell = page.getByRole("button", { name: w.bellUnread });
      await bell.click();
      const entry = page.getByRole("link", { name: w.statement });
      await entry.waitFor();
      await captureScreenshot(page, `reminders-bell-${language}-${viewport}`);
      expect(await blockingViolations(page, "the bell's list")).toEqual([]);
      await entry.click();
      await page.waitForURL((url) => url.pathname.endsWith("/cards") && url.searchParams.get("card") === cardId);
      await expect
        .poll(async () => page.getByRole("button", { name: w.bell }).getAttribute("aria-label"))
        .not.toMatch(/unread|não lida/);

      // The dashboard says it too, with the statement one tap from being paid.
      if (language === "en") {
        await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
        const places = page.getByRole("region", { name: "Accounts and cards" });
        await places.getByText("$120.50").waitFor();
        await page.getByRole("region", { name: "Next 7 days" }).getByText("Nubank statement").waitFor();
        await places.getByRole("link", { name: "Pay the Nubank statement" }).click();
        await page.getByRole("dialog").waitFor();
        await page.waitForURL((url) => !url.searchParams.has("pay"));
        await page.keyboard.press("Escape");
      }

      const statementMail = (await mailTo(email)).filter((mail) => w.statement.test(mail.subject));
      if (!sendsEmail) {
        expect(statementMail).toEqual([]);
        // A link altered by hand is refused, in the page's language, signed out.
        const stranger = await openPage(browser, { baseURL, viewport, locale: "pt-BR" });
        await gotoHydrated(stranger.page, "/unsubscribe?u=someone&k=statement_due&s=forged");
        await stranger.page.getByRole("heading", { name: w.invalidLink }).waitFor();
        await captureScreenshot(stranger.page, `reminders-unsubscribe-invalid-${language}-${viewport}`);
        expect(await blockingViolations(stranger.page, "a refused unsubscribe link")).toEqual([]);
        await stranger.context.close();
      } else {
        expect(statementMail).toHaveLength(1);
        expect(statementMail[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
        const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(statementMail[0]!.text)![0];
        // Signed out, in a browser of its own.
        const stranger = await openPage(browser, { baseURL, viewport, locale: "en-US" });
        await gotoHydrated(stranger.page, link.replace(/^https?:\/\/[^/]+/, ""));
        await stranger.page.getByRole("heading", { name: w.unsubscribeTitle }).waitFor();
        await stranger.page.getByRole("button", { name: w.unsubscribeConfirm }).click();
        await stranger.page.getByText(w.unsubscribed).waitFor();
        await stranger.page.getByRole("heading", { name: "E-mails stopped" }).waitFor();
        await captureScreenshot(stranger.page, `reminders-unsubscribed-${language}-${viewport}`);
        expect(await blockingViolations(stranger.page, "the unsubscribe page")).toEqual([]);
        expect(stranger.problems).toEqual([]);
        await stranger.context.close();
        const settings = await (await page.request.get("/api/profile/reminders")).json();
        expect(settings.data.settings.channels.statement_due).toEqual({
          in_app: true,
          email: false,
          whatsapp: false,
          push: true,
        });
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  const blockingViolations = async (page: Page, screen: string) =>
    describeViolations(
      (await accessibilityViolations(page, screen)).filter((violation) => blockingImpacts.includes(violation.impact!)),
    );
});
