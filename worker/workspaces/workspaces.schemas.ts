import { z } from "zod";
import { currencies } from "../../db/enums.ts";

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "errors:fields.hexColor");

export const timeZone = z
  .string()
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "errors:fields.timeZone");

export const workspaceNameSchema = z
  .string({ error: "errors:fields.workspaceNameRequired" })
  .trim()
  .min(1, "errors:fields.workspaceNameRequired")
  .max(100, "errors:fields.tooLong");

/** Shared by the create dialog, the setup screen and POST /workspaces. */
export const createWorkspaceSchema = z.object({
  name: workspaceNameSchema,
  description: z
    .string()
    .trim()
    .max(500, "errors:fields.tooLong")
    .optional()
    .transform((value) => value || undefined),
  currency: z.enum(currencies, { error: "errors:fields.currency" }).default("USD"),
  time_zone: timeZone.default("UTC"),
  primary_color: hexColor.optional(),
  secondary_color: hexColor.optional(),
  accent_color: hexColor.optional(),
  beta_features_enabled: z.boolean({ error: "errors:fields.boolean" }).default(false),
  suggested_categories: z
    .boolean({ error: "errors:fields.boolean" })
    .default(false)
    .meta({
      description:
        "Start with a suggested set of categories and subcategories (tags), Brazilian for BRL, English otherwise; " +
        "ordinary tags, editable afterwards.",
    }),
});

export type CreateWorkspaceInput = z.infer<typeof createWorkspaceSchema>;

/**
 * PUT /workspaces/{id} and the workspace settings form: every field optional, only those
 * sent change. An empty description (or null) clears it.
 */
export const updateWorkspaceSchema = z.object({
  name: workspaceNameSchema.optional(),
  description: z
    .string()
    .trim()
    .max(500, "errors:fields.tooLong")
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  currency: z.enum(currencies, { error: "errors:fields.currency" }).optional(),
  time_zone: timeZone.optional(),
  primary_color: hexColor.optional(),
  secondary_color: hexColor.optional(),
  accent_color: hexColor.optional(),
  beta_features_enabled: z.boolean({ error: "errors:fields.boolean" }).optional(),
});

export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceSchema>;
