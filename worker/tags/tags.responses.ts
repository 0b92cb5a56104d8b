import { z } from "zod";

/** A tag as the API returns it, with how many transactions carry it and the latest one's date. */
export const tagResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  usage_count: z.number().int(),
  /** The latest date of a transaction carrying it, or null. */
  last_used: z.string().nullable(),
  created_at: z.string(),
});
