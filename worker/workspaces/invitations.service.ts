import { and, eq, isNull, sql } from "drizzle-orm";
import type { Language } from "../i18n/language.ts";
import { isUuid } from "../../db/ids.ts";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { sendEmail } from "../mail/mailer.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { invitationEmail } from "./invitation-email.ts";
import type { InviteMemberInput } from "./members.schemas.ts";
import { toInvitationResponse } from "./members.mapper.ts";
import { assertWorkspaceId } from "../access/workspace-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

/**
 * POST /workspaces/{id}/members: invites an address (admins; owners alone may invite owners).
 * Inviting an address already invited renews the invitation with the new role and e-mails
 * it again. The e-mail goes first, so a failed send leaves no invitation behind.
 */
export async function inviteMember({ ctx, input }: PersonCall<WorkspaceRef & InviteMemberInput>) {
  const permission = input.role === "owner" ? "ownership.manage" : "members.manage";
  const {
    rows: { workspaceRows, inviters, invitees, existing },
  } = await readInWorkspace(ctx, input.workspaceId, permission, {
    workspaceRows: ctx.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId)),
    inviters: ctx.db
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, ctx.actor.userId)),
    invitees: ctx.db.select({ language: users.language }).from(users).where(eq(users.email, input.email)),
    existing: ctx.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(users.email, input.email))),
  });
  if (existing.length > 0) {
    throw fieldError("email", "errors:fields.alreadyMember", {
      code: "ALREADY_MEMBER",
      message: { key: "errors:details.alreadyMember", values: { email: input.email } },
    });
  }
  const inviter = inviters[0]!;
  await sendInvitation(ctx, {
    ...input,
    inviterName: inviter.name ?? inviter.email,
    workspaceName: workspaceRows[0]!.name,
    language: invitees[0]?.language ?? inviter.language,
  });
  const now = ctx.clock.now().toISOString();
  const [invitation] = await ctx.db
    .insert(workspaceInvitations)
    .values({
      workspaceId: input.workspaceId,
      email: input.email,
      role: input.role,
      invitedBy: ctx.actor.userId,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
      targetWhere: sql`accepted_at is null`,
      set: { role: input.role, invitedBy: ctx.actor.userId, createdAt: now },
    })
    .returning();
  ctx.log.info("workspace.invited", { workspace_id: input.workspaceId, invitation_id: invitation!.id });
  return toInvitationResponse(invitation!, { id: inviter.id, name: inviter.name });
}

/** The e-mail in the invitee's language when they have an account, else the inviter's. */
async function sendInvitation(
  ctx: ServiceContext,
  input: WorkspaceRef & InviteMemberInput & { inviterName: string; workspaceName: string; language: Language },
) {
  const message = invitationEmail({
    to: input.email,
    inviterName: input.inviterName,
    workspaceName: input.workspaceName,
    role: input.role,
    signInUrl: new URL("/login", ctx.env.APP_URL).toString(),
    language: input.language,
  });
  await sendEmail(ctx, message, {
    consoleLine: `[invitation] ${input.email} invited to ${input.workspaceId}`,
    failureMessage: "errors:details.invitationNotSent",
  });
}

/** DELETE /workspaces/{id}/invitations/{invitationId}: admins and owners withdraw a pending invitation. */
export async function revokeInvitation({ ctx, input }: PersonCall<WorkspaceRef & { invitationId: string }>) {
  assertWorkspaceId(input.workspaceId);
  const invitationNotFound = () => new AppError("NOT_FOUND", "errors:details.invitationNotFound");
  if (!isUuid(input.invitationId)) throw invitationNotFound();
  await readInWorkspace(ctx, input.workspaceId, "members.manage", {});
  const revoked = await ctx.db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.id, input.invitationId),
        eq(workspaceInvitations.workspaceId, input.workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        actorStillMay(ctx, input.workspaceId, "members.manage"),
      ),
    );
  if (revoked.rowsAffected !== 1) throw invitationNotFound();
  return { message: "Invitation withdrawn" };
}

/**
 * Statements for the sign-in batch: the address's pending invitations become memberships and
 * are marked accepted. Both only act when the session row of this sign-in exists, i.e. when
 * the code was good, so they commit or not together with the session.
 */
export function invitationAcceptanceStatements(
  ctx: ServiceContext,
  input: { email: string; sessionId: string; now: string },
) {
  return {
    joinedWorkspaces: ctx.db.run(sql`insert into workspace_members (workspace_id, user_id, role, created_at)
      select invitations.workspace_id, sessions.user_id, invitations.role, ${input.now}
      from workspace_invitations as invitations join sessions on sessions.id = ${input.sessionId}
      where invitations.email = ${input.email} and invitations.accepted_at is null
      on conflict do nothing`),
    acceptedInvitations: ctx.db
      .update(workspaceInvitations)
      .set({ acceptedAt: input.now })
      .where(
        and(
          eq(workspaceInvitations.email, input.email),
          isNull(workspaceInvitations.acceptedAt),
          sql`exists (select 1 from sessions where sessions.id = ${input.sessionId})`,
        ),
      ),
  };
}
