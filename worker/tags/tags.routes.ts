import { Hono } from "hono";
import { isUuid } from "../../db/ids.ts";
import type { ApiEnv } from "../api.ts";
import { requirePerson } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { listTransactions } from "../transactions/transaction-reads.service.ts";
import { transactionFiltersSchema } from "../transactions/transactions.schemas.ts";
import { createTagSchema, updateTagSchema } from "./tags.schemas.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.service.ts";

const base = "/:workspaceId/tags";

/** /workspaces/{workspaceId}/tags… (SPEC §7 Tags). */
export const tagRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json({ data: await listTags({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .post(base, validate("json", createTagSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createTag({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:tagId`, async (c) => c.json({ data: await getTag({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .put(`${base}/:tagId`, validate("json", updateTagSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateTag({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:tagId`, async (c) => c.json({ data: await deleteTag({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .get(`${base}/:tagId/transactions`, validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, tagId } = c.req.param();
    const filters = { ...c.req.valid("query"), tag_id: isUuid(tagId) ? tagId : undefined };
    return c.json(
      await listTransactions({
        ctx: c.get("ctx"),
        input: { workspaceId, filters, parent: { kind: "tag", id: tagId } },
      }),
    );
  });
