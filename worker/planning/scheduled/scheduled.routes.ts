import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { normaliseTemplateBody } from "../planned.schemas.ts";
import { scheduledFiltersSchema, scheduledSchema } from "./scheduled.schemas.ts";
import {
  cancelScheduledTransaction,
  createScheduledTransaction,
  deleteScheduledTransaction,
  executeScheduledTransaction,
  getScheduledTransaction,
  listScheduledTransactions,
  updateScheduledTransaction,
} from "./scheduled.service.ts";

const base = "/:workspaceId/scheduled-transactions";
const bodySchema = z.preprocess(normaliseTemplateBody, scheduledSchema);

/** /workspaces/{workspaceId}/scheduled-transactions… (docs/api.md#scheduled-transactions). */
export const scheduledRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, validate("query", scheduledFiltersSchema), async (c) =>
    c.json(
      await listScheduledTransactions({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), filters: c.req.valid("query") },
      }),
    ),
  )
  .post(base, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
    return c.json({ data: await createScheduledTransaction({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:scheduledId`, async (c) =>
    c.json({ data: await getScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(`${base}/:scheduledId`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
    return c.json({ data: await updateScheduledTransaction({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:scheduledId`, async (c) =>
    c.json({ data: await deleteScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:scheduledId/execute`, async (c) =>
    c.json({ data: await executeScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:scheduledId/cancel`, async (c) =>
    c.json({ data: await cancelScheduledTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
