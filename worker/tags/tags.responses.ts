import { z } from "zod";

/** A tag as the API returns it, with how many transactions carry it and the latest one's date. */
export const tagResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  parent_id: z
    .string()
    .nullable()
    .meta({ description: "The category (a top-level tag) this tag is a subcategory of; null for a top-level tag." }),
  usage_count: z.number().int().meta({
    description: "How many transactions were given the tag (a category's subcategories' transactions not counted).",
  }),
  /** The latest date of a transaction given it, or null. */
  last_used: z.string().nullable(),
  created_at: z.string(),
});
