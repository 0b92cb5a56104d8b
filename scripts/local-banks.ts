/**
 * The bank providers for `npm start` (README: "Bank connections"): Pluggy's and the SimpleFIN Bridge's
 * stand-ins on 127.0.0.1 over the sandbox bank, and the settings that point the Worker at them, so a
 * newcomer can connect "Banco Sandbox" without an account anywhere. Their state lives while npm start runs.
 */
import { createHash } from "node:crypto";
import { startFakePluggy } from "../tests/support/fake-pluggy.ts";
import { startFakeSimplefin } from "../tests/support/fake-simplefin.ts";
import { localSecret, type RunningProcess } from "./local-stack.ts";

export async function startLocalBanks(dataDir: string, appPort: number) {
  const today = new Date().toISOString().slice(0, 10);
  const clientId = "moneta-local";
  const clientSecret = localSecret(dataDir, "pluggy-client-secret");
  const pluggy = await startFakePluggy({ port: appPort + 3, today, clientId, clientSecret });
  const simplefin = await startFakeSimplefin({ port: appPort + 4, today });
  // 32 bytes for AES-256, kept per checkout so sealed access survives a restart.
  const key = createHash("sha256").update(localSecret(dataDir, "bank-secrets-key")).digest("base64");
  const env: Record<string, string> = {
    BANK_SECRETS_KEY: key,
    PLUGGY_API_URL: pluggy.url,
    PLUGGY_CLIENT_ID: clientId,
    PLUGGY_CLIENT_SECRET: clientSecret,
  };
  const running: RunningProcess[] = [
    { url: pluggy.url, stop: () => pluggy.stop() },
    { url: simplefin.url, stop: () => simplefin.stop() },
  ];
  return { env, running, simplefinSetupToken: () => simplefin.setupToken() };
}
