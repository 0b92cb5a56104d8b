import { z } from "zod";

/** A run of a cron job as it is recorded in `job_runs`. */
export const jobRunSchema = z.object({
  id: z.string(),
  itemsDone: z.number().int(),
  itemsFailed: z.number().int(),
  /** The items that could not be posted, and why (a message key); they are tried again on the next run. */
  failures: z.array(z.object({ kind: z.string(), id: z.string(), workspaceId: z.string(), reason: z.string() })),
  /** False when the run stopped at its time budget and left items for the next. */
  finished: z.boolean(),
  /** What failed outright, per executor; null when nothing did. */
  error: z.string().nullable(),
});
