import { createClient, type Client, type InStatement, type TransactionMode } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";

export type DatabaseConfig = {
  url: string;
  authToken?: string;
  /** Longest wait for one database call, body included; past it the call fails as unavailable. */
  timeoutMs?: number;
  /** Told once when the database could not be reached, so a page can answer 503 instead of 500. */
  onUnavailable?: (error: DatabaseUnavailableError) => void;
};

export const defaultDatabaseTimeoutMs = 5000;

/** How often a call the database refused without running it is tried again before giving up. */
const busyRetries = 4;

/**
 * The database did not answer in time or refused the connection. Nothing a person did wrong, and
 * nothing half-written: every write is one atomic batch. Answered as 503 with Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** The database kept refusing the call (locked by other writes, or over its own request limit). */
export class DatabaseBusyError extends DatabaseUnavailableError {
  constructor(options?: { cause?: unknown }) {
    super("The database stayed busy after several tries.", options);
    this.name = "DatabaseBusyError";
  }
}

/**
 * A new client for each request (docs/decisions/012-a-database-client-per-request.md). libSQL's HTTP client
 * queues calls behind its own limiter and keeps streams; shared by an isolate's requests, a call queued by
 * one request was started from another's I/O context, workerd cancelled both as hung, and the queue never
 * drained again — a burst wedged the Worker until restart. A client is a few plain objects, so one per
 * request costs nothing measurable, and prepared SQL lives apart from it (db/reusable-read.ts).
 */
export function createDatabase(config: DatabaseConfig) {
  const timeoutMs = config.timeoutMs ?? defaultDatabaseTimeoutMs;
  const client = createClient({
    url: config.url,
    authToken: config.authToken || undefined,
    fetch: boundedFetch(timeoutMs),
  });
  return drizzle(guardedClient(client, config.onUnavailable));
}

export type Database = ReturnType<typeof createDatabase>;

/**
 * Takes the database's write lock and lets it go, writing nothing (BEGIN IMMEDIATE, then COMMIT). A
 * database can answer reads and take no writes — sqld with its write lock stuck, Turso with writes
 * blocked — and only a write shows it. Bounded and retried like every call.
 */
export async function probeWrites(db: Database): Promise<void> {
  await db.$client.batch([], "write");
}

/**
 * fetch with a deadline over the whole exchange: the signal also aborts reading the response body,
 * so a server that stops mid-answer (`kill -STOP`) fails the call instead of holding the request open.
 */
function boundedFetch(timeoutMs: number) {
  return async (request: Request): Promise<Response> => {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(request, { signal: deadline });
    } catch (error) {
      const reason = deadline.aborted ? `did not answer within ${timeoutMs} ms` : "refused the connection";
      throw new DatabaseUnavailableError(`The database ${reason}.`, { cause: error });
    }
  };
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause !== undefined && chain.length < 8; cause = (cause as { cause?: unknown }).cause) {
    chain.push(cause);
    if (!(cause instanceof Error)) break;
  }
  return chain;
}

const httpStatusOf = (error: unknown) =>
  error instanceof Error && error.name === "HttpServerError" ? ((error as { status?: number }).status ?? 0) : 0;

/** Turso and proxies answer 502–504 while the database is restarting or out of reach. */
const isGatewayFailure = (error: unknown) => [502, 503, 504].includes(httpStatusOf(error));

/** The deadline ran out while the response body was being read (after fetch itself resolved). */
const isDeadline = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
};

function asUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  const chain = causes(error);
  const known = chain.find((cause) => cause instanceof DatabaseUnavailableError);
  if (known) return known as DatabaseUnavailableError;
  const failure = chain.find((cause) => isGatewayFailure(cause) || isDeadline(cause));
  return failure ? new DatabaseUnavailableError("The database is unavailable.", { cause: failure }) : undefined;
}

/**
 * Refused without being applied, so safe to send again: SQLITE_BUSY (SQLite rolled the batch back
 * whole) and HTTP 429 (sqld and Turso turn requests away past their concurrency limit before
 * running them). A timeout is never among these: the call may have been applied.
 */
const isRefusedUnapplied = (error: unknown) =>
  causes(error).some((cause) => {
    const code = (cause as { code?: unknown }).code;
    return (
      code === "SQLITE_BUSY" ||
      httpStatusOf(cause) === 429 ||
      (cause instanceof Error && /database is locked/i.test(cause.message))
    );
  });

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/**
 * The client as Drizzle sees it, with two rules of ours: a call that could not reach the database
 * fails as DatabaseUnavailableError (reported once to `onUnavailable`), and a call refused without
 * being applied (SQLITE_BUSY, HTTP 429) is tried again a few times with growing jitter, then fails
 * as DatabaseBusyError. A call that timed out is never retried: it may have been applied.
 */
function guardedClient(client: Client, onUnavailable: DatabaseConfig["onUnavailable"]): Client {
  let isReported = false;
  const translate = (error: unknown): unknown => {
    const unavailable = error instanceof DatabaseUnavailableError ? error : asUnavailable(error);
    if (!unavailable) return error;
    if (!isReported) {
      isReported = true;
      onUnavailable?.(unavailable);
    }
    return unavailable;
  };
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!isRefusedUnapplied(error)) throw translate(error);
        if (attempt >= busyRetries) throw translate(new DatabaseBusyError({ cause: error }));
        await pause((25 + Math.random() * 40) * 2 ** attempt);
      }
    }
  };
  // A plain object, not a Proxy: Drizzle reads the client on every query.
  return {
    execute: ((statement: InStatement, args?: never) =>
      guarded(() => client.execute(statement as never, args))) as Client["execute"],
    batch: (statements: InStatement[], mode?: TransactionMode) => guarded(() => client.batch(statements, mode)),
    migrate: (statements: InStatement[]) => guarded(() => client.migrate(statements)),
    transaction: (mode?: TransactionMode) => client.transaction(mode),
    executeMultiple: (sql: string) => client.executeMultiple(sql),
    sync: () => client.sync(),
    reconnect: () => client.reconnect(),
    close: () => client.close(),
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };
}
