import type { ExecutionContext, ScheduledController } from "@cloudflare/workers-types";
import { app } from "./app.ts";
import { createServiceContext } from "./context.ts";
import type { Env } from "./env.ts";
import { createLogger } from "./http/request-scope.ts";
import { runDueItems } from "./jobs/runner.ts";

export default {
  fetch: app.fetch,

  async scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
    const log = createLogger({ cron: controller.cron });
    await runDueItems(createServiceContext(env, log), controller.cron);
  },
};
