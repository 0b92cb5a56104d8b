/**
 * Operator command for the cron executor's runs (job_runs).
 *   npm run jobs                 the last 20 runs: when, trigger, items posted and failed, errors
 *   npm run jobs -- failures     the failures the last runs recorded, with the item and its reason
 * Target: LIBSQL_URL (+ LIBSQL_AUTH_TOKEN for Turso), default the running `npm start`'s database.
 */
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { findLocalDatabase, orExit } from "./local-stack.ts";
import { listRecentJobRuns } from "../worker/jobs/job-runs.service.ts";
import type { ItemFailure } from "../worker/jobs/runner.ts";

if (import.meta.main) {
  const [command = "list"] = process.argv.slice(2);
  const { url, authToken } = await orExit(findLocalDatabase());
  const client = createClient({ url, authToken });
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    const runs = await listRecentJobRuns({ db }, { limit: 20 });
    if (command === "failures") {
      const failures = runs.flatMap((run) =>
        (JSON.parse(run.failures) as ItemFailure[]).map((failure) => ({ run: run.startedAt.slice(0, 19), ...failure })),
      );
      if (failures.length === 0) console.log("No failures in the last 20 runs.");
      else console.table(failures);
    } else if (command === "list") {
      if (runs.length === 0) console.log("No runs yet: the cron fires every 5 minutes (every minute under npm start).");
      console.table(
        runs.map((run) => ({
          started: run.startedAt.slice(0, 19).replace("T", " "),
          seconds: run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : "running",
          trigger: run.trigger,
          posted: run.itemsDone,
          failed: run.itemsFailed,
          "left for next run": run.finished === false ? "yes" : "",
          error: run.error ?? "",
        })),
      );
    } else {
      console.error(`Unknown command "${command}". Use: npm run jobs [-- failures]`);
      process.exitCode = 2;
    }
  } finally {
    client.close();
  }
}
