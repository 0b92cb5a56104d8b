import { text } from "drizzle-orm/sqlite-core";
import { newId } from "../ids.ts";

/** Primary key: a UUID v7 (time-ordered) generated in the application, exposed as `uuid`. */
export const idColumn = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());

/** ISO-8601 UTC timestamp, e.g. 2026-11-21T13:45:00.000Z; sorts correctly as text. */
export const timestampColumn = (name: string) => text(name);

export const createdAtColumn = () =>
  timestampColumn("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());
