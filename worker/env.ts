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
  /**
   * The assistant's WhatsApp number as people should read and type it ("+55 11 4000-1234"): the
   * settings page shows it beside the link code and builds its wa.me link from its digits.
   */
  WHATSAPP_DISPLAY_NUMBER?: string;
  ASSETS: Fetcher;
};

export type { ExecutionContext };

export const appVersion = "0.1.0";
