import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, screenshotEveryLayout, toastWith, type PageOptions } from "../support/browser.ts";

const sectionIds = ["hero", "para-quem", "recursos", "como-funciona", "faq", "lista-espera"] as const;
const dialogTitle = "Entre na Lista de Espera";

/** Opens "/" and waits until the network is quiet, so the page's script answers clicks. */
async function openLanding(browser: Browser, options: PageOptions) {
  const opened = await openPage(browser, options);
  await opened.page.goto("/");
  await opened.page.waitForLoadState("networkidle");
  return opened;
}

function waitlistDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: dialogTitle });
}

/**
 * True once the section has arrived under the sticky header — or, for the last sections, once the
 * page has scrolled as far as it goes with the section's top in view.
 */
async function hasScrolledTo(page: Page, id: string): Promise<boolean> {
  return page.locator(`#${id}`).evaluate((section) => {
    const top = section.getBoundingClientRect().top;
    const isAtBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    return top >= 0 && (top <= 65 || (isAtBottom && top < window.innerHeight / 2));
  });
}

/** The page's HTML and the text of the one stylesheet it links. */
async function pageWithStylesheet(url: string, language: string): Promise<{ html: string; css: string }> {
  const html = await (await fetch(url, { headers: { Cookie: `lang=${language}` } })).text();
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
  expect(stylesheets).toHaveLength(1);
  return { html, css: await (await fetch(new URL(stylesheets[0]!, url))).text() };
}

/** A class as it is written in a CSS selector (Tailwind escapes ":", "/", "[", "." and the like). */
const selectorOf = (className: string) => `.${className.replace(/[^\w-]/g, (character) => `\\${character}`)}`;

