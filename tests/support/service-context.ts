import type { KVNamespace } from "@cloudflare/workers-types";
import type { Database } from "../../db/client.ts";
import type { Clock, ServiceContext } from "../../worker/context.ts";
import { actingAs } from "../../worker/access/actor.ts";
import type { Env } from "../../worker/env.ts";
import type { Logger } from "../../worker/http/request-scope.ts";

export type RecordedLog = { level: "info" | "warn" | "error"; event: string; fields?: Record<string, unknown> };

/** A logger that keeps lines for assertions instead of printing them. */
export function recordingLogger(): Logger & { lines: RecordedLog[] } {
  const lines: RecordedLog[] = [];
  return {
    lines,
    info: (event, fields) => lines.push({ level: "info", event, fields }),
    warn: (event, fields) => lines.push({ level: "warn", event, fields }),
    error: (event, fields) => lines.push({ level: "error", event, fields }),
  };
}

export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return { now: () => new Date(now), set: (next) => (now = new Date(next)) };
}

const providerOff = "off";

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    APP_ENV: "test",
    APP_URL: "http://127.0.0.1:8080",
    RESEND_FROM: "Moneta <test@moneta.local>",
    // Declared in wrangler.toml's [vars]; empty here: no challenge widget, no assistant number.
    TURNSTILE_SITE_KEY: "",
    WHATSAPP_DISPLAY_NUMBER: "",
    LIBSQL_TIMEOUT_MS: "5000",
    LIBSQL_URL: "file:unused-in-node-tests",
    JWT_SECRET: "test-secret-test-secret-test-secret-0001",
    EXCHANGE_RATES: undefined as unknown as KVNamespace,
    // No bucket unless a test starts one (tests/support/r2-bucket.ts): receipts answer SERVICE_UNAVAILABLE.
    RECEIPTS: undefined as unknown as R2Bucket,
    // No test reaches the internet: unless a test starts the fake providers and points these at it,
    // the rate chain has no provider and answers from what is kept.
    RATES_FRANKFURTER_URL: providerOff,
    RATES_OPEN_ER_API_URL: providerOff,
    RATES_CURRENCY_API_URL: providerOff,
    RATES_BCB_PTAX_URL: providerOff,
    ...overrides,
  };
}

export function testServiceContext(db: Database, options: { clock?: Clock; env?: Partial<Env> } = {}) {
  const log = recordingLogger();
  const deferred: Promise<unknown>[] = [];
  const context: ServiceContext = {
    db,
    env: testEnv(options.env),
    clock: options.clock ?? fixedClock("2026-11-21T12:00:00.000Z"),
    log,
    defer: (work) => void deferred.push(work),
  };
  /** Waits for what the service deferred (waitUntil), as the Worker would before shutting down. */
  const settleDeferred = () => Promise.all(deferred.splice(0));
  return { ...context, log, settleDeferred };
}

/** A service context acting as a signed-in person through the cookie, as a page's loader does. */
export function personContext(db: Database, clock: Clock, person: { user: { id: string }; sessionId: string }) {
  return actingAs(testServiceContext(db, { clock }), {
    type: "person",
    userId: person.user.id,
    sessionId: person.sessionId,
    via: "cookie",
  });
}
