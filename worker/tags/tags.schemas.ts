import { z } from "zod";
import { defaultTagColor } from "./tags.presets.ts";

const tagFields = {
  name: z
    .string({ error: "errors:fields.nameRequired" })
    .trim()
    .min(1, "errors:fields.nameRequired")
    .max(50, "errors:fields.tooLong"),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "errors:fields.hexColor"),
  description: z
    .string()
    .trim()
    .max(255, "errors:fields.tooLong")
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** The category this tag is a subcategory of; null or empty for a top-level tag. */
  parent_id: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .meta({
      description: "The uuid of a top-level tag of the workspace, whose subcategory this tag is; null for none.",
    }),
};

export const createTagSchema = z.object({ ...tagFields, color: tagFields.color.default(defaultTagColor) });
export const updateTagSchema = z.object(tagFields).partial();

export type CreateTagInput = z.infer<typeof createTagSchema>;
export type UpdateTagInput = z.infer<typeof updateTagSchema>;

export const mergeTagSchema = z.object({
  into: z
    .string({ error: "errors:fields.mergeIntoRequired" })
    .trim()
    .min(1, "errors:fields.mergeIntoRequired")
    .meta({ description: "The uuid of the workspace's tag that takes everything the merged tag had." }),
});

/** DELETE /tags/{id}'s choices, as query parameters. */
export const deleteTagSchema = z.object({
  subcategories: z.enum(["promote", "delete"], { error: "errors:fields.subcategoriesChoice" }).optional().meta({
    description:
      "For a category with subcategories (required then): `promote` keeps them as top-level tags, `delete` deletes them too.",
  }),
  move_to: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional()
    .meta({
      description:
        "The uuid of a tag that the transactions given the deleted tag (and deleted subcategories) are given instead.",
    }),
});

export type MergeTagInput = z.infer<typeof mergeTagSchema>;
export type DeleteTagInput = z.infer<typeof deleteTagSchema>;
