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
    /** Items that could not be posted this run (each keeps its reason and is tried again next run). */
    itemsFailed: integer("items_failed").notNull().default(0),
    /** JSON array of the first failures: { kind, id, workspaceId, reason }. */
    failures: text("failures").notNull().default("[]"),
    /** False when the run used its time budget and left due items for the next one. */
    finished: integer("finished", { mode: "boolean" }),
    error: text("error"),
  },
  (table) => [index("job_runs_started_at_idx").on(table.startedAt)],
);
