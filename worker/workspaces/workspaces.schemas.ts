import { z } from "zod";
import { currencies } from "../../db/enums.ts";

export const hexColor = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "Use a six-digit colour such as #5b43cf");

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
  }, "Choose a valid time zone");

export const workspaceNameSchema = z
  .string({ error: "Workspace name is required" })
  .trim()
  .min(1, "Workspace name is required")
  .max(100, "Use at most 100 characters");

/** Shared by the create dialog, the setup screen and POST /workspaces. */
export const createWorkspaceSchema = z.object({
  name: workspaceNameSchema,
  description: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters")
    .optional()
    .transform((value) => value || undefined),
  currency: z.enum(currencies, { error: "Choose USD or BRL" }).default("USD"),
  time_zone: timeZone.default("UTC"),
  primary_color: hexColor.optional(),
  secondary_color: hexColor.optional(),
  accent_color: hexColor.optional(),
  beta_features_enabled: z.boolean().default(false),
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
    .max(500, "Use at most 500 characters")
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  currency: z.enum(currencies, { error: "Choose USD or BRL" }).optional(),
  time_zone: timeZone.optional(),
  primary_color: hexColor.optional(),
  secondary_color: hexColor.optional(),
  accent_color: hexColor.optional(),
  beta_features_enabled: z.boolean({ error: "Use true or false" }).optional(),
});

export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceSchema>;
