import { createContext } from "react-router";
import { createDatabase, type Database } from "../db/client.ts";
import type { Env, ExecutionContext } from "./env.ts";
import type { Logger, RequestScope } from "./http/request-scope.ts";

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every service verb receives: the database, configuration, time and a logger. */
export type ServiceContext = {
  db: Database;
  env: Env;
  clock: Clock;
  log: Logger;
  /** Work that may finish after the response (the Worker's waitUntil); failures are logged. */
  defer(work: Promise<unknown>): void;
};

const databases = new Map<string, Database>();

/** One libSQL client per isolate and URL; HTTP clients hold no connection between requests. */
export function getDatabase(env: Pick<Env, "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">): Database {
  let database = databases.get(env.LIBSQL_URL);
  if (!database) {
    database = createDatabase({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
    databases.set(env.LIBSQL_URL, database);
  }
  return database;
}

export function createServiceContext(
  env: Env,
  log: Logger,
  waitUntil: (work: Promise<unknown>) => void = () => {},
  clock: Clock = systemClock,
): ServiceContext {
  const defer = (work: Promise<unknown>) =>
    waitUntil(work.catch((error: unknown) => log.error("deferred_work_failed", { error: String(error) })));
  return { db: getDatabase(env), env, clock, log, defer };
}

/** Handed to React Router loaders and actions through its RouterContextProvider. */
export type PageContext = {
  env: Env;
  executionContext: ExecutionContext;
  scope: RequestScope;
  services: ServiceContext;
};

export const pageContext = createContext<PageContext>();
