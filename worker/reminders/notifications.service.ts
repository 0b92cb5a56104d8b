/**
 * The bell's inbox (README: "Reminders"): a person's in-app reminders whose hour has come, and the
 * e-mails that could not be delivered, newest first — only of the workspaces they still belong to.
 */
import { and, count, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { batchByName } from "../../db/named-batch.ts";
import { isUuid } from "../../db/ids.ts";
import type { ReminderKind } from "../../db/reminder-enums.ts";
import { notifications, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import type { ActingContext, PersonActor, PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { can, type Permission } from "../access/permissions.ts";
import { AppError } from "../http/errors.ts";
import type { inboxSchema, notificationSchema } from "./reminders.responses.ts";

export const inboxPageSize = 20;

/** What a role must allow to act where a reminder links (a viewer is shown the screen, not offered the action). */
const actingPermission: Record<ReminderKind, Permission> = {
  statement_closing: "finances.write",
  statement_due: "finances.write",
  statement_paid: "workspace.read",
  planned_due: "finances.write",
  budget: "workspace.read",
  goal_reached: "workspace.read",
  balance_negative: "finances.write",
  bank_attention: "banks.connect",
  weekly_summary: "workspace.read",
};

type Ctx = ActingContext<PersonActor>;

/** The caller's entries that are shown: of workspaces they are in, their hour come, in the app or failed by e-mail. */
function shownTo(ctx: Ctx, now: string) {
  return and(
    eq(notifications.userId, ctx.actor.userId),
    lte(notifications.sendAfter, now),
    or(eq(notifications.channel, "in_app"), eq(notifications.status, "failed")),
    sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${notifications.workspaceId}
      and ${workspaceMembers.userId} = ${notifications.userId})`,
  );
}

function unreadQuery(ctx: Ctx, now: string) {
  return ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(shownTo(ctx, now), eq(notifications.channel, "in_app"), isNull(notifications.readAt)));
}

/** The unread count alone: what every page shows on the bell before it is opened. */
export function unreadCountQuery(ctx: Ctx) {
  return unreadQuery(ctx, ctx.clock.now().toISOString());
}

/** GET /notifications: a page of the inbox, `before` an entry's uuid for the older ones. */
export async function listNotifications({
  ctx,
  input,
}: PersonCall<{ before?: string }>): Promise<z.infer<typeof inboxSchema>> {
  const now = ctx.clock.now().toISOString();
  const before = input.before && isUuid(input.before) ? input.before : null;
  const cursor = before
    ? sql`(${notifications.sendAfter}, ${notifications.id}) < (select ${notifications.sendAfter}, ${notifications.id}
        from ${notifications} where ${notifications.id} = ${before} and ${notifications.userId} = ${ctx.actor.userId})`
    : undefined;
  const { entries, unread } = await batchAsActor(ctx, {
    entries: ctx.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        params: notifications.params,
        channel: notifications.channel,
        sendAfter: notifications.sendAfter,
        readAt: notifications.readAt,
        workspaceId: notifications.workspaceId,
        workspaceName: workspaces.name,
        role: workspaceMembers.role,
      })
      .from(notifications)
      .innerJoin(workspaces, eq(workspaces.id, notifications.workspaceId))
      .innerJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspaceId, notifications.workspaceId),
          eq(workspaceMembers.userId, notifications.userId),
        ),
      )
      .where(and(shownTo(ctx, now), cursor))
      .orderBy(desc(notifications.sendAfter), desc(notifications.id))
      .limit(inboxPageSize + 1),
    unread: unreadQuery(ctx, now),
  });
  const page = entries.slice(0, inboxPageSize);
  return {
    notifications: page.map((entry): z.infer<typeof notificationSchema> => {
      const { link = "dashboard", ...values } = JSON.parse(entry.params) as Record<string, unknown>;
      return {
        uuid: entry.id,
        kind: entry.kind,
        values,
        workspace: { uuid: entry.workspaceId, name: entry.workspaceName },
        link: `/workspaces/${entry.workspaceId}/${String(link)}`,
        can_act: can(entry.role, actingPermission[entry.kind]),
        delivery:
          entry.channel === "in_app" ? "in_app" : entry.channel === "email" ? "email_failed" : "whatsapp_failed",
        at: entry.sendAfter,
        read_at: entry.readAt,
      };
    }),
    unread: unread[0]?.unread ?? 0,
    next_before: entries.length > inboxPageSize ? page.at(-1)!.id : null,
  };
}

/** POST /notifications/{id}/read, and POST /notifications/read (every one): marks the caller's entries read. */
export async function markNotificationsRead({ ctx, input }: PersonCall<{ notificationId: string | null }>) {
  const now = ctx.clock.now().toISOString();
  if (input.notificationId !== null && !isUuid(input.notificationId))
    throw new AppError("NOT_FOUND", "errors:details.notificationNotFound");
  const { found } = await batchAsActor(ctx, {
    found: ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(shownTo(ctx, now), input.notificationId ? eq(notifications.id, input.notificationId) : undefined))
      .limit(1),
  });
  if (input.notificationId !== null && found.length === 0)
    throw new AppError("NOT_FOUND", "errors:details.notificationNotFound");
  const { before, rows } = await batchByName(
    ctx.db,
    [
      ctx.db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            shownTo(ctx, now),
            isNull(notifications.readAt),
            input.notificationId ? eq(notifications.id, input.notificationId) : undefined,
          ),
        ),
    ],
    { unread: unreadQuery(ctx, now) },
  );
  return { marked: before[0].rowsAffected, unread: rows.unread[0]?.unread ?? 0 };
}
