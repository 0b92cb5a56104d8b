import type { users } from "../../db/schema/index.ts";

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
};

export function toUserResponse(user: typeof users.$inferSelect, workspacesCount: number): UserResponse {
  return {
    uuid: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    phone: user.phone,
    language: user.language,
    picture: user.pictureKey ? `/api/profile/picture/${user.id}` : null,
    tier: user.tier,
    has_beta_access: user.hasBetaAccess,
    workspaces_count: workspacesCount,
    created_at: user.createdAt,
  };
}
