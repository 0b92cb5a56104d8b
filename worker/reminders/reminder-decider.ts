/**
 * Deciding a day's reminders (README: "Reminders"; docs/decisions/051-a-reminder-is-claimed-by-its-occurrence.md).
 * Every tick, each workspace whose next local day has begun (`reminder_days.next_day_at`) is read (several
 * workspaces a round trip), what is worth saying today is worked out (./reminder-occurrences.ts), and each
 * occurrence becomes a notification per person and channel, inserted with its occurrence key in the batch
 * that marks the day decided. A second run deciding the same day — overlapping ticks, a retry, a redeploy —
 * inserts nothing: the keys are taken. A day the cron never ran is never decided: only today is.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { eq, isNull, lte, or, sql } from "drizzle-orm";
import { batchByName, batchOfStatements, type NamedReads } from "../../db/named-batch.ts";
import { newId } from "../../db/ids.ts";
import { type ReminderChannel, reminderChannels } from "../../db/reminder-enums.ts";
import { notifications, reminderDays, workspaces } from "../../db/schema/index.ts";
import { can } from "../access/permissions.ts";
import type { ServiceContext } from "../context.ts";
import { addDays, todayIn } from "../ledger/dates.ts";
import type { ExecutorOutcome } from "../jobs/runner.ts";
import { instantAt } from "./local-hour.ts";
import { type Occurrence, occurrencesOf } from "./reminder-occurrences.ts";
import { type DecidedWorkspace, workspaceReads, workspaceToday, type WorkspaceRows } from "./reminder-reads.ts";
import { channelTable, defaultSettings } from "./reminder-settings.ts";

export const deciderPolicy = {
  /** Workspaces read in one round trip. */
  workspacesPerRead: 20,
  /** Notification rows per insert statement (17 values each, far below SQLite's bound on variables). */
  rowsPerInsert: 400,
} as const;

type NotificationRow = typeof notifications.$inferInsert;
type Workspace = DecidedWorkspace & { name: string; today: string };

/** A member as the decider needs them: role, settings (each kind's channels worked out once) and reach. */
function recipientsOf(people: WorkspaceRows["people"]) {
  return people.map((person) => {
    const settings = person.stored ?? defaultSettings;
    return {
      userId: person.userId,
      role: person.role,
      settings,
      channels: channelTable(settings),
      reachable: {
        in_app: true,
        email: true,
        whatsapp: person.phone !== null,
        push: Number(person.devices) > 0,
      } satisfies Record<ReminderChannel, boolean>,
    };
  });
}

/** Each recipient's notifications of one occurrence: one per channel they keep on and can be reached by. */
function notificationsOf(
  workspace: Workspace,
  occurrence: Occurrence,
  recipients: ReturnType<typeof recipientsOf>,
  now: Date,
): NotificationRow[] {
  const expiresAt = instantAt(addDays(occurrence.lastDay, 1), 0, workspace.timeZone);
  if (expiresAt <= now) return [];
  const params = JSON.stringify({ ...occurrence.params, workspace: workspace.name, currency_of: workspace.currency });
  return recipients.flatMap(({ userId, role, settings, channels, reachable }) => {
    if (!can(role, occurrence.audience)) return [];
    if (occurrence.weekday !== null && settings.weeklyDay !== occurrence.weekday) return [];
    const sendAfter = instantAt(workspace.today, settings.hour, settings.timeZone ?? workspace.timeZone).toISOString();
    return reminderChannels
      .filter((channel) => channels[occurrence.kind][channel] && reachable[channel])
      .map((channel) => ({
        id: newId(),
        userId,
        workspaceId: workspace.id,
        kind: occurrence.kind,
        subject: occurrence.subject,
        about: occurrence.about,
        channel,
        params,
        sendAfter,
        expiresAt: expiresAt.toISOString(),
        // The inbox entry needs no delivery: it is there from its hour on.
        status: channel === "in_app" ? ("sent" as const) : ("waiting" as const),
        sentAt: channel === "in_app" ? sendAfter : null,
        createdAt: now.toISOString(),
      }));
  });
}

