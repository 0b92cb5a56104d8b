import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { healthSchema } from "./health.responses.ts";
import { checkHealth } from "./health.service.ts";

export const healthRoutes = new Hono<ApiEnv>().get(
  "/",
  describeRoute({
    tag: "Health",
    summary: "Check the Worker, its database and its cache",
    description:
      "Public. One `select 1`, a write that writes nothing (the database's write lock taken and let go) and a read of " +
      "the `EXCHANGE_RATES` KV binding, whose failure is only reported. `DATABASE_READ_ONLY` (with `Retry-After: 5`) " +
      "when the database answers the read but not the write within the deadline.",
    answer: answers.data(healthSchema),
    errors: ["DATABASE_READ_ONLY"],
  }),
  async (c) => {
    return c.json({ data: await checkHealth(c.get("services")) });
  },
);
