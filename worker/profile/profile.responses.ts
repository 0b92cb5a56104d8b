import { z } from "zod";
import { currencies } from "../../db/enums.ts";
import { assistantStatusSchema } from "../assistant/link.responses.ts";
import { languages } from "../i18n/language.ts";
import { tierPlans } from "../tiers/tiers.ts";

/** A user, as sign-in answers it. */
export const userSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(languages),
  /** Where the picture is served (a new address with each upload), or null. */
  picture: z.string().nullable(),
  tier: z.enum(tierPlans),
  has_beta_access: z.boolean(),
  workspaces_count: z.number().int(),
  created_at: z.string(),
});

/** The assistant's settings (defaults until first saved). */
export const preferencesSchema = z.object({
  enabled: z.boolean(),
  default_workspace_uuid: z.string().nullable(),
  default_account_uuid: z.string().nullable(),
  default_card_uuid: z.string().nullable(),
  default_currency: z.enum(currencies),
  default_tag_uuid: z.string().nullable(),
  bot_language: z.enum(languages),
  auto_categorize: z.boolean(),
  require_confirmation: z.boolean(),
});

/** GET /profile and the profile's writes: the User with the chat-bot settings and the assistant's link. */
export const profileSchema = userSchema.extend({ preferences: preferencesSchema, assistant: assistantStatusSchema });

export const profileStatsSchema = z.object({
  workspaces_count: z.number().int(),
  owned_workspaces_count: z.number().int(),
  member_since: z.string(),
  /** Sessions that would still let someone in now. */
  active_sessions: z.number().int(),
});

export const deletedAccountSchema = z.object({ message: z.string(), deleted_workspaces: z.number().int() });
