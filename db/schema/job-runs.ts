import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { idColumn, timestampColumn } from "./columns.ts";

/** One row per cron invocation: what ran, when, how much it did and how it ended. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: idColumn(),
    job: text("job").notNull(),
    trigger: text("trigger").notNull(),
    startedAt: timestampColumn("started_at").notNull(),
    finishedAt: timestampColumn("finished_at"),
    itemsDone: integer("items_done").notNull().default(0),
    error: text("error"),
  },
  (table) => [index("job_runs_started_at_idx").on(table.startedAt)],
);
