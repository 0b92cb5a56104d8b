import type { Database } from "../../db/client.ts";

/** The database as it is, counting the batches it is sent: how many round trips a page waits for. */
export function countingBatches(db: Database) {
  const counted = { batches: 0, statements: 0 };
  const database = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return (items: Parameters<Database["batch"]>[0]) => {
        counted.batches += 1;
        counted.statements += items.length;
        return target.batch(items);
      };
    },
  });
  return { database, counted };
}
