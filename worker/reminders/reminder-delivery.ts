/**
 * Sending the reminders whose hour has come (README: "Reminders"). Each tick drops what went stale, then
 * takes the due e-mail (and WhatsApp) notifications a chunk at a time: a chunk is claimed with a lease in
 * one guarded update — a row another run holds is not taken — sent, and recorded in one batch. A send
 * that fails is tried again with a growing wait, then marked failed, which the inbox shows as not
 * delivered. E-mail carries the notification's id as Resend's idempotency key, so a run that died between
 * sending and recording never sends twice when the lease lapses and another run takes it up.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { batchOfStatements } from "../../db/named-batch.ts";
import { botLinks, notifications, pushSubscriptions, users } from "../../db/schema/index.ts";
import { graphMessagesUrl, maskedPhone, sendGraphMessage } from "../assistant/graph-api.ts";
import type { ServiceContext } from "../context.ts";
import { toLanguage } from "../i18n/language.ts";
import type { ExecutorOutcome } from "../jobs/runner.ts";
import { sendEmail } from "../mail/mailer.ts";
import { type PushDevice, pushPayload, sendPushToDevices } from "./push-reminders.ts";
import { reminderEmail } from "./reminder-email.ts";
import { unsubscribeLinks } from "./unsubscribe-link.ts";
import { isTemplateRefusal, reminderTemplateMessage } from "./whatsapp-reminders.ts";

export const deliveryPolicy = {
  /** Notifications claimed and sent per round. */
  chunkSize: 50,
  /** Sent at once within a chunk. */
  parallel: 10,
  /** How long a claim holds: a run that died lets its rows go after this. */
  leaseMs: 2 * 60 * 1000,
  /** Waits before each further try; past the last, the notification failed. */
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000],
} as const;

type Claimed = Pick<
  typeof notifications.$inferSelect,
  "id" | "kind" | "subject" | "about" | "channel" | "params" | "attempts" | "expiresAt" | "userId" | "workspaceId"
>;
type Person = { email: string; language: string; phone: string | null; devices: PushDevice[] };

/**
 * What a send came to: sent, or the reason it was not; `refused` when trying again cannot help; `gone`, the
 * push addresses their service says no longer exist.
 */
type Sent = { id: string; error: string | null; refused?: boolean; gone?: string[] };

/** The screen a reminder is acted on, in its workspace (the dashboard when it names none). */
const screenOf = (row: Claimed, values: Record<string, unknown>, appUrl: string) =>
  new URL(`/workspaces/${row.workspaceId}/${String(values.link ?? "dashboard")}`, appUrl);

/** A push reminder to each of the person's devices; none left (all gone) is a refusal, not worth a retry. */
async function sendPush(ctx: ServiceContext, row: Claimed, person: Person): Promise<Sent> {
  if (person.devices.length === 0) return { id: row.id, error: "no device", refused: true };
  const values = JSON.parse(row.params) as Record<string, unknown>;
  const link = screenOf(row, values, ctx.env.APP_URL);
  const sent = await sendPushToDevices(
    ctx,
    person.devices,
    pushPayload({
      language: toLanguage(person.language) ?? "en",
      kind: row.kind,
      values,
      link: `${link.pathname}${link.search}${link.hash}`,
      notificationId: row.id,
    }),
  );
  const isEveryDeviceGone = sent.gone.length === person.devices.length;
  return { id: row.id, error: sent.error, refused: isEveryDeviceGone, gone: sent.gone };
}

/**
 * A WhatsApp reminder, as its approved template. Without the business number configured, local and test
 * runs print it (as the assistant's replies are printed); production counts it refused, so it goes by e-mail.
 */
async function sendWhatsApp(ctx: ServiceContext, row: Claimed, person: Person): Promise<Sent> {
  if (!person.phone) return { id: row.id, error: "no linked phone", refused: true };
  const body = reminderTemplateMessage(ctx.env, {
    phone: person.phone,
    language: toLanguage(person.language) ?? "en",
    kind: row.kind,
    values: JSON.parse(row.params) as Record<string, unknown>,
  });
  const url = graphMessagesUrl(ctx);
  if (url === null) {
    if (ctx.env.APP_ENV === "local" || ctx.env.APP_ENV === "test") {
      console.log(`[whatsapp reminder] ${person.phone} ${body.template.name}`);
      return { id: row.id, error: null };
    }
    return { id: row.id, error: "WhatsApp is not configured", refused: true };
  }
  const sent = await sendGraphMessage(ctx, url, body);
  if (sent.ok) return { id: row.id, error: null };
  ctx.log.warn("reminder.whatsapp_refused", { to: maskedPhone(person.phone), status: sent.status, code: sent.code });
  return { id: row.id, error: sent.reason, refused: isTemplateRefusal(sent.code) };
}

