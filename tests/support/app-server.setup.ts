import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import {
  freePort,
  localJwtSecret,
  migrateDatabase,
  startDatabase,
  startWorkerServer,
  newVapidKeyPair,
} from "../../scripts/local-stack.ts";
import { providerUrlEnv, startFakeRateProviders } from "./fake-rate-providers.ts";
import { startFakeGraphApi } from "./fake-graph-api.ts";
import { startFakePluggy } from "./fake-pluggy.ts";
import { startFakeResend } from "./fake-resend.ts";
import { testPhoneNumberId } from "./whatsapp-webhook.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    appDatabaseUrl: string;
    /** The server's console. */
    appLogFile: string;
    /** Resend's stand-in, which the app sends every e-mail to: `GET {origin}/__sent` lists them. */
    resendOrigin: string;
    /** The operator's secret: a test runs the due-items executor with it, as an operator would. */
    appOperatorToken: string;
    /** POST { provider, mode } here to make the fake rate providers answer ("ok") or fail. */
    ratesControlUrl: string;
    /** The app secret webhook deliveries must be signed with (tests/support/whatsapp-webhook.ts signs). */
    whatsappAppSecret: string;
    /**
     * The fake Graph API the app sends its WhatsApp replies to: `GET {origin}/__sent` lists them,
     * `DELETE {origin}/__sent` forgets them, `POST {origin}/__control { fail_with }` makes it fail.
     */
    graphApiOrigin: string;
  }
}

/**
 * The app served the way `npm start` serves it (sqld + migrations + the built Worker in
 * workerd's own HTTP server), on free ports with its own throwaway data, for the browser tests.
 */
export default async function setup(project: TestProject) {
  // A calendar project's day (vitest.config.ts): the app's clock is set to it now, as it starts.
  const clockAt = project.config.env?.MONETA_TEST_CLOCK_AT;
  const testClockOffsetMs = clockAt ? Date.parse(clockAt) - Date.now() : 0;
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-e2e-"));
  const database = await startDatabase({ dataDir, port: await freePort() });
  await migrateDatabase(database.url);
  const logFile = join(dataDir, "server.log");
  const operatorToken = `e2e-operator-${crypto.randomUUID()}`;
  // The rate providers, faked on 127.0.0.1 and down until a test turns them on: no other test's
  // figures change because a rate happened to arrive.
  const providers = await startFakeRateProviders();
  providers.setMode("all", "down");
  // WhatsApp's Graph API, faked on 127.0.0.1: the assistant's replies land there.
  const graphApi = await startFakeGraphApi();
  const whatsappAppSecret = `e2e-whatsapp-${crypto.randomUUID()}`;
  // Resend, faked on 127.0.0.1: sign-in codes and reminders are read from what it received.
  const resend = await startFakeResend();
  // Pluggy, faked on 127.0.0.1 over the sandbox bank, dated on the app's own day.
  const pluggyCredentials = { clientId: "e2e-pluggy", clientSecret: `e2e-pluggy-${crypto.randomUUID()}` };
  const pluggy = await startFakePluggy({
    today: new Date(Date.now() + testClockOffsetMs).toISOString().slice(0, 10),
    ...pluggyCredentials,
  });
  const server = await startWorkerServer({
    mode: "preview",
    port: await freePort(),
    databaseUrl: database.url,
    jwtSecret: localJwtSecret(dataDir),
    logFile,
    environment: "test",
    extraEnv: {
      OPERATOR_TOKEN: operatorToken,
      RESEND_API_KEY: "re_e2e_stand_in",
      RESEND_BASE_URL: resend.url,
      ...providerUrlEnv(providers),
      WHATSAPP_APP_SECRET: whatsappAppSecret,
      WHATSAPP_VERIFY_TOKEN: `e2e-verify-${crypto.randomUUID()}`,
      WHATSAPP_ACCESS_TOKEN: "e2e-access-token",
      WHATSAPP_PHONE_NUMBER_ID: testPhoneNumberId,
      WHATSAPP_GRAPH_API_URL: graphApi.url,
      WHATSAPP_DISPLAY_NUMBER: "+55 11 4000-0000",
      // Web Push is set up (its browser side is tests/e2e/push-notifications.test.ts).
      ...newVapidKeyPair(),
      TEST_CLOCK_OFFSET_MS: String(testClockOffsetMs),
      BANK_SECRETS_KEY: Buffer.alloc(32, 5).toString("base64"),
      PLUGGY_API_URL: pluggy.url,
      PLUGGY_CLIENT_ID: pluggyCredentials.clientId,
      PLUGGY_CLIENT_SECRET: pluggyCredentials.clientSecret,
    },
  });
  project.provide("testClockOffsetMs", testClockOffsetMs);
  project.provide("appUrl", server.url);
  project.provide("appDatabaseUrl", database.url);
  project.provide("appLogFile", logFile);
  project.provide("resendOrigin", resend.url);
  project.provide("appOperatorToken", operatorToken);
  project.provide("ratesControlUrl", providers.controlUrl);
  project.provide("whatsappAppSecret", whatsappAppSecret);
  project.provide("graphApiOrigin", graphApi.origin);
  return async () => {
    await server.stop();
    await providers.close();
    await graphApi.close();
    await resend.close();
    await pluggy.stop();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
