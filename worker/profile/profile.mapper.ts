import type { userPreferences, users } from "../../db/schema/index.ts";
import type { z } from "zod";
import type { preferencesSchema, profileSchema, userSchema } from "./profile.responses.ts";

/** A user as the API returns it (./profile.responses.ts). */
export type UserResponse = z.infer<typeof userSchema>;
/** GET /profile and the profile's writes: the User with the assistant's settings and its link. */
export type ProfileResponse = z.infer<typeof profileSchema>;

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

/** The assistant's settings, as the API returns them (defaults until first saved). */
export type PreferencesResponse = z.infer<typeof preferencesSchema>;

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
