import { z } from "zod";
import { languages } from "../../app/lib/i18n.ts";

export const personNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Use at most 100 characters");

/** PUT /profile and the onboarding and settings forms. The e-mail address cannot change. */
export const updateProfileSchema = z
  .object({
    name: personNameSchema,
    username: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9_.]{3,30}$/, "Use 3 to 30 letters, digits, dots or underscores")
      .nullish(),
    phone: z.string().trim().max(30, "Use at most 30 characters").nullish(),
    language: z.enum(languages, { error: "Choose English or Português (Brasil)" }).optional(),
  })
  .partial({ name: true });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
