import { z } from "zod";
import { languages } from "../i18n/language.ts";
import { currencies } from "../../db/enums.ts";
import type { ErrorMessageKey } from "../http/messages.ts";

export const personNameSchema = z
  .string({ error: "errors:fields.nameRequired" })
  .trim()
  .min(1, "errors:fields.nameRequired")
  .max(100, "errors:fields.tooLong");

/** PUT /profile and the onboarding and settings forms. The e-mail address cannot change. */
export const updateProfileSchema = z
  .object({
    name: personNameSchema,
    username: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9_.]{3,30}$/, "errors:fields.username")
      .nullish(),
    phone: z.string().trim().max(30, "errors:fields.tooLong").nullish(),
    language: z.enum(languages, { error: "errors:fields.language" }).optional(),
  })
  .partial({ name: true });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

const optionalUuid = (message: ErrorMessageKey) => z.uuid({ error: message }).nullish();

/**
 * PUT /profile/preferences and the assistant's settings form (docs/product.md#settings); only the fields sent
 * change.
 */
export const updatePreferencesSchema = z.object({
  enabled: z.boolean({ error: "errors:fields.boolean" }).optional(),
  default_workspace_uuid: optionalUuid("errors:fields.workspaceChoice"),
  default_account_uuid: optionalUuid("errors:fields.accountChoice"),
  default_card_uuid: optionalUuid("errors:fields.cardChoice"),
  default_currency: z.enum(currencies, { error: "errors:fields.currency" }).optional(),
  default_tag_uuid: optionalUuid("errors:fields.tagChoice"),
  bot_language: z.enum(languages, { error: "errors:fields.language" }).optional(),
  auto_categorize: z.boolean({ error: "errors:fields.boolean" }).optional(),
  require_confirmation: z.boolean({ error: "errors:fields.boolean" }).optional(),
});

export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;
