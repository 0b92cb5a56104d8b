import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accessibilityViolations, blockingImpacts, describeViolations } from "../support/accessibility.ts";
import { captureScreenshot, gotoHydrated, launchBrowser, openPage, toastWith } from "../support/browser.ts";
import { chooseExpenseFrom, postJson } from "./support/ledger.ts";
import { signUpWithWorkspace } from "./support/sign-in.ts";

type Receipt = { uuid: string; content_type: string; byte_size: number; file_name: string };

/** A phone's photo of a receipt: 3000 × 3000 px of fine detail as a JPEG of several MB, drawn in the page. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(3000, 3000);
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(3000, 3000);
    for (let index = 0; index < pixels.data.length; index += 4) {
      const shade = (index * 2654435761) % 256;
      pixels.data.set([shade, 255 - shade, (shade * 7) % 256, 255], index);
    }
    context.putImageData(pixels, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.98 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let index = 0; index < bytes.length; index += 0x8000)
      text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

/** A plain one-page PDF, as a shop's e-mailed invoice. */
const invoicePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

async function blockingViolations(page: Page, screen: string) {
  const found = await accessibilityViolations(page, screen);
  return describeViolations(
    found.filter((violation) => violation.impact !== null && blockingImpacts.includes(violation.impact)),
  );
}

/**
 * Receipts from the phone: a photo taken in the wizard goes up shrunk with the new expense; in Portuguese, a PDF
 * is attached, both are seen in the transaction's dialog, and one is deleted after confirming.
 */
describe("receipts in Chromium", () => {
  let browser: Browser;
  const baseURL = inject("appUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("attaches a photo taken in the wizard on a phone, shrunk on the device, and a PDF in Portuguese; deletes one after asking", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL, locale: "en-US", viewport: "mobile" });
    const workspaceId = await signUpWithWorkspace(page, `receipts-${Date.now()}@example.com`, "Rita Recibo", "Casa");
    const api = `/api/workspaces/${workspaceId}`;
    const account = await postJson(page, `${api}/accounts`, { name: "Nubank", type: "checking", currency: "BRL" });
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    const photo = await phonePhoto(page);
    expect(photo.byteLength).toBeGreaterThan(2 * 1024 * 1024);

    const dialog = page.getByRole("dialog");
    await page.getByRole("button", { name: "New transaction" }).first().click();
    await chooseExpenseFrom(page, account.uuid);
    await dialog.getByLabel("Amount").fill("3499.00");
    await dialog.getByLabel("Description").fill("Fridge");
    await dialog.getByRole("button", { name: "Take a photo" }).waitFor();
    await dialog
      .getByTestId("receipt-camera")
      .setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByRole("listitem").filter({ hasText: "IMG_0412.jpg" }).waitFor();
    expect(await blockingViolations(page, "the wizard with a photo chosen")).toEqual([]);
    await dialog.getByRole("button", { name: "Create" }).scrollIntoViewIfNeeded();
    await captureScreenshot(page, "receipts-wizard-mobile-en-US");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.waitFor({ state: "hidden" });
    const listed = await (await page.request.get(`${api}/transactions`)).json();
    const fridge = listed.data.find((item: { description: string }) => item.description === "Fridge");
    const receiptsOf = async () =>
      ((await (await page.request.get(`${api}/transactions/${fridge.uuid}/receipts`)).json()).data ?? []) as Receipt[];
    await expect.poll(async () => (await receiptsOf()).length).toBe(1);
    const [stored] = await receiptsOf();
    // Shrunk on the phone before it went up: a JPEG far smaller than the photo taken.
    expect(stored!.content_type).toBe("image/jpeg");
    expect(stored!.byte_size).toBeLessThan(photo.byteLength / 2);

    // In Portuguese: the transaction's dialog shows the photo; a PDF is attached from the files.
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    await gotoHydrated(page, `/workspaces/${workspaceId}/transactions`);
    await page.getByRole("button", { name: "Editar Fridge" }).first().click();
    const receipts = dialog.getByRole("region", { name: "Comprovantes" });
    await receipts.getByRole("link", { name: "Abrir IMG_0412.jpg" }).waitFor();
    await dialog
      .getByTestId("receipt-file")
      .setInputFiles({ name: "nota-fiscal.pdf", mimeType: "application/pdf", buffer: invoicePdf });
    await receipts.getByRole("link", { name: "Abrir nota-fiscal.pdf" }).waitFor();
    await expect.poll(async () => (await receiptsOf()).length).toBe(2);
    // The photo's thumbnail is drawn from the private file, through the session.
    await expect
      .poll(() =>
        receipts.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    expect(await blockingViolations(page, "the transaction's receipts")).toEqual([]);
    await captureScreenshot(page, "receipts-dialog-mobile-pt-BR");
    await receipts.getByRole("button", { name: "Apagar nota-fiscal.pdf" }).click();
    await page.getByRole("button", { name: "Apagar comprovante" }).click();
    await toastWith(page, "Comprovante apagado").waitFor();
    await expect.poll(async () => (await receiptsOf()).map((receipt) => receipt.file_name)).toEqual(["IMG_0412.jpg"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
