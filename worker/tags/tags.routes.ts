import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { tagResponseSchema } from "./tags.responses.ts";
import { createTagSchema, deleteTagSchema, mergeTagSchema, updateTagSchema } from "./tags.schemas.ts";
import { createTag, getTag, listTags, updateTag } from "./tags.service.ts";
import { deleteTag, mergeTag } from "./tag-merge.service.ts";

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
      errors: ["TAG_NAME_TAKEN", "TAGS_CHANGED"],
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
  .post(
    `${base}/:tagId/merge`,
    describeRoute({
      tag,
      summary: "Merge a tag into another",
      description:
        "The tag is deleted and everything it had moves to `into`, in one write: its transactions (one carrying both " +
        "keeps one link), its budget, its subcategories (they go under `into`), the scheduled, recurring and " +
        "installment transactions' tags and the assistant's default tag. Refused (422 at `into`) for the tag itself, " +
        "when both tags have a budget (delete the one not wanted first) and for a category with subcategories merged " +
        "into a subcategory; 404 for a tag not of the workspace; `TAGS_CHANGED` when the tags changed meanwhile. " +
        "Answers the survivor, its usage counted anew.",
      answer: answers.data(tagResponseSchema),
      errors: ["TAGS_CHANGED"],
    }),
    validate("json", mergeTagSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await mergeTag({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:tagId`,
    describeRoute({
      tag,
      summary: "Delete a tag",
      description:
        "Its budget goes with it. Query parameters carry the person's choices. `subcategories` is required for a " +
        "category with subcategories (422 at `subcategories` without it): `promote` keeps them as top-level tags, " +
        "`delete` deletes them too. `move_to` (optional) gives the transactions given the deleted tag, and those of " +
        "deleted subcategories, that tag instead; without it the tag just comes off them and the transactions stay. " +
        "422 at `move_to` for the tag itself or one of the subcategories deleted with it, 404 for a tag not of the " +
        "workspace; `TAGS_CHANGED` when the tags changed meanwhile.",
      answer: answers.data(messageSchema),
      errors: ["TAGS_CHANGED"],
    }),
    validate("query", deleteTagSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("query") };
      return c.json({ data: await deleteTag({ ctx: c.get("ctx"), input }) });
    },
  );
