import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { gotoHydrated, waitForHydration } from "../../support/browser.ts";

/** The newest code the server printed for this address (local mode has no Resend key). */
export async function codeFromConsole(email: string): Promise<string> {
  const pattern = new RegExp(`\\[sign-in code\\] ${email.replace(/[.+]/g, "\\$&")} (\\d{6})`, "g");
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = [...readFileSync(inject("appLogFile"), "utf8").matchAll(pattern)].at(-1)?.[1];
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`No code printed for ${email}`);
}

/**
 * Signs in through /login (English UI) with the code from the server console, and waits until the
 * page it leads to has hydrated: /login's forms post natively, so that page is a new document.
 */
export async function signInThroughLogin(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await page.getByText("Check your email for the verification code").waitFor();
  await page.getByLabel("Verification code").fill(await codeFromConsole(email));
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await waitForHydration(page);
}

/** A brand-new user through onboarding and setup, ending on the new workspace's dashboard. */
export async function signUpWithWorkspace(page: Page, email: string, name: string, workspace: string): Promise<string> {
  await signInThroughLogin(page, email);
  await page.getByRole("heading", { level: 1, name: "Welcome" }).waitFor();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Complete setup" }).click();
  await page.getByRole("heading", { level: 1, name: "Create your workspace" }).waitFor();
  await page.getByLabel("Workspace name").fill(workspace);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/dashboard$/);
  return /\/workspaces\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}
