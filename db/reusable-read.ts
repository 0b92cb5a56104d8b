import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Database } from "./client.ts";

/** What drizzle's `db.batch` needs of a query: its SQL with parameters, and how to map its rows. */
export type PreparedRead = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
};

type SelectBuilder = { prepare(): unknown; readonly _: { readonly result: unknown } };

/** A read ready for `db.batch`, typed by the rows it gives. */
export type BatchRead<Query extends SelectBuilder> = RunnableQuery<Query["_"]["result"], "sqlite">;

/**
 * Queries are only built on this database, never run: it has no client, so nothing prepared here can
 * reach the network, and nothing built once per isolate holds a request's I/O
 * (docs/decisions/012-a-database-client-per-request.md).
 */
const templateDatabase = drizzle.mock() as unknown as Database;

/**
 * A read whose SQL is built once per isolate and then reused with fresh values. Drizzle builds a
 * query's SQL text on every call by walking its expression tree — for the reads every page makes
 * (the session, the viewer, the workspace's accounts, cards and tags, a page of transactions) that
 * was about a tenth of a page's CPU and of its garbage. `build` marks each varying value with
 * `value(name)`; `values` fills them in. What is kept is plain data (SQL text, parameter slots, a
 * row mapper); the batch runs on the request's own database.
 *
 * The result only goes into `db.batch` (every read here does): it cannot be awaited or extended.
 */
export function reusableRead<Values extends Record<string, unknown>>() {
  return <Query extends SelectBuilder>(
    build: (db: Database, value: (name: keyof Values & string) => Placeholder) => Query,
  ) => {
    let prepared: PreparedRead | undefined;
    const value = (name: string) => sql.placeholder(name);
    return (values: Values): BatchRead<Query> => {
      prepared ??= build(templateDatabase, value).prepare() as PreparedRead;
      const read = prepared;
      const { sql: text, params } = read.getQuery();
      return batchItemOf<Query["_"]["result"]>({
        getQuery: () => ({ sql: text, params: fillPlaceholders(params, values) }),
        mapResult: (result, isFromBatch) => read.mapResult(result, isFromBatch),
      });
    };
  };
}

/**
 * The ONE use of drizzle's private API: `db.batch` (LibSQLSession.batch) calls each item's
 * `_prepare()` and runs the `getQuery()` / `mapResult()` it gives. Drizzle has no public way to
 * batch SQL built ahead of time with its row mapping, and building the SQL per request is what
 * this file saves. If an upgrade of drizzle renames or drops `_prepare`, the node test
 * tests/node/reusable-read.test.ts ("drizzle's batch still takes…") fails: a real `db.batch`
 * round trip on libSQL through this function.
 */
export function batchItemOf<Rows>(prepared: PreparedRead): RunnableQuery<Rows, "sqlite"> {
  return { _prepare: () => prepared } as unknown as RunnableQuery<Rows, "sqlite">;
}
