import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  captureScreenshot,
  gotoHydrated,
  launchBrowser,
  openPage,
  reloadHydrated,
  screenshotEveryLayout,
  toastWith,
} from "../support/browser.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

/** A 96×96 PNG portrait drawn by the page's own canvas: something a screenshot shows plainly. */
async function drawnPortrait(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 96;
    const draw = canvas.getContext("2d")!;
    const sky = draw.createLinearGradient(0, 0, 96, 96);
    sky.addColorStop(0, "#0ea5e9");
    sky.addColorStop(1, "#7c3aed");
    draw.fillStyle = sky;
    draw.fillRect(0, 0, 96, 96);
    draw.fillStyle = "#fde68a";
    draw.beginPath();
    draw.arc(48, 38, 18, 0, Math.PI * 2);
    draw.arc(48, 100, 34, 0, Math.PI * 2);
    draw.fill();
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

const notAnImage = "This file isn't an image. Choose a JPG, PNG or GIF.";

describe("user settings in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("edits the profile and picture, shows the assistant as an Unlimited feature, and deletes the account behind a typed confirmation", async () => {
    const email = `settings-${Date.now()}@example.com`;
    const { context, page, problems } = await openPage(browser, { baseURL, locale: "en-US" });
    const workspaceId = await signUpWithWorkspace(page, email, "Sam Settings", "Studio");
    await gotoHydrated(page, "/settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();

    expect(await page.getByLabel("Email").isDisabled()).toBe(true);
    await page.getByLabel("Name", { exact: true }).fill("Sam S.");
    await page.getByLabel("Username").fill("sam.s");
    await page.getByRole("button", { name: "Save profile" }).click();
    await toastWith(page, "Profile saved").waitFor();

    const pictureField = page.locator('input[type="file"]');
    const userMenu = page.getByRole("banner").getByRole("button", { name: "Account menu" });
    // Refused before any upload, with the same words the server would answer.
    for (const file of [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
      { name: "statement.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%âãÏÓ\n") },
    ]) {
      await pictureField.setInputFiles(file);
      await page.getByRole("alert").filter({ hasText: notAnImage }).waitFor();
      expect(await pictureField.getAttribute("aria-invalid")).toBe("true");
    }
    expect(await userMenu.locator("img").count()).toBe(0);
    await captureScreenshot(page, "settings-picture-not-an-image-desktop-en-US");

    await pictureField.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await drawnPortrait(page) });
    await toastWith(page, "Picture updated").waitFor();
    expect(await page.getByText(notAnImage).count()).toBe(0);
    const pictureAddress = await page.locator('main img[src^="/api/profile/picture/"]').getAttribute("src");
    // The header's user menu shows the new picture, named for the person since nothing beside it says who.
    const menuPicture = userMenu.locator("img");
    await menuPicture.waitFor();
    expect(await menuPicture.getAttribute("src")).toBe(pictureAddress);
    expect(await menuPicture.getAttribute("alt")).toBe("Sam S.");
    await expect
      .poll(() => menuPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(96);

    // The assistant is not in the free plan: the page says where it comes from, and its settings wait.
    await page.getByText("Comes with the Unlimited plan").waitFor();
    expect(await page.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/#planos");
    expect(await page.getByLabel("Enable the assistant").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save assistant settings" }).isDisabled()).toBe(true);
    await reloadHydrated(page);
    expect(await page.getByLabel("Username").inputValue()).toBe("sam.s");

    // The workspace's members list shows it too, beside the name (so the picture itself is unnamed).
    await gotoHydrated(page, `/workspaces/${workspaceId}/settings`);
    const memberPicture = page.getByRole("listitem").filter({ hasText: "Sam S." }).locator("img");
    await memberPicture.waitFor();
    expect(await memberPicture.getAttribute("src")).toBe(pictureAddress);
    expect(await memberPicture.getAttribute("alt")).toBe("");
    expect(await memberPicture.getAttribute("loading")).toBe("lazy");
    await expect
      .poll(() => memberPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(96);
    expect(await userMenu.locator("img").getAttribute("src")).toBe(pictureAddress);

    const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
    const layouts = [
      ...(await screenshotEveryLayout(browser, { baseURL, path: "/settings", name: "settings", cookies })),
      ...(await screenshotEveryLayout(browser, {
        baseURL,
        path: `/workspaces/${workspaceId}/settings`,
        name: "workspace-members-picture",
        cookies,
      })),
      ...(await screenshotEveryLayout(browser, {
        baseURL,
        path: `/workspaces/${workspaceId}/dashboard`,
        name: "user-menu-picture",
        cookies,
        async prepare(shot) {
          await shot
            .getByRole("banner")
            .getByRole("button", { name: /Account menu|Menu da conta/ })
            .click();
          await shot.getByRole("menu").waitFor();
        },
      })),
    ];
    expect(layouts.filter((layout) => layout.horizontalOverflow > 0)).toEqual([]);
    await gotoHydrated(page, "/settings");

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Your e-mail address").fill(email);
    await confirm.click();
    await page.waitForURL(`${baseURL}/`);
    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });
});