/** When a workspace's next local day begins, after `today`. */
const nextDayAt = (workspace: { timeZone: string; today: string }) =>
  instantAt(addDays(workspace.today, 1), 0, workspace.timeZone).toISOString();

/**
 * The workspaces whose next local day has begun (or never decided), with that day. One whose time zone
 * changed since may still be on its decided day: it is only given its right next day.
 */
async function workspacesToDecide(ctx: ServiceContext, now: Date) {
  const candidates = await ctx.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      currency: workspaces.currency,
      timeZone: workspaces.timeZone,
      decidedOn: reminderDays.decidedOn,
    })
    .from(workspaces)
    .leftJoin(reminderDays, eq(reminderDays.workspaceId, workspaces.id))
    .where(or(isNull(reminderDays.workspaceId), lte(reminderDays.nextDayAt, now.toISOString())));
  const due: Workspace[] = [];
  const early: Workspace[] = [];
  for (const row of candidates) {
    const workspace = { ...row, today: todayIn(row.timeZone, now) };
    (row.decidedOn !== null && row.decidedOn >= workspace.today ? early : due).push(workspace);
  }
  if (early.length > 0)
    await batchOfStatements(
      ctx.db,
      early.map((workspace) =>
        ctx.db
          .update(reminderDays)
          .set({ nextDayAt: nextDayAt(workspace) })
          .where(eq(reminderDays.workspaceId, workspace.id)),
      ),
    );
  return due;
}

/**
 * Decides today's reminders of every workspace not decided yet, a chunk of workspaces per read and per
 * write, until `deadline`; counts the notifications it created in `outcome.posted`.
 */
export async function decideReminders(ctx: ServiceContext, outcome: ExecutorOutcome, deadline: number) {
  const now = ctx.clock.now();
  const due = await workspacesToDecide(ctx, now);
  for (let start = 0; start < due.length; start += deciderPolicy.workspacesPerRead) {
    if (Date.now() > deadline) {
      outcome.finished = false;
      return;
    }
    const chunk = due.slice(start, start + deciderPolicy.workspacesPerRead);
    const reads: Record<string, NamedReads[string]> = {};
    chunk.forEach((workspace, index) => {
      for (const [name, read] of Object.entries(workspaceReads(ctx, workspace, workspace.today)))
        reads[`${index}.${name}`] = read as NamedReads[string];
    });
    const { rows } = await batchByName(ctx.db, [], reads);
    const created: NotificationRow[] = [];
    chunk.forEach((workspace, index) => {
      const own = Object.fromEntries(
        Object.entries(rows)
          .filter(([name]) => name.startsWith(`${index}.`))
          .map(([name, value]) => [name.slice(`${index}.`.length), value]),
      ) as unknown as WorkspaceRows;
      const recipients = recipientsOf(own.people);
      for (const occurrence of occurrencesOf(workspaceToday(ctx, workspace, workspace.today, own)))
        created.push(...notificationsOf(workspace, occurrence, recipients, now));
    });
    const statements: BatchItem<"sqlite">[] = [];
    for (let at = 0; at < created.length; at += deciderPolicy.rowsPerInsert)
      statements.push(
        ctx.db
          .insert(notifications)
          .values(created.slice(at, at + deciderPolicy.rowsPerInsert))
          .onConflictDoNothing(),
      );
    statements.push(
      ctx.db
        .insert(reminderDays)
        .values(
          chunk.map((workspace) => ({
            workspaceId: workspace.id,
            decidedOn: workspace.today,
            decidedAt: now.toISOString(),
            nextDayAt: nextDayAt(workspace),
          })),
        )
        .onConflictDoUpdate({
          target: reminderDays.workspaceId,
          set: {
            decidedOn: sql`max(${reminderDays.decidedOn}, excluded.decided_on)`,
            decidedAt: now.toISOString(),
            nextDayAt: sql`max(${reminderDays.nextDayAt}, excluded.next_day_at)`,
          },
        }),
    );
    await batchOfStatements(ctx.db, statements);
    outcome.posted += created.length;
  }
}
