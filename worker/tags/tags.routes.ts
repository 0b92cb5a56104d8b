import { Hono } from "hono";
import { isUuid } from "../../db/ids.ts";
import type { ApiEnv } from "../api.ts";
import { requireCaller } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { listTransactions } from "../transactions/transaction-reads.service.ts";
import { transactionFiltersSchema } from "../transactions/transactions.schemas.ts";
import { createTagSchema, updateTagSchema } from "./tags.schemas.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.service.ts";

const base = "/:workspaceId/tags";

/** /workspaces/{workspaceId}/tags… (SPEC §7 Tags). */
export const tagRoutes = new Hono<ApiEnv>()
  .use(requireCaller)
  .get(base, async (c) => c.json({ data: await listTags(c.get("services"), c.get("caller"), c.req.param()) }))
  .post(base, validate("json", createTagSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createTag(c.get("services"), c.get("caller"), input) }, 201);
  })
  .get(`${base}/:tagId`, async (c) => c.json({ data: await getTag(c.get("services"), c.get("caller"), c.req.param()) }))
  .put(`${base}/:tagId`, validate("json", updateTagSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateTag(c.get("services"), c.get("caller"), input) });
  })
  .delete(`${base}/:tagId`, async (c) => c.json({ data: await deleteTag(c.get("services"), c.get("caller"), c.req.param()) }))
  .get(`${base}/:tagId/transactions`, validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, tagId } = c.req.param();
    const filters = { ...c.req.valid("query"), tag_id: isUuid(tagId) ? tagId : undefined };
    return c.json(await listTransactions(c.get("services"), c.get("caller"), { workspaceId, filters, parent: { kind: "tag", id: tagId } }));
  });
