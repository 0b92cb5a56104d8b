import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { tagResponseSchema } from "./tags.responses.ts";
import { createTagSchema, updateTagSchema } from "./tags.schemas.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.service.ts";

const base = "/:workspaceId/tags";

const tag = "Tags";

/** /workspaces/{workspaceId}/tags… (reads: any member; writes: owner, admin or member); a tag's transactions are listed by transactions.routes.ts. */
export const tagRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every tag of the workspace",
      description:
        "Top-level tags by name (letter case aside), each followed by its subcategories (`parent_id` its uuid) by name.",
      answer: answers.data(z.array(tagResponseSchema)),
    }),
    async (c) => c.json({ data: await listTags({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a tag",
      description:
        "The name is unique in the workspace whatever the letter case (`TAG_NAME_TAKEN` at `name`); `color` defaults " +
        "to `#9E9E9E`; an empty `description` means none. With `parent_id` it is a subcategory of that top-level tag " +
        "(two levels only: 422 at `parent_id` for a tag of another workspace, or a subcategory).",
      answer: answers.created(tagResponseSchema),
      errors: ["TAG_NAME_TAKEN"],
    }),
    validate("json", createTagSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createTag({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(`${base}/:tagId`, describeRoute({ tag, summary: "A tag", answer: answers.data(tagResponseSchema) }), async (c) =>
    c.json({ data: await getTag({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:tagId`,
    describeRoute({
      tag,
      summary: "Change a tag",
      description:
        "Only the fields sent change; `description` null or empty clears it. `parent_id` moves the tag under a " +
        "top-level tag (null: to the top level); a tag with subcategories stays at the top level (422 at `parent_id`). " +
        "A move moves its transactions' totals: filters, budgets and reports by a category count its subcategories'.",
      answer: answers.data(tagResponseSchema),
      errors: ["TAG_NAME_TAKEN"],
    }),
    validate("json", updateTagSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateTag({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:tagId`,
    describeRoute({
      tag,
      summary: "Delete a tag",
      description:
        "It comes off every transaction; the transactions stay. A category with subcategories is refused " +
        "(`TAG_HAS_SUBCATEGORIES` at `subcategories`): move or delete them first.",
      answer: answers.data(messageSchema),
      errors: ["TAG_HAS_SUBCATEGORIES"],
    }),
    async (c) => c.json({ data: await deleteTag({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
