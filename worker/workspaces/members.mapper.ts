import type { users, workspaceInvitations, WorkspaceRole } from "../../db/schema/index.ts";
import { pictureUrlOf } from "../profile/profile.mapper.ts";

type MemberRow = {
  user: Pick<typeof users.$inferSelect, "id" | "name" | "email" | "pictureKey">;
  role: WorkspaceRole;
  joinedAt: string;
};

export type MemberResponse = {
  user_uuid: string;
  name: string | null;
  email: string;
  picture: string | null;
  role: WorkspaceRole;
  joined_at: string;
};

export function toMemberResponse(row: MemberRow): MemberResponse {
  return {
    user_uuid: row.user.id,
    name: row.user.name,
    email: row.user.email,
    picture: pictureUrlOf(row.user),
    role: row.role,
    joined_at: row.joinedAt,
  };
}

export type InvitationResponse = {
  uuid: string;
  email: string;
  role: WorkspaceRole;
  invited_by: { uuid: string; name: string | null } | null;
  created_at: string;
};

export function toInvitationResponse(
  invitation: typeof workspaceInvitations.$inferSelect,
  inviter: { id: string; name: string | null } | null,
): InvitationResponse {
  return {
    uuid: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invited_by: inviter ? { uuid: inviter.id, name: inviter.name } : null,
    created_at: invitation.createdAt,
  };
}
