import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { signInThroughLogin, signUpWithWorkspace } from "./support/sign-in.ts";

/** The searchable zone picker, once its code has replaced the native select. */
const timeZonePicker = (page: Page) => page.locator('input#settings-time-zone[role="combobox"]');

describe("workspace settings in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a new workspace may start with the suggested categories, shown before they are created", async () => {
    const { page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    await signUpWithWorkspace(page, `suggested-${Date.now()}@example.com`, "Sofia Suggested", "Home");
    await gotoHydrated(page, "/workspaces");
    await page.getByRole("button", { name: /Create New Workspace/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Casa");
    await dialog.getByRole("combobox", { name: "Currency" }).click();
    await page.getByRole("option", { name: "Brazilian real (BRL)" }).click();
    // The list it will create, in the currency's language, one click away; nothing is ticked for the person.
    await dialog.getByText("See the categories it creates").click();
    await dialog
      .getByTestId("suggested-categories")
      .getByText(/Mercado, Restaurantes, Delivery/)
      .waitFor();
    const suggested = dialog.getByRole("checkbox", { name: "Start with suggested categories" });
    expect(await suggested.getAttribute("aria-checked")).toBe("false");
    await suggested.click();
    await dialog.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/dashboard$/);
    const workspaceId = /\/workspaces\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await gotoHydrated(page, `/workspaces/${workspaceId}/tags`);
    await page.getByRole("list", { name: "Subcategories of Alimentação" }).getByText("Mercado").waitFor();
    expect(problems).toEqual([]);
  });

  it("an owner recolours the workspace and invites someone, who signs in and finds it", async () => {
    const stamp = Date.now();
    // The browser's zone is Brazil's: the workspace set up from it starts there.
    const owner = await openPage(browser, { baseURL, locale: "en-US", timezoneId: "America/Sao_Paulo" });
    const workspaceId = await signUpWithWorkspace(
      owner.page,
      `owner-${stamp}@example.com`,
      "Olivia Owner",
      "Family budget",
    );

    // A second workspace, then switching between them keeps the page and its query.
    await gotoHydrated(owner.page, "/workspaces");
    await owner.page.getByRole("button", { name: /Create New Workspace/ }).click();
    await owner.page.getByRole("dialog").getByLabel("Name").fill("Side project");
    await owner.page.getByRole("dialog").getByRole("button", { name: "Create workspace" }).click();
    await owner.page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/dashboard$/);
    const sideProjectId = /\/workspaces\/([0-9a-f-]{36})\//.exec(owner.page.url())![1]!;
    expect(sideProjectId).not.toBe(workspaceId);
    // The dialog sent the browser's zone too (an English page alone would have given UTC).
    await gotoHydrated(owner.page, `/workspaces/${sideProjectId}/settings`);
    await expect.poll(() => timeZonePicker(owner.page).inputValue()).toContain("(São Paulo)");
    await gotoHydrated(owner.page, `/workspaces/${sideProjectId}/cards?view=all`);
    await owner.page.getByRole("button", { name: /Switch workspace/ }).click();
    await owner.page.getByRole("menuitem", { name: "Family budget" }).click();
    await owner.page.waitForURL(`${baseURL}/workspaces/${workspaceId}/cards?view=all`);
    await owner.page.getByRole("heading", { level: 1, name: "Cards" }).waitFor();

    await owner.page.getByRole("link", { name: "Workspace settings" }).first().click();
    await owner.page.getByRole("heading", { level: 1, name: "Workspace settings" }).waitFor();

    const accentHex = owner.page.getByLabel("Accent colour (hex)");
    // A half-typed colour keeps Save off and says why at the field.
    await accentHex.fill("#12");
    await owner.page.getByText("Write # and six hex digits, like #5B4FD9.").waitFor();
    expect(await owner.page.getByRole("button", { name: "Save colours" }).isDisabled()).toBe(true);
    await accentHex.fill("#0e8a4f");
    // The preview re-themes the whole page before saving.
    await expect
      .poll(() =>
        owner.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
      )
      .toBe("#0e8a4f");
    await owner.page.getByRole("button", { name: "Save colours" }).click();
    await toastWith(owner.page, "Colours saved").waitFor();
    await reloadHydrated(owner.page);
    expect(
      await owner.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
    ).toBe("#0e8a4f");

    // The zone picker: typed to, chosen with the keyboard, saved and still there after a reload.
    const timeZone = timeZonePicker(owner.page);
    await expect.poll(() => timeZone.inputValue()).toContain("(São Paulo)");
    await timeZone.fill("Manaus");
    await owner.page.getByRole("option", { name: /Manaus/ }).waitFor();
    await timeZone.press("Enter");
    expect(await timeZone.inputValue()).toMatch(/^Amazon .*\(Manaus\)$/);
    await owner.page.getByRole("button", { name: "Save changes" }).click();
    await toastWith(owner.page, "Settings saved").waitFor();
    await reloadHydrated(owner.page);
    await expect.poll(() => timeZonePicker(owner.page).inputValue()).toMatch(/\(Manaus\)$/);
    expect(await owner.page.locator('input[type="hidden"][name="time_zone"]').inputValue()).toBe("America/Manaus");

    const guestEmail = `guest-${stamp}@example.com`;
    await owner.page.getByLabel("Email").fill(guestEmail);
    await owner.page.getByLabel("Role", { exact: true }).selectOption("viewer");
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    await toastWith(owner.page, `Invitation sent to ${guestEmail}`).waitFor();
    await owner.page.getByText("Invitation pending").waitFor();
    // The only owner is told how to hand over rather than offered a Leave the server would refuse.
    await owner.page
      .getByText("You are this workspace's only owner, so you cannot leave it.", { exact: false })
      .waitFor();
    expect(await owner.page.getByRole("button", { name: "Leave workspace" }).count()).toBe(0);

    const cookies = (await owner.context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/settings`,
      name: "workspace-settings",
      cookies,
    });
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    const pickerLayouts = await screenshotEveryLayout(browser, {
      baseURL,
      path: `/workspaces/${workspaceId}/settings`,
      name: "workspace-settings-time-zone-picker",
      cookies,
      async prepare(page) {
        await timeZonePicker(page).fill("Bra");
        await page.getByRole("listbox").waitFor();
      },
    });
    expect(pickerLayouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();

    const guest = await openPage(browser, { baseURL, locale: "en-US" });
    await signInThroughLogin(guest.page, guestEmail);
    await guest.page.getByRole("heading", { level: 1, name: "Welcome" }).waitFor();
    await guest.page.getByLabel("Your name").fill("Gui Guest");
    await guest.page.getByRole("button", { name: "Complete setup" }).click();
    await guest.page.waitForURL(/\/workspaces(\/|$)/);
    await gotoHydrated(guest.page, "/workspaces");
    await guest.page.getByRole("link", { name: "Open Family budget" }).click();
    await guest.page.getByRole("heading", { level: 1, name: "Hello, Gui Guest" }).waitFor();
    expect(
      await guest.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
    ).toBe("#0e8a4f");

    // A viewer sees the settings but cannot change them; switching language translates the shell.
    await gotoHydrated(guest.page, `/workspaces/${workspaceId}/settings`);
    await guest.page.getByText("Only owners and admins can change these settings.").waitFor();
    await guest.page.getByRole("button", { name: "Leave workspace" }).waitFor();
    await guest.page.getByRole("button", { name: "Português (Brasil)" }).click();
    await guest.page.getByRole("heading", { level: 1, name: "Configurações do espaço" }).waitFor();
    expect(guest.problems).toEqual([]);
    await guest.context.close();
  });
});
