import { createContext } from "react-router";
import { createDatabase, type Database, type DatabaseConfig } from "../db/client.ts";
import type { Env, ExecutionContext } from "./env.ts";
import type { Logger, RequestScope } from "./http/request-scope.ts";

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

type ClockSettings = Pick<Env, "APP_ENV" | "TEST_CLOCK_OFFSET_MS">;

/**
 * How far the Worker's clock runs ahead of the system's: 0, except in test runs given
 * TEST_CLOCK_OFFSET_MS, so the whole app can live on a chosen day while its time still flows
 * (the suite's runs on the calendar's hard days). Production never reads the offset.
 */
export const clockOffsetMs = (env: ClockSettings) =>
  env.APP_ENV === "test" ? Number(env.TEST_CLOCK_OFFSET_MS) || 0 : 0;

export function clockOf(env: ClockSettings): Clock {
  const offsetMs = clockOffsetMs(env);
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

/** What every service verb receives: the database, configuration, time and a logger. */
export type ServiceContext = {
  db: Database;
  env: Env;
  clock: Clock;
  log: Logger;
  /** Work that may finish after the response (the Worker's waitUntil); failures are logged. */
  defer(work: Promise<unknown>): void;
};

/**
 * The database for one request or cron run: a fresh client, never shared
 * (docs/decisions/012-a-database-client-per-request.md).
 */
export function openDatabase(
  env: Pick<Env, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN" | "LIBSQL_TIMEOUT_MS">,
  onUnavailable?: DatabaseConfig["onUnavailable"],
): Database {
  const timeoutMs = Number(env.LIBSQL_TIMEOUT_MS) || undefined;
  return createDatabase({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN, timeoutMs, onUnavailable });
}

export type ServiceContextOptions = {
  log: Logger;
  /** The Worker's waitUntil, for work that may finish after the response. */
  waitUntil?: (work: Promise<unknown>) => void;
  clock?: Clock;
  onUnavailable?: DatabaseConfig["onUnavailable"];
};

export function createServiceContext(env: Env, options: ServiceContextOptions): ServiceContext {
  const { log, waitUntil = () => {}, clock = clockOf(env), onUnavailable } = options;
  const defer = (work: Promise<unknown>) =>
    waitUntil(work.catch((error: unknown) => log.error("deferred_work_failed", { error: String(error) })));
  return { db: openDatabase(env, onUnavailable), env, clock, log, defer };
}

/** Handed to React Router loaders and actions through its RouterContextProvider. */
export type PageContext = {
  env: Env;
  executionContext: ExecutionContext;
  scope: RequestScope;
  services: ServiceContext;
};

export const pageContext = createContext<PageContext>();

/**
 * Set by the Worker (worker/pages/render-page.ts) when a page must not run its loaders or action: 403 for a write
 * that did not come from our own pages, 503 when the database was out of reach. The Worker hands
 * React Router a GET of the same address, so no action runs (or runs again), and the root middleware
 * (refusedPagesAsErrorPage in app/lib/session.server.ts) answers with that status — the translated
 * error page, not an exception (500) or React Router's bare 400.
 */
export const pageRefusalContext = createContext<403 | 503 | null>(null);
