import { z } from "zod";
import { workspaceRoles } from "../../db/enums.ts";
import { emailSchema } from "../http/email.schemas.ts";

export const roleSchema = z.enum(workspaceRoles, { error: "errors:fields.role" });

/** POST /workspaces/{id}/members and the invite form. */
export const inviteMemberSchema = z.object({
  email: emailSchema,
  role: roleSchema.default("member"),
});

/** PUT /workspaces/{id}/members/{userId} and the role picker. */
export const changeRoleSchema = z.object({ role: roleSchema });

export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
