import { z } from "zod";
import { languages } from "../i18n/language.ts";
import { currencies } from "../../db/enums.ts";

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

const optionalUuid = (message: string) => z.uuid({ error: message }).nullish();

/** PUT /profile/preferences and the chat-bot settings form (SPEC §2); only the fields sent change. */
export const updatePreferencesSchema = z.object({
  enabled: z.boolean({ error: "Use true or false" }).optional(),
  default_workspace_uuid: optionalUuid("Choose one of your workspaces"),
  default_account_uuid: optionalUuid("Choose an account"),
  default_currency: z.enum(currencies, { error: "Choose USD or BRL" }).optional(),
  default_tag_uuid: optionalUuid("Choose a tag"),
  bot_language: z.enum(languages, { error: "Choose English or Português (Brasil)" }).optional(),
  auto_categorize: z.boolean({ error: "Use true or false" }).optional(),
  require_confirmation: z.boolean({ error: "Use true or false" }).optional(),
});

export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;
