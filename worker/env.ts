import type { ExecutionContext } from "@cloudflare/workers-types";

/**
 * What wrangler.toml declares (variables, secrets, the KV namespace) comes from
 * worker/wrangler-bindings.d.ts, which `npm run types:worker` writes with `wrangler types` and
 * `npm test` checks is current. Settings the Worker reads only when they are set are listed below.
 */
export type Env = WranglerBindings & RequiredSecrets & OptionalSettings & { APP_ENV: "local" | "test" | "production" };

declare global {
  /** The generated file names the runtime's types globally; this project imports them from the package. */
  type KVNamespace = import("@cloudflare/workers-types").KVNamespace;
  type R2Bucket = import("@cloudflare/workers-types").R2Bucket;
}

/** Secrets without which no request can be served (wrangler marks every secret optional). */
type RequiredSecrets = { LIBSQL_URL: string; JWT_SECRET: string };

type OptionalSettings = {
  /**
   * Web Push (README: "Reminders", the push channel); unset, the settings page says notifications on a device
   * are not available here. The app's VAPID key pair: the public key as browsers take it (65-byte uncompressed
   * P-256 point, base64url) and the private scalar (32 bytes, base64url; a secret). `npm start` makes a pair per
   * checkout. VAPID_SUBJECT is the contact push services see (mailto: or https:); unset, APP_URL's origin.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Resend's API address; tests point it at a fake on 127.0.0.1. */
  RESEND_BASE_URL?: string;
  /** Siteverify's address for Turnstile (the challenge past the sign-in soft limits); tests use a fake. */
  TURNSTILE_VERIFY_URL?: string;
  /**
   * Test runs only (APP_ENV "test"; ignored elsewhere): milliseconds added to the real time, so the
   * suite can be run on the calendar's hard days (a month's last day, 29 February, New Year in São Paulo).
   */
  TEST_CLOCK_OFFSET_MS?: string;
  /** Bearer secret of the operator-only routes (POST /api/admin/jobs/due-items/run); unset, they answer 404. */
  OPERATOR_TOKEN?: string;
  /** Each rate provider's base URL; unset, the public one (tests point them at a fake on 127.0.0.1). */
  RATES_FRANKFURTER_URL?: string;
  RATES_OPEN_ER_API_URL?: string;
  RATES_CURRENCY_API_URL?: string;
  RATES_BCB_PTAX_URL?: string;
  /** Longest wait for one provider, and for the whole chain, in ms (text); 2500 and 6000 when unset. */
  RATES_PROVIDER_TIMEOUT_MS?: string;
  RATES_CHAIN_BUDGET_MS?: string;
  /** The WhatsApp Graph API's base URL with its version; unset, https://graph.facebook.com/v25.0 (tests use a fake). */
  WHATSAPP_GRAPH_API_URL?: string;
  /** The longest wait for one Graph API call, in ms (text); 5000 when unset. */
  WHATSAPP_GRAPH_API_TIMEOUT_MS?: string;
  /**
   * The names of the reminders' WhatsApp templates as registered with Meta, JSON (message key → name); a key
   * left out is `moneta_<key>` (README: "Reminders"; `npm run whatsapp:templates` prints them).
   */
  WHATSAPP_REMINDER_TEMPLATES?: string;
  /**
   * Bank connections (README: "Bank connections"); unset, the feature says it is not available here.
   * The key that seals what providers hand us: 32 random bytes in base64 (`openssl rand -base64 32`).
   */
  BANK_SECRETS_KEY?: string;
  /** Pluggy's API (unset: https://api.pluggy.ai; tests and npm start use a stand-in) and our client's credentials. */
  PLUGGY_API_URL?: string;
  PLUGGY_CLIENT_ID?: string;
  PLUGGY_CLIENT_SECRET?: string;
  /**
   * The secret Pluggy sends in `X-Moneta-Webhook-Secret` with every webhook delivery (set in the headers of
   * the webhook registered with POST /webhooks); unset, deliveries are refused.
   */
  PLUGGY_WEBHOOK_SECRET?: string;
};

export type { ExecutionContext };

export const appVersion = "0.1.0";
