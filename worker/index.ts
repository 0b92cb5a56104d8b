import type { ExecutionContext, ScheduledController } from "@cloudflare/workers-types";
import { api } from "./api.ts";
import { createWorkerApp } from "./app.ts";
import { clockOffsetMs, createServiceContext } from "./context.ts";
import type { Env } from "./env.ts";
import { createLogger } from "./http/request-scope.ts";
import { refreshRatesInUse } from "./currency/rates-refresh.ts";
import { runDueItems } from "./jobs/runner.ts";
import { cronJobs } from "./operator/cron-executors.ts";
import { renderPage } from "./pages/render-page.ts";

const app = createWorkerApp({ api, renderPage, isDevelopment: import.meta.env.DEV });

export default {
  fetch: app.fetch,

  /**
   * Cron trigger (every 5 minutes): posts what is due up to the trigger's scheduled time (scheduled and
   * recurring transactions), syncs the bank connections that are due, decides and sends the reminders,
   * and records the run in job_runs;
   * refreshes the exchange rates in use (hourly per base).
   */
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    const services = createServiceContext(env, {
      log: createLogger({ cron: controller.cron }),
      waitUntil: (work) => ctx.waitUntil(work),
      clock: { now: () => new Date(controller.scheduledTime + clockOffsetMs(env)) },
    });
    // The rates go their own way: a slow provider must not hold up posting what is due.
    ctx.waitUntil(refreshRatesInUse(services));
    for (const { job, executors } of cronJobs) await runDueItems(services, controller.cron, executors, job);
  },
};
