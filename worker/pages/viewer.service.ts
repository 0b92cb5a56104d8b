import { asc, eq } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { toUserResponse } from "../profile/profile.mapper.ts";
import { preferenceChoicesQueries, toPreferenceChoices } from "../profile/preference-choices.ts";
import { profileQueries, toProfile } from "../profile/profile.queries.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { can } from "../access/permissions.ts";
import { toWorkspaceResponse } from "../workspaces/workspaces.mapper.ts";
import { sessionEnded } from "../access/session.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { unreadCountQuery } from "../reminders/notifications.service.ts";
import { reminderSettingsQueries, toReminderSettings } from "../reminders/reminder-settings.service.ts";

/** The user's workspaces with their role in each, oldest first. */
const workspacesOf = reusableRead<{ userId: string }>()((db, value) =>
  db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, value("userId")))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id)),
);
const workspacesOfQuery = (_ctx: ServiceContext, userId: string) => workspacesOf({ userId });

const userById = reusableRead<{ userId: string }>()((db, value) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, value("userId"))),
);
const userQuery = (_ctx: ServiceContext, userId: string) => userById({ userId });

/**
 * Everything a page needs to decide where the signed-in person belongs
 * (docs/product.md#sign-in-and-onboarding):
 * the account and its workspaces, with the session check, in one round trip.
 */
export async function loadViewer({ ctx }: PersonCall) {
  const { accounts, memberships, unread } = await batchAsActor(ctx, {
    accounts: userQuery(ctx, ctx.actor.userId),
    memberships: workspacesOfQuery(ctx, ctx.actor.userId),
    unread: unreadCountQuery(ctx),
  });
  const account = accounts[0];
  if (!account) throw sessionEnded();
  const workspaceList = memberships.map((row) => toWorkspaceResponse(row.workspace, row.role));
  return {
    user: toUserResponse(account, workspaceList.length),
    workspaces: workspaceList,
    unreadNotifications: unread[0]?.unread ?? 0,
  };
}

export type Viewer = Awaited<ReturnType<typeof loadViewer>>;

/**
 * A workspace page's frame: the viewer, their workspaces and the plan of this workspace's
 * owner (which decides its features), with the session check, in one round trip.
 */
export async function loadViewerInWorkspace({ ctx, input: { workspaceId } }: PersonCall<{ workspaceId: string }>) {
  const { accounts, memberships, owners, unread } = await batchAsActor(ctx, {
    accounts: userQuery(ctx, ctx.actor.userId),
    memberships: workspacesOfQuery(ctx, ctx.actor.userId),
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    unread: unreadCountQuery(ctx),
  });
  const account = accounts[0];
  if (!account) throw sessionEnded();
  const workspaceList = memberships.map((row) => toWorkspaceResponse(row.workspace, row.role));
  const workspace = workspaceList.find((item) => item.uuid === workspaceId) ?? null;
  return {
    user: toUserResponse(account, workspaceList.length),
    userTier: resolveTier(account),
    workspaces: workspaceList,
    workspace,
    workspaceTier: owners[0] ? resolveTier(owners[0]) : resolveTier(account),
    unreadNotifications: unread[0]?.unread ?? 0,
  };
}

/**
 * The settings page: the profile with its assistant preferences and link, the workspaces, and
 * what the assistant's defaults may be in each workspace where the user may record money.
 */
export async function loadViewerSettings({ ctx }: PersonCall) {
  const { workspaceRows, choiceAccounts, choiceCards, choiceTags, unread, stored, phones, devices, ...profile } =
    await batchAsActor(ctx, {
      ...profileQueries(ctx, ctx.actor.userId),
      workspaceRows: workspacesOfQuery(ctx, ctx.actor.userId),
      ...preferenceChoicesQueries(ctx, ctx.actor.userId),
      unread: unreadCountQuery(ctx),
      ...reminderSettingsQueries(ctx),
    });
  const workspaceList = workspaceRows.map((row) => toWorkspaceResponse(row.workspace, row.role));
  const writable = workspaceList.filter((workspace) => can(workspace.role, "finances.write"));
  return {
    user: toProfile(profile, ctx),
    workspaces: workspaceList,
    /** Keyed by workspace uuid: only workspaces where the user may record money are there. */
    preferenceChoices: toPreferenceChoices(
      writable.map((workspace) => workspace.uuid),
      { choiceAccounts, choiceCards, choiceTags },
    ),
    reminders: toReminderSettings({ stored, phones, devices }),
    unreadNotifications: unread[0]?.unread ?? 0,
  };
}