async function sendOne(ctx: ServiceContext, row: Claimed, person: Person): Promise<Sent> {
  if (row.channel === "whatsapp") return sendWhatsApp(ctx, row, person);
  if (row.channel === "push") return sendPush(ctx, row, person);
  const values = JSON.parse(row.params) as Record<string, unknown>;
  const language = toLanguage(person.language) ?? "en";
  const appUrl = ctx.env.APP_URL;
  const link = screenOf(row, values, appUrl).toString();
  const message = reminderEmail({
    to: person.email,
    language,
    kind: row.kind,
    values,
    link,
    unsubscribe: await unsubscribeLinks(appUrl, ctx.env.JWT_SECRET, row.userId, row.kind),
    settingsUrl: new URL("/settings#reminders", appUrl).toString(),
  });
  try {
    await sendEmail(ctx, message, {
      idempotencyKey: `reminder-${row.id}`,
      consoleLine: `[reminder] ${person.email} ${message.subject}`,
    });
    return { id: row.id, error: null };
  } catch (error) {
    return { id: row.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Marks what can no longer be said in time (its moment passed before it could go). */
function dropStale(ctx: ServiceContext, now: string) {
  return ctx.db
    .update(notifications)
    .set({ status: "dropped", leaseUntil: null })
    .where(
      and(
        inArray(notifications.status, ["waiting", "sending"]),
        lte(notifications.expiresAt, now),
        or(isNull(notifications.leaseUntil), lte(notifications.leaseUntil, now)),
      ),
    );
}

/** Claims up to a chunk of due notifications for this run; what another run holds is left to it. */
async function claimChunk(ctx: ServiceContext, now: Date) {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + deliveryPolicy.leaseMs).toISOString();
  const due = sql`(select ${notifications.id} from ${notifications}
    where ${notifications.status} in ('waiting', 'sending') and ${notifications.sendAfter} <= ${at}
      and ${notifications.expiresAt} > ${at} and ${notifications.channel} <> 'in_app'
      and (${notifications.leaseUntil} is null or ${notifications.leaseUntil} <= ${at})
    order by ${notifications.sendAfter} limit ${deliveryPolicy.chunkSize})`;
  return ctx.db
    .update(notifications)
    .set({ status: "sending", leaseUntil, attempts: sql`${notifications.attempts} + 1` })
    .where(
      and(
        sql`${notifications.id} in ${due}`,
        inArray(notifications.status, ["waiting", "sending"]),
        or(isNull(notifications.leaseUntil), lte(notifications.leaseUntil, at)),
      ),
    )
    .returning({
      id: notifications.id,
      kind: notifications.kind,
      subject: notifications.subject,
      about: notifications.about,
      channel: notifications.channel,
      params: notifications.params,
      attempts: notifications.attempts,
      expiresAt: notifications.expiresAt,
      userId: notifications.userId,
      workspaceId: notifications.workspaceId,
    });
}

/** Sends what is due until none is left or `deadline` passes; counts sent and failed into `outcome`. */
export async function deliverReminders(ctx: ServiceContext, outcome: ExecutorOutcome, deadline: number) {
  await dropStale(ctx, ctx.clock.now().toISOString());
  for (;;) {
    if (Date.now() > deadline) {
      outcome.finished = false;
      return;
    }
    const now = ctx.clock.now();
    const claimed = await claimChunk(ctx, now);
    if (claimed.length === 0) return;
    const pushedTo = [...new Set(claimed.filter((row) => row.channel === "push").map((row) => row.userId))];
    const [people, devices] = await ctx.db.batch([
      ctx.db
        .select({ id: users.id, email: users.email, language: users.language, phone: botLinks.phone })
        .from(users)
        .leftJoin(botLinks, eq(botLinks.userId, users.id))
        .where(inArray(users.id, [...new Set(claimed.map((row) => row.userId))])),
      ctx.db
        .select({
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, pushedTo)),
    ]);
    const byId = new Map(
      people.map((person) => [
        person.id,
        { ...person, devices: devices.filter((device) => device.userId === person.id) },
      ]),
    );
    const results: Sent[] = [];
    for (let start = 0; start < claimed.length; start += deliveryPolicy.parallel) {
      const slice = claimed.slice(start, start + deliveryPolicy.parallel);
      results.push(
        ...(await Promise.all(
          slice.map((row) => {
            const person = byId.get(row.userId);
            return person ? sendOne(ctx, row, person) : Promise.resolve({ id: row.id, error: "person gone" });
          }),
        )),
      );
    }
    const recordedAt = ctx.clock.now();
    // Sent in order: each result is its claimed row's.
    const statements: BatchItem<"sqlite">[] = results.map((result, index) => {
      const row = claimed[index]!;
      const held = and(eq(notifications.id, row.id), eq(notifications.status, "sending"));
      if (result.error === null)
        return ctx.db
          .update(notifications)
          .set({ status: "sent", sentAt: recordedAt.toISOString(), leaseUntil: null, lastError: null })
          .where(held);
      const delay = result.refused ? undefined : deliveryPolicy.retryDelaysMs[row.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(recordedAt.getTime() + delay);
      const isLast = retryAt === null || retryAt.toISOString() >= row.expiresAt;
      ctx.log.warn("reminder.not_sent", { notification_id: row.id, attempts: row.attempts, last: isLast });
      if (isLast) outcome.failed += 1;
      return ctx.db
        .update(notifications)
        .set(
          isLast
            ? { status: "failed", leaseUntil: null, lastError: result.error.slice(0, 300) }
            : {
                status: "waiting",
                leaseUntil: retryAt.toISOString(),
                lastError: result.error.slice(0, 300),
              },
        )
        .where(held);
    });
    // A browser its push service no longer knows is forgotten.
    const gone = results.flatMap((result) => result.gone ?? []);
    if (gone.length > 0)
      statements.push(ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone)));
    // A template WhatsApp refused goes by e-mail, unless the person gets that one by e-mail already.
    const byEmail = results.flatMap((result, index) => {
      const row = claimed[index]!;
      return result.refused && row.channel === "whatsapp" ? [row] : [];
    });
    if (byEmail.length > 0)
      statements.push(
        ctx.db
          .insert(notifications)
          .values(
            byEmail.map((row) => ({
              userId: row.userId,
              workspaceId: row.workspaceId,
              kind: row.kind,
              subject: row.subject,
              about: row.about,
              channel: "email" as const,
              params: row.params,
              sendAfter: recordedAt.toISOString(),
              expiresAt: row.expiresAt,
              createdAt: recordedAt.toISOString(),
            })),
          )
          .onConflictDoNothing(),
      );
    await batchOfStatements(ctx.db, statements);
    outcome.posted += results.filter((result) => result.error === null).length;
  }
}
