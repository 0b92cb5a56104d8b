import type { users, workspaceInvitations, WorkspaceRole } from "../../db/schema/index.ts";
import type { z } from "zod";
import { pictureUrlOf } from "../profile/profile.mapper.ts";
import type { invitationSchema, memberSchema } from "./workspaces.responses.ts";

type MemberRow = {
  user: Pick<typeof users.$inferSelect, "id" | "name" | "email" | "pictureKey">;
  role: WorkspaceRole;
  joinedAt: string;
};

export type MemberResponse = z.infer<typeof memberSchema>;

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

export type InvitationResponse = z.infer<typeof invitationSchema>;

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
