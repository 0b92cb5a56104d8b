import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { createTagSchema, updateTagSchema } from "./tags.schemas.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.service.ts";

const base = "/:workspaceId/tags";

/** /workspaces/{workspaceId}/tags… (SPEC §7 Tags); a tag's transactions are listed by transactions.routes.ts. */
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
  .delete(`${base}/:tagId`, async (c) =>
    c.json({ data: await deleteTag({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
