import type { ExecutionContext, Fetcher, KVNamespace } from "@cloudflare/workers-types";

/** Bindings declared in wrangler.toml: variables, secrets, KV and static assets. */
export type Env = {
  APP_ENV: "local" | "test" | "production";
  APP_URL: string;
  RESEND_FROM: string;
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Longest wait for one database call, in ms (text, as vars are); 5000 when unset. */
  LIBSQL_TIMEOUT_MS?: string;
  JWT_SECRET: string;
  RESEND_API_KEY?: string;
  /** Resend's API address; tests point it at a fake on 127.0.0.1. */
  RESEND_BASE_URL?: string;
  /** Turnstile (anti-abuse challenge past the sign-in soft limits): the public widget key… */
  TURNSTILE_SITE_KEY?: string;
  /** …the secret for siteverify… */
  TURNSTILE_SECRET_KEY?: string;
  /** …siteverify's address (tests point it at a fake on 127.0.0.1)… */
  TURNSTILE_VERIFY_URL?: string;
  /** …and "true" to skip the challenge in local and test runs (production ignores it). */
  TURNSTILE_DISABLED?: string;
  /**
   * Test runs only (APP_ENV "test"; ignored elsewhere): milliseconds added to the real time, so the
   * suite can be run on the calendar's hard days (a month's last day, 29 February, New Year in São Paulo).
   */
  TEST_CLOCK_OFFSET_MS?: string;
  /** Bearer secret of the operator-only routes (POST /api/admin/jobs/due-items/run); unset, they answer 404. */
  OPERATOR_TOKEN?: string;
  /** The exchange-rate cache: one entry per base currency, fresh for an hour (worker/currency/). */
  EXCHANGE_RATES: KVNamespace;
  /** Each rate provider's base URL; unset, the public one (tests point them at a fake on 127.0.0.1). */
  RATES_FRANKFURTER_URL?: string;
  RATES_OPEN_ER_API_URL?: string;
  RATES_CURRENCY_API_URL?: string;
  RATES_BCB_PTAX_URL?: string;
  /** Longest wait for one provider, and for the whole chain, in ms (text); 2500 and 6000 when unset. */
  RATES_PROVIDER_TIMEOUT_MS?: string;
  RATES_CHAIN_BUDGET_MS?: string;
  /** WhatsApp (worker/assistant/): the token Meta echoes when subscribing the webhook; unset, verification always fails… */
  WHATSAPP_VERIFY_TOKEN?: string;
  /** …the app secret that signs every delivery (X-Hub-Signature-256); unset, every delivery is refused… */
  WHATSAPP_APP_SECRET?: string;
  /** …the Graph API token and the business phone number id replies are sent with; unset, replies are only printed
   * locally (production logs an error)… */
  WHATSAPP_ACCESS_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  /** …the Graph API's base URL with its version (tests point it at a fake on 127.0.0.1); unset, https://graph.facebook.com/v25.0… */
  WHATSAPP_GRAPH_API_URL?: string;
  /** …the longest wait for one Graph API call, in ms (text); 5000 when unset… */
  WHATSAPP_GRAPH_API_TIMEOUT_MS?: string;
  /** …and the number people message, as shown in settings ("+55 11 4000-0000"). */
  WHATSAPP_DISPLAY_NUMBER?: string;
  ASSETS: Fetcher;
};

export type { ExecutionContext };

export const appVersion = "0.1.0";
