import type { Env } from "../env.ts";
import { AppError } from "../http/errors.ts";
import type { BankProviderError } from "./providers/bank-provider.ts";
import { pluggyProvider } from "./providers/pluggy.ts";
import { simplefinProvider } from "./providers/simplefin.ts";
import { pluggyWidget } from "./pluggy-widget.ts";

/**
 * The providers as this Worker is configured to reach them (README: "Bank connections"; `.dev.vars.example`):
 * production talks to Pluggy and the SimpleFIN Bridge over HTTPS; local and test runs to the stand-ins on
 * 127.0.0.1 (plain HTTP is allowed there only).
 */

const unavailable = () => new AppError("BANK_CONNECTIONS_UNAVAILABLE");

export function pluggyOf(env: Env) {
  if (!env.PLUGGY_CLIENT_ID || !env.PLUGGY_CLIENT_SECRET || !env.BANK_SECRETS_KEY) throw unavailable();
  return pluggyProvider({
    apiUrl: env.PLUGGY_API_URL || "https://api.pluggy.ai",
    clientId: env.PLUGGY_CLIENT_ID,
    clientSecret: env.PLUGGY_CLIENT_SECRET,
  });
}

export function simplefinOf(env: Env) {
  if (!env.BANK_SECRETS_KEY) throw unavailable();
  const allowHttp = env.APP_ENV !== "production";
  return { allowHttp, provider: simplefinProvider({ allowHttp }) };
}

/** Loopback: the stand-ins of `npm start` and the tests. */
const isLoopback = (url: string | undefined) => {
  if (!url) return false;
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * Which ways to connect this server offers: Pluggy with its credentials, SimpleFIN with the sealing key;
 * `sandbox` when Pluggy is the local stand-in, whose "widget" is our own form with the sandbox's credentials.
 */
export function bankConnectionsAvailability(env: Env) {
  const sealing = Boolean(env.BANK_SECRETS_KEY);
  const pluggy = sealing && Boolean(env.PLUGGY_CLIENT_ID && env.PLUGGY_CLIENT_SECRET);
  return {
    pluggy,
    simplefin: sealing,
    sandbox: pluggy && env.APP_ENV !== "production" && isLoopback(env.PLUGGY_API_URL),
  };
}

/** The bank connections page's own Content-Security-Policy additions: Pluggy's widget, there and nowhere else. */
export function allowPluggyWidget(scope: { scriptOrigins: string[]; frameOrigins: string[] }) {
  scope.scriptOrigins.push(new URL(pluggyWidget.script).origin);
  scope.frameOrigins.push(pluggyWidget.frameOrigin);
}

/** A provider that did not answer, or asked us to wait: 503, nothing changed, with how long to wait when it said. */
export function bankProviderFailed(error: BankProviderError): AppError {
  return new AppError("BANK_PROVIDER_UNAVAILABLE", undefined, {
    retryAfterSeconds: error.retryAfterSeconds ?? 30,
    cause: error,
  });
}
