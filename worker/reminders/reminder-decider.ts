/**
 * Deciding a day's reminders (README: "Reminders"; docs/decisions/051-a-reminder-is-claimed-by-its-occurrence.md).
 * Every tick, each workspace whose local day has turned since it was last decided is read (several
 * workspaces a round trip), what is worth saying today is worked out (./reminder-occurrences.ts), and each
 * occurrence becomes a notification per person and channel, inserted with its occurrence key in the batch
 * that marks the day decided. A second run deciding the same day — overlapping ticks, a retry, a redeploy —
 * inserts nothing: the keys are taken. A day the cron never ran is never decided: only today is.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import { batchByName, batchOfStatements, type NamedReads } from "../../db/named-batch.ts";
import { newId } from "../../db/ids.ts";
import type { ReminderChannel } from "../../db/enums.ts";
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

type Person = WorkspaceRows["people"][number];
type NotificationRow = typeof notifications.$inferInsert;

/** Each person's notifications of one occurrence: one per channel they keep on and can be reached by. */
function notificationsOf(
  workspace: DecidedWorkspace & { name: string },
  occurrence: Occurrence,
  people: readonly Person[],
  now: Date,
): NotificationRow[] {
  const expiresAt = instantAt(addDays(occurrence.lastDay, 1), 0, workspace.timeZone);
  if (expiresAt <= now) return [];
  return people.flatMap((person) => {
    if (!can(person.role, occurrence.audience)) return [];
    const settings = person.hour === null ? defaultSettings : { ...defaultSettings, ...withoutNulls(person) };
    if (occurrence.weekday !== null && settings.weeklyDay !== occurrence.weekday) return [];
    const channels = channelTable(settings)[occurrence.kind];
    const reachable: Record<ReminderChannel, boolean> = { in_app: true, email: true, whatsapp: person.phone !== null };
    const day = occurrence.kind === "weekly_summary" ? occurrence.about : todayIn(workspace.timeZone, now);
    const sendAfter = instantAt(day, settings.hour, settings.timeZone ?? workspace.timeZone);
    const params = JSON.stringify({ ...occurrence.params, workspace: workspace.name, currency_of: workspace.currency });
    return (Object.keys(channels) as ReminderChannel[])
      .filter((channel) => channels[channel] && reachable[channel])
      .map((channel) => ({
        id: newId(),
        userId: person.userId,
        workspaceId: workspace.id,
        kind: occurrence.kind,
        subject: occurrence.subject,
        about: occurrence.about,
        channel,
        params,
        sendAfter: sendAfter.toISOString(),
        expiresAt: expiresAt.toISOString(),
        // The inbox entry needs no delivery: it is there from its hour on.
        status: channel === "in_app" ? ("sent" as const) : ("waiting" as const),
        sentAt: channel === "in_app" ? sendAfter.toISOString() : null,
        createdAt: now.toISOString(),
      }));
  });
}

const withoutNulls = (person: Person) => ({
  hour: person.hour ?? defaultSettings.hour,
  weeklyDay: person.weeklyDay ?? defaultSettings.weeklyDay,
  timeZone: person.timeZone,
  nightAllowed: person.nightAllowed ?? false,
  choices: person.choices ?? "{}",
});

/** The workspaces whose local day has not been decided yet, with that day. */
async function workspacesToDecide(ctx: ServiceContext, now: Date) {
  const { rows } = await batchByName(ctx.db, [], {
    candidates: ctx.db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        currency: workspaces.currency,
        timeZone: workspaces.timeZone,
        decidedOn: reminderDays.decidedOn,
      })
      .from(workspaces)
      .leftJoin(reminderDays, eq(reminderDays.workspaceId, workspaces.id))
      .where(sql`${reminderDays.decidedOn} is null or ${reminderDays.decidedOn} < ${addDays(todayIn("UTC", now), 1)}`),
  });
  return rows.candidates.flatMap((row) => {
    const today = todayIn(row.timeZone, now);
    return row.decidedOn !== null && row.decidedOn >= today ? [] : [{ ...row, today }];
  });
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
      for (const occurrence of occurrencesOf(workspaceToday(ctx, workspace, workspace.today, own)))
        created.push(...notificationsOf(workspace, occurrence, own.people, now));
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
          })),
        )
        .onConflictDoUpdate({
          target: reminderDays.workspaceId,
          set: { decidedOn: sql`max(${reminderDays.decidedOn}, excluded.decided_on)`, decidedAt: now.toISOString() },
        }),
    );
    await batchOfStatements(ctx.db, statements);
    outcome.posted += created.length;
  }
}
