import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import {
  userPreferences,
  users,
  workspaceInvitations,
  workspaceMembers,
  type WorkspaceRole,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { ChangeRoleInput } from "./members.schemas.ts";
import { toInvitationResponse, toMemberResponse } from "./members.mapper.ts";
import type { Permission } from "../access/permissions.ts";
import { assertWorkspaceId, assertRoleMay, workspaceNotFound } from "../access/workspace-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { PersonCall, ActingContext, PersonActor } from "../access/actor.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

export type MemberRef = WorkspaceRef & { userId: string };

const memberNotFound = () => new AppError("NOT_FOUND", "errors:details.memberNotFound");
const lastOwner = () => new AppError("LAST_OWNER");

const memberColumns = {
  user: { id: users.id, name: users.name, email: users.email, pictureKey: users.pictureKey },
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
};

/** Rows of one member of the workspace, with the person's name and e-mail. */
function memberQuery(ctx: ServiceContext, workspaceId: string, userId: string) {
  return ctx.db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

function ownerCountQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
}

/** Written into the statement itself, so two owners stepping down at once cannot leave none. */
const notTheLastOwner = (workspaceId: string) =>
  or(
    ne(workspaceMembers.role, "owner"),
    sql`(select count(*) from workspace_members as owners where owners.workspace_id = ${workspaceId} and owners.role = 'owner') > 1`,
  );

/** A member who leaves stops being the chat-bot's default workspace in their preferences. */
const forgetDefaultWorkspace = (ctx: ServiceContext, userId: string, workspaceId: string) =>
  ctx.db
    .update(userPreferences)
    .set({ defaultWorkspaceId: null })
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.defaultWorkspaceId, workspaceId)));

/** GET /workspaces/{id}/members: the members (owners first) and the pending invitations. */
export async function listMembers({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    rows: { members, invitations },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    members: ctx.db
      .select(memberColumns)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, input.workspaceId))
      .orderBy(
        sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`,
        asc(workspaceMembers.createdAt),
      ),
    invitations: ctx.db
      .select({ invitation: workspaceInvitations, inviter: { id: users.id, name: users.name } })
      .from(workspaceInvitations)
      .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
      .where(and(eq(workspaceInvitations.workspaceId, input.workspaceId), isNull(workspaceInvitations.acceptedAt)))
      .orderBy(asc(workspaceInvitations.createdAt)),
  });
  return {
    members: members.map(toMemberResponse),
    invitations: invitations.map((row) => toInvitationResponse(row.invitation, row.inviter)),
  };
}

/** Reads the caller, the target member and the owner count; checks who may touch whom. */
async function readMemberChange(ctx: ActingContext<PersonActor>, input: MemberRef, newRole: WorkspaceRole | null) {
  assertWorkspaceId(input.workspaceId);
  if (!isUuid(input.userId)) throw memberNotFound();
  const {
    role,
    rows: { targets, owners },
  } = await readInWorkspace(ctx, input.workspaceId, "members.manage", {
    targets: memberQuery(ctx, input.workspaceId, input.userId),
    owners: ownerCountQuery(ctx, input.workspaceId),
  });
  const target = targets[0];
  if (!target) throw memberNotFound();
  const touchesOwner = target.role === "owner" || newRole === "owner";
  const permission: Permission = touchesOwner ? "ownership.manage" : "members.manage";
  assertRoleMay(role, permission);
  const losesOwner = target.role === "owner" && newRole !== "owner";
  if (losesOwner && (owners[0]?.total ?? 0) <= 1) throw lastOwner();
  return { target, permission, losesOwner };
}

/** PUT /workspaces/{id}/members/{userId}: admins change roles below owner; only an owner makes or unmakes owners. */
export async function changeMemberRole({ ctx, input }: PersonCall<MemberRef & ChangeRoleInput>) {
  const { target, permission, losesOwner } = await readMemberChange(ctx, input, input.role);
  if (target.role === input.role) return toMemberResponse(target);
  const updated = await ctx.db
    .update(workspaceMembers)
    .set({ role: input.role })
    .where(
      and(
        eq(workspaceMembers.workspaceId, input.workspaceId),
        eq(workspaceMembers.userId, input.userId),
        actorStillMay(ctx, input.workspaceId, permission),
        notTheLastOwner(input.workspaceId),
      ),
    );
  if (updated.rowsAffected !== 1) throw losesOwner ? lastOwner() : memberNotFound();
  ctx.log.info("workspace.role_changed", { workspace_id: input.workspaceId, user_id: input.userId, role: input.role });
  return toMemberResponse({ ...target, role: input.role });
}

/** DELETE /workspaces/{id}/members/{userId}: admins remove members below owner; an owner may remove an owner. */
export async function removeMember({ ctx, input }: PersonCall<MemberRef>) {
  const { permission, losesOwner } = await readMemberChange(ctx, input, null);
  const {
    rows: { removed },
  } = await batchByName(ctx.db, [], {
    removed: ctx.db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, input.workspaceId),
          eq(workspaceMembers.userId, input.userId),
          actorStillMay(ctx, input.workspaceId, permission),
          notTheLastOwner(input.workspaceId),
        ),
      ),
    forgotten: forgetDefaultWorkspace(ctx, input.userId, input.workspaceId),
  });
  if (removed.rowsAffected !== 1) throw losesOwner ? lastOwner() : memberNotFound();
  return { message: "Member removed" };
}

/** POST /workspaces/{id}/leave: any member may leave, except the last owner (409 LAST_OWNER). */
export async function leaveWorkspace({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    role,
    rows: { owners },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    owners: ownerCountQuery(ctx, input.workspaceId),
  });
  if (role === "owner" && (owners[0]?.total ?? 0) <= 1) {
    throw new AppError("LAST_OWNER", "errors:details.lastOwnerLeaving");
  }
  const {
    rows: { left },
  } = await batchByName(ctx.db, [], {
    left: ctx.db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, input.workspaceId),
          eq(workspaceMembers.userId, ctx.actor.userId),
          notTheLastOwner(input.workspaceId),
        ),
      ),
    forgotten: forgetDefaultWorkspace(ctx, ctx.actor.userId, input.workspaceId),
  });
  if (left.rowsAffected !== 1) throw role === "owner" ? lastOwner() : workspaceNotFound();
  return { message: "You left the workspace" };
}
