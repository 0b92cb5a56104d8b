import type { BatchItem } from "drizzle-orm/batch";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { Database } from "./client.ts";

/**
 * Reads for one batch, each under the name its rows come back by. A read left `undefined` (one
 * a request may not need, such as an idempotency key's) is not sent; its name gives `undefined`.
 */
export type NamedReads = Readonly<Record<string, BatchItem<"sqlite"> | undefined>>;

/** The rows a batch item gives: a query builder's, a raw query's or a reusable read's alike. */
export type RowsOf<Item> = Item extends RunnableQuery<infer Rows, "sqlite"> ? Rows : undefined;

/** The rows of each named read, under the same name. */
export type RowsByName<Reads extends NamedReads> = { -readonly [Name in keyof Reads]: RowsOf<Reads[Name]> };

/** The rows of each item of a batch, in order. */
export type RowsOfEach<Items extends readonly unknown[]> = { -readonly [K in keyof Items]: RowsOf<Items[K]> };

type Batched<Before extends readonly BatchItem<"sqlite">[], Reads extends NamedReads> = {
  before: RowsOfEach<Before>;
  rows: RowsByName<Reads>;
};

/**
 * Runs `before` (the checks that must hold before anything is returned — the session, a
 * membership — or a write whose outcome the reads show) and then the named reads in ONE
 * `db.batch` — one database round trip, atomic — and hands the reads' rows back by name.
 * Drizzle's batch is positional and typed by tuple; the casts that bridge it to names live
 * here and nowhere else. The reads run in the record's order (names are words, and words keep
 * their insertion order), so a write named before a read is seen by it.
 */
export async function batchByName<const Before extends readonly BatchItem<"sqlite">[], const Reads extends NamedReads>(
  db: Database,
  before: Before,
  reads: Reads,
): Promise<Batched<Before, Reads>> {
  const names = Object.keys(reads);
  const sent = names.filter((name) => reads[name] !== undefined);
  const items = [...before, ...sent.map((name) => reads[name]!)];
  const results: unknown[] =
    items.length === 0 ? [] : await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const rows: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, undefined]));
  sent.forEach((name, index) => {
    rows[name] = results[before.length + index];
  });
  return { before: results.slice(0, before.length) as RowsOfEach<Before>, rows: rows as RowsByName<Reads> };
}

/**
 * A batch of statements whose number is only known at run time (a write's effects, its tags):
 * one round trip, atomic. Nothing is sent for none.
 */
export async function batchOfStatements(db: Database, statements: readonly BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * As batchOfStatements, answering what the last statement gave — the guarded update or delete
 * whose `rowsAffected` tells whether the whole write applied.
 */
export async function batchEndingWith<const Last extends BatchItem<"sqlite">>(
  db: Database,
  statements: readonly BatchItem<"sqlite">[],
  last: Last,
): Promise<RowsOf<Last>> {
  const items: BatchItem<"sqlite">[] = [...statements, last];
  const results: unknown[] = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return results.at(-1) as RowsOf<Last>;
}

/**
 * As batchEndingWith, answering what the first statement gave: a guarded write that the statements
 * after it build on (they read what it wrote), whose result tells whether it applied.
 */
export async function batchStartingWith<const First extends BatchItem<"sqlite">>(
  db: Database,
  first: First,
  statements: readonly BatchItem<"sqlite">[],
): Promise<RowsOf<First>> {
  const items: BatchItem<"sqlite">[] = [first, ...statements];
  const results: unknown[] = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return results[0] as RowsOf<First>;
}

/**
 * The same database, except that the batches its callers send in one turn of the event loop go
 * out as ONE `db.batch`, each caller getting its own results back. A page that asks several
 * services at once (the analytics page's reports) so waits for one round trip, while every
 * service keeps its own checks and reads. Only for reads: the combined batch is atomic, so one
 * caller's failure fails them all.
 */
export function sharedBatches(db: Database): Database {
  type Waiting = { items: BatchItem<"sqlite">[]; resolve(results: unknown[]): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  const flush = async () => {
    const callers = waiting;
    waiting = [];
    try {
      const items = callers.flatMap((caller) => caller.items);
      const results: unknown[] = await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      let offset = 0;
      for (const caller of callers) {
        caller.resolve(results.slice(offset, offset + caller.items.length));
        offset += caller.items.length;
      }
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    }
  };
  const batch = (items: BatchItem<"sqlite">[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (waiting.length === 0) queueMicrotask(() => void flush());
      waiting.push({ items, resolve, reject });
    });
  return new Proxy(db, {
    get: (target, property, receiver) => (property === "batch" ? batch : Reflect.get(target, property, receiver)),
  });
}
