import type { Page } from "playwright-core";
import { inject } from "vitest";
import { gotoHydrated, waitForHydration } from "../../support/browser.ts";

export type MailSent = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** What the app sent this address (stored lower-cased) through Resend's stand-in, oldest first. */
export async function mailTo(email: string): Promise<MailSent[]> {
  const sent = (await (await fetch(`${inject("resendOrigin")}/__sent`)).json()) as MailSent[];
  return sent.filter((mail) => [mail.to].flat().includes(email.toLowerCase()));
}

/** The newest sign-in code e-mailed to this address. */
export async function codeFromMail(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = [...(await mailTo(email))]
      .reverse()
      .map((mail) => /^(\d{6}) /.exec(mail.subject)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`No code e-mailed to ${email}`);
}

/**
 * Signs in through /login (English UI) with the code e-mailed to it, and waits until the
 * page it leads to has hydrated: /login's forms post natively, so that page is a new document.
 */
export async function signInThroughLogin(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await page.getByText("Check your email for the verification code").waitFor();
  await page.getByLabel("Verification code").fill(await codeFromMail(email));
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await waitForHydration(page);
}

/**
 * A brand-new user with a workspace, on the new workspace's dashboard. Made through the API from the
 * browser's own context — the sign-in code e-mailed, the name, the workspace in the
 * browser's language's currency and its time zone, as the setup screen would send them — and the
 * cookies the sign-in and setup pages set: only the dashboard is loaded. The screens of sign-in,
 * onboarding and setup are tested on their own (sign-in.test.ts, workspace-settings.test.ts).
 */
export async function signUpWithWorkspace(page: Page, email: string, name: string, workspace: string): Promise<string> {
  const browser = await page.evaluate(() => ({
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }));
  const call = async (path: string, data: Record<string, unknown>, method: "post" | "put" = "post", token?: string) => {
    const response = await page.request[method](path, {
      data,
      headers: { "Accept-Language": browser.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok())
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { data: Record<string, unknown> } | undefined)?.data;
  };
  await call("/api/auth/request-token", { email });
  const signedIn = await call("/api/auth/login", { method: "email", email, token: await codeFromMail(email) });
  const token = signedIn!.access_token as string;
  await call("/api/profile", { name }, "put", token);
  const created = await call(
    "/api/workspaces",
    { name: workspace, currency: browser.language === "pt-BR" ? "BRL" : "USD", time_zone: browser.timeZone },
    "post",
    token,
  );
  const workspaceId = created!.uuid as string;
  const url = inject("appUrl");
  await page.context().addCookies([
    { name: "moneta_session", value: token, url, httpOnly: true, sameSite: "Lax" },
    { name: "moneta_workspace", value: workspaceId, url, httpOnly: true, sameSite: "Lax" },
  ]);
  await gotoHydrated(page, `/workspaces/${workspaceId}/dashboard`);
  return workspaceId;
}
