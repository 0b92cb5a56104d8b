import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  localJwtSecret,
  migrateDatabase,
  startDatabase,
  startWorkerServer,
  type RunningProcess,
} from "../../scripts/local-stack.ts";
import { gotoHydrated, launchBrowser, openPage } from "../support/browser.ts";
import { startFakeTurnstile, type FakeTurnstile } from "../support/fake-turnstile.ts";

const turnstileSecret = "0x4AAAAAAA-e2e-secret";

/**
 * Cloudflare's widget script stands in for the real one (the browser cannot reach Cloudflare):
 * it renders into the container, adds the hidden field the real widget adds, and reports the
 * token as solved, so the page's own flow — show, resubmit, carry on — runs for real.
 */
const fakeWidgetScript = (token: string) => `window.turnstile = {
  render(container, options) {
    const field = document.createElement("input");
    field.type = "hidden";
    field.name = options["response-field-name"];
    field.value = ${JSON.stringify(token)};
    container.append(field);
    setTimeout(() => options.callback(${JSON.stringify(token)}), 800);
    return "widget-1";
  },
  remove() {},
};`;

describe("past the soft limit, the sign-in page asks for a Turnstile challenge and carries on once solved", () => {
  let browser: Browser;
  let turnstile: FakeTurnstile;
  let database: RunningProcess;
  let server: RunningProcess;
  let dataDir: string;

  // Its own served app with the challenge switched on (the shared e2e server runs with it off).
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "moneta-e2e-challenge-"));
    turnstile = await startFakeTurnstile({ secret: turnstileSecret });
    database = await startDatabase({ dataDir, port: await freePort() });
    await migrateDatabase(database.url);
    server = await startWorkerServer({
      mode: "preview",
      port: await freePort(),
      databaseUrl: database.url,
      jwtSecret: localJwtSecret(dataDir),
      logFile: join(dataDir, "server.log"),
      environment: "test",
      extraEnv: {
        TURNSTILE_DISABLED: "false",
        TURNSTILE_SITE_KEY: "1x-e2e-site-key",
        TURNSTILE_SECRET_KEY: turnstileSecret,
        TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.stop();
    await turnstile?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the widget only when asked, resubmits with its token, and the code sent before still signs in", async () => {
    const email = `flooded-${Date.now()}@example.com`;
    for (let request = 0; request < 5; request++) {
      const response = await fetch(`${server.url}/api/auth/request-token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(200);
    }
    const { context, page } = await openPage(browser, { baseURL: server.url, locale: "en-US" });
    const scriptRequests: string[] = [];
    await page.route("https://challenges.cloudflare.com/**", (route) => {
      scriptRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: fakeWidgetScript(turnstile.solve()) });
    });

    await gotoHydrated(page, "/login");
    expect(scriptRequests).toEqual([]);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue with email" }).click();
    await page.getByText("please confirm you're a person").waitFor();
    await page.getByText("Check your email for the verification code").waitFor();

    expect(scriptRequests).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    expect(turnstile.calls).toHaveLength(1);
    expect(turnstile.calls[0]).toMatchObject({ secret: turnstileSecret, response: expect.stringMatching(/^solved-/) });

    const codes = [
      ...readFileSync(join(dataDir, "server.log"), "utf8").matchAll(
        new RegExp(`\\[sign-in code\\] ${email} (\\d{6})`, "g"),
      ),
    ];
    expect(new Set(codes.map((match) => match[1])).size).toBe(1);
    await page.getByLabel("Verification code").fill(codes.at(-1)![1]!);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.waitForURL(`${server.url}/onboarding`);
    await context.close();
  });
});
