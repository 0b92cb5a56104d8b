import type { Page } from "playwright-core";

/** Opens a list row's "Actions for {name}" menu and picks one (Edit, Archive, Delete…). */
export async function chooseRowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}
