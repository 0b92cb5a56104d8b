import type { userPreferences, users } from "../../db/schema/index.ts";
import type { Currency } from "../../db/enums.ts";
import type { AssistantStatus } from "../assistant/link-code.ts";

/** SPEC §3 User, as the API returns it. */
export type UserResponse = {
  uuid: string;
  email: string;
  name: string | null;
  username: string | null;
  phone: string | null;
  language: "en" | "pt-BR";
  picture: string | null;
  tier: "free" | "unlimited";
  has_beta_access: boolean;
  workspaces_count: number;
  created_at: string;
  /** GET /profile (and the profile writes) include the chat-bot settings; sign-in does not. */
  preferences?: PreferencesResponse;
  /** …and whether the assistant is in the plan and linked to a phone. */
  assistant?: AssistantStatus;
};

/** Where a user's picture is served; the version changes with every upload, so no page keeps showing the old one. */
export function pictureUrlOf(user: { id: string; pictureKey: string | null }): string | null {
  return user.pictureKey ? `/api/profile/picture/${user.id}?v=${user.pictureKey}` : null;
}

export function toUserResponse(user: typeof users.$inferSelect, workspacesCount: number): UserResponse {
  return {
    uuid: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    phone: user.phone,
    language: user.language,
    picture: pictureUrlOf(user),
    tier: user.tier,
    has_beta_access: user.hasBetaAccess,
    workspaces_count: workspacesCount,
    created_at: user.createdAt,
  };
}

/** SPEC §2 chat-bot settings, as the API returns them (defaults until first saved). */
export type PreferencesResponse = {
  enabled: boolean;
  default_workspace_uuid: string | null;
  default_account_uuid: string | null;
  default_card_uuid: string | null;
  default_currency: Currency;
  default_tag_uuid: string | null;
  bot_language: "en" | "pt-BR";
  auto_categorize: boolean;
  require_confirmation: boolean;
};

export function toPreferencesResponse(
  row: typeof userPreferences.$inferSelect | undefined,
  user: Pick<typeof users.$inferSelect, "language">,
): PreferencesResponse {
  return {
    enabled: row?.botEnabled ?? false,
    default_workspace_uuid: row?.defaultWorkspaceId ?? null,
    default_account_uuid: row?.defaultAccountId ?? null,
    default_card_uuid: row?.defaultCardId ?? null,
    default_currency: row?.defaultCurrency ?? "USD",
    default_tag_uuid: row?.defaultTagId ?? null,
    bot_language: row?.botLanguage ?? user.language,
    auto_categorize: row?.autoCategorize ?? false,
    require_confirmation: row?.requireConfirmation ?? false,
  };
}
