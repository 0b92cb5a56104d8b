import type { Page } from "playwright-core";

/**
 * The link code the settings page shows after "Link WhatsApp" (English page), and the message it
 * says to send: for a test that then sends that message as the phone.
 */
export async function linkCodeOnPage(page: Page): Promise<{ code: string; message: string }> {
  const shown = page.getByTestId("link-code");
  await shown.waitFor();
  const code = await shown.locator("[data-link-code]").getAttribute("data-link-code");
  if (!code) throw new Error("The settings page shows no link code.");
  return { code, message: `LINK ${code}` };
}
