import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../access/api-env.ts";
import { requirePerson } from "../../access/access.middleware.ts";
import { parseJsonBody, validate } from "../../http/validation.ts";
import { normaliseTemplateBody } from "../planned.schemas.ts";
import { recurringFiltersSchema, recurringSchema } from "./recurring.schemas.ts";
import {
  createRecurringTransaction,
  deleteRecurringTransaction,
  executeRecurringTransaction,
  getRecurringTransaction,
  listDueRecurringOccurrences,
  listRecurringTransactions,
  pauseRecurringTransaction,
  resumeRecurringTransaction,
  updateRecurringTransaction,
} from "./recurring.service.ts";

const base = "/:workspaceId/recurring-transactions";
const bodySchema = z.preprocess(normaliseTemplateBody, recurringSchema);

/** /workspaces/{workspaceId}/recurring-transactions… (docs/api.md#recurring-transactions; beta). */
export const recurringRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, validate("query", recurringFiltersSchema), async (c) =>
    c.json(
      await listRecurringTransactions({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), filters: c.req.valid("query") },
      }),
    ),
  )
  .get("/:workspaceId/recurring-transactions-due", async (c) =>
    c.json({ data: await listDueRecurringOccurrences({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(base, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
    return c.json({ data: await createRecurringTransaction({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:recurringId`, async (c) =>
    c.json({ data: await getRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(`${base}/:recurringId`, async (c) => {
    const input = { ...c.req.param(), ...(await parseJsonBody(c.req.raw, bodySchema)) };
    return c.json({ data: await updateRecurringTransaction({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:recurringId`, async (c) =>
    c.json({ data: await deleteRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:recurringId/execute`, async (c) =>
    c.json({ data: await executeRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:recurringId/pause`, async (c) =>
    c.json({ data: await pauseRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(`${base}/:recurringId/resume`, async (c) =>
    c.json({ data: await resumeRecurringTransaction({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
