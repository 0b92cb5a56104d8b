import { z } from "zod";
import { defaultTagColor } from "./tags.presets.ts";

const tagFields = {
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(50, "Use at most 50 characters"),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "Use a six-digit colour such as #9E9E9E"),
  description: z
    .string()
    .trim()
    .max(255, "Use at most 255 characters")
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
};

export const createTagSchema = z.object({ ...tagFields, color: tagFields.color.default(defaultTagColor) });
export const updateTagSchema = z.object(tagFields).partial();

export type CreateTagInput = z.infer<typeof createTagSchema>;
export type UpdateTagInput = z.infer<typeof updateTagSchema>;