describe("landing page in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("serves Portuguese HTML with title, description, Open Graph tags and hreflang alternates, even to an English browser", async () => {
    const html = await (await fetch(`${baseURL}/`, { headers: { "Accept-Language": "en-US,en;q=0.9" } })).text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain("<title>Moneta — o app de finanças que você não vai abandonar</title>");
    expect(html).toMatch(/<meta name="description" content="Registre gastos pelo WhatsApp/);
    for (const property of ["og:title", "og:description", "og:type", "og:locale", "og:url"]) {
      expect(html, property).toContain(`property="${property}"`);
    }
    expect(html).toContain('property="og:locale" content="pt_BR"');
    for (const language of ["pt-BR", "en", "x-default"]) {
      expect(html, language).toMatch(new RegExp(`<link rel="alternate" hreflang="${language}" href="http[^"]+"`, "i"));
    }
    expect(new TextEncoder().encode(html).byteLength).toBeLessThanOrEqual(30_000);

    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "en-US" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "O app de finanças que você não vai abandonar",
    );
    // One h1 (the hero), then one h2 per section: the why, who, features, steps, plans, FAQ and capture.
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator("main h2").count()).toBe(7);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("scrolls to every section from the header's anchors", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    const nav = page.getByRole("navigation", { name: "Principal" });
    // From the bottom up, so every link has somewhere to travel.
    for (const id of [...sectionIds].reverse()) {
      await nav.locator(`a[href="#${id}"]`).click();
      await expect.poll(() => hasScrolledTo(page, id), { timeout: 5000 }).toBe(true);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens the phone menu, closes it with Escape, and closes it when a link is chosen", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR", viewport: "mobile" });
    // includeHidden: while the drawer (a modal <dialog>) is open, the rest of the page is inert.
    const menuButton = page.getByRole("button", { name: "Abrir menu", includeHidden: true });
    const menu = page.getByRole("dialog", { name: "Menu" });

    await menuButton.click();
    await menu.waitFor({ state: "visible" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await menu.getByRole("link", { name: "Como funciona" }).click();
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => hasScrolledTo(page, "como-funciona"), { timeout: 5000 }).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("como-funciona");
    expect(new URL(page.url()).hash).toBe("#como-funciona");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps one FAQ answer open at a time, the first one open by default", async () => {
    const { context, page } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    const questions = page.locator("#faq details");
    const openQuestions = () =>
      questions.evaluateAll((items) =>
        items.flatMap((item, index) => ((item as HTMLDetailsElement).open ? [index] : [])),
      );
    expect(await questions.count()).toBe(6);
    expect(await openQuestions()).toEqual([0]);
    expect(await questions.nth(0).getByText("Existe o plano Free").isVisible()).toBe(true);

    await page.getByText("Como funciona o bot no WhatsApp?").click();
    await expect.poll(openQuestions).toEqual([2]);
    await page.getByText("Quando chegam os apps para celular?").focus();
    await page.keyboard.press("Enter");
    await expect.poll(openQuestions).toEqual([5]);
    expect(
      await questions
        .nth(2)
        .getByText(/gastei 42 no almoço/)
        .isVisible(),
    ).toBe(false);
    await context.close();
  });

  it("switches the plans between monthly and annual prices", async () => {
    const { context, page } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    const plans = page.locator("#planos");
    expect(await plans.getByText("R$ 19,90").isVisible()).toBe(true);
    expect(await plans.getByText("R$ 199,00").isVisible()).toBe(false);
    await plans.getByRole("radio", { name: /Anual/ }).check({ force: true });
    for (const price of ["R$ 199,00", "R$ 279,00", "R$ 349,00", "em vez de R$ 238,80"]) {
      expect(await plans.getByText(price).isVisible(), price).toBe(true);
    }
    expect(await plans.getByText("R$ 19,90").isVisible()).toBe(false);
    await context.close();
  });

  it("opens the waitlist from the header, the hero, the features and the e-mail capture, which prefills until closed", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    const dialog = waitlistDialog(page);
    const entryPoints = [
      page.getByRole("banner").getByRole("button", { name: "Entrar na lista", exact: true }),
      page.locator("#hero").getByRole("button", { name: "Entrar na lista de espera" }),
      page.locator("#recursos").getByRole("button", { name: "Quero acesso antecipado" }),
    ];
    for (const entryPoint of entryPoints) {
      await entryPoint.click();
      await dialog.waitFor({ state: "visible" });
      for (const label of ["Nome Completo", "Email", "Telefone"]) {
        expect(await dialog.getByLabel(label).getAttribute("required"), label).not.toBeNull();
      }
      expect(await dialog.getByLabel("Email").inputValue()).toBe("");
      expect(await dialog.getByRole("link", { name: "Termos de Uso" }).getAttribute("href")).toBe("/terms-of-use");
      expect(await dialog.getByRole("link", { name: "Política de Privacidade" }).getAttribute("href")).toBe(
        "/privacy-policy",
      );
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }

    const capture = page.locator("#lista-espera");
    await capture.getByLabel("Seu e-mail").fill("ana@exemplo.com.br");
    await capture.getByRole("button", { name: "Quero entrar" }).click();
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Email").inputValue()).toBe("ana@exemplo.com.br");
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await dialog.waitFor({ state: "detached" });

    await entryPoints[0]!.click();
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Email").inputValue()).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses an address without @ in the e-mail capture, in the page", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    let alerts = 0;
    page.on("dialog", async (nativeDialog) => {
      alerts++;
      await nativeDialog.dismiss();
    });
    const capture = page.locator("#lista-espera");
    await capture.getByLabel("Seu e-mail").fill("abc");
    await capture.getByRole("button", { name: "Quero entrar" }).click();
    expect(await capture.getByRole("alert").textContent()).toBe("Por favor, insira um endereço de email válido");
    expect(await capture.getByLabel("Seu e-mail").getAttribute("aria-invalid")).toBe("true");
    expect(await waitlistDialog(page).count()).toBe(0);
    expect(alerts).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("formats the phone as it is typed and checks the fields before sending", async () => {
    const { context, page } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    let posts = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/leads")) posts++;
    });
    await page.locator("#hero").getByRole("button", { name: "Entrar na lista de espera" }).click();
    const dialog = waitlistDialog(page);
    const phone = dialog.getByLabel("Telefone");
    await phone.pressSequentially("11987654321");
    expect(await phone.inputValue()).toBe("(11) 98765-4321");
    await phone.fill("");
    await phone.pressSequentially("(21) 3456-7890 ramal 12");
    expect(await phone.inputValue()).toBe("(21) 34567-8901");

    await dialog.getByRole("button", { name: "Entrar na Lista" }).click();
    expect(await dialog.getByText("Nome é obrigatório").isVisible()).toBe(true);
    expect(await dialog.getByText("Email é obrigatório").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Nome Completo").evaluate((input) => input === document.activeElement)).toBe(true);
    expect(posts).toBe(0);
    await context.close();
  });

  it("adds a new e-mail to the waitlist, then says when the same e-mail is already on it", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    const email = `lead-${Date.now()}@example.com`;
    const dialog = waitlistDialog(page);
    const join = async () => {
      await page.locator("#hero").getByRole("button", { name: "Entrar na lista de espera" }).click();
      await dialog.getByLabel("Nome Completo").fill("Ana Souza");
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Telefone").pressSequentially("11987654321");
      await dialog.getByRole("button", { name: "Entrar na Lista" }).click();
    };

    await join();
    await toastWith(page, "Obrigado por se inscrever! Entraremos em contato em breve.").waitFor({ state: "visible" });
    await dialog.waitFor({ state: "detached" });

    await join();
    await dialog.getByRole("alert").filter({ hasText: "Este email já está cadastrado na lista de espera." }).waitFor();
    expect(await dialog.getByRole("button", { name: "Entrar na Lista" }).isEnabled()).toBe(true);
    expect(problems.filter((problem) => !problem.includes("409"))).toEqual([]);
    await context.close();
  });

  it("speaks English after the language switcher, dialog included", async () => {
    const { context, page, problems } = await openLanding(browser, { baseURL, locale: "pt-BR" });
    await page.getByRole("button", { name: "English" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("The finance app you won't give up on");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.title()).toBe("Moneta — the finance app you won't give up on");
    await page.getByRole("banner").getByRole("button", { name: "Join the waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
    await dialog.waitFor({ state: "visible" });
    for (const label of ["Full name", "Email", "Phone"]) expect(await dialog.getByLabel(label).count(), label).toBe(1);
    await page.keyboard.press("Escape");
    await page.locator("#lista-espera").getByLabel("Your email").fill("abc");
    await page.locator("#lista-espera").getByRole("button", { name: "Count me in" }).click();
    expect(await page.locator("#lista-espera").getByRole("alert").textContent()).toBe(
      "Please enter a valid email address",
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds every class of the app's stylesheet it uses in its own, smaller stylesheet", async () => {
    const appStylesheet = (await pageWithStylesheet(`${baseURL}/login`, "en")).css;
    for (const language of ["pt-BR", "en"]) {
      const landing = await pageWithStylesheet(`${baseURL}/`, language);
      expect(landing.css.length).toBeLessThan(appStylesheet.length);
      const classNames = new Set(
        [...landing.html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)),
      );
      const missing = [...classNames].filter(
        (className) => appStylesheet.includes(selectorOf(className)) && !landing.css.includes(selectorOf(className)),
      );
      expect(missing, language).toEqual([]);
    }
  });

  it("looks right at desktop and mobile width in both languages, with nothing scrolling sideways", async () => {
    const layouts = await screenshotEveryLayout(browser, { baseURL, path: "/", name: "landing" });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
  });
});
