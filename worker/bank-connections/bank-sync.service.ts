import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { bankConnections, bankRemoteAccounts, bankWebhookEvents } from "../../db/schema/index.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import { secretsMatch } from "../access/secrets-match.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { DueItemExecutor } from "../jobs/runner.ts";
import type { BankProvider } from "../../db/enums.ts";
import { bankConnectionsAvailability } from "./bank-provider-settings.ts";
import { syncStep } from "./bank-sync.ts";

/**
 * When a connection is synced (README: "Bank connections"): by the cron every few hours, at once when
 * the person asks ("Sync now", at most once a minute) or when Pluggy says the bank has news (its
 * webhooks), and on every tick while a sync is under way, until it is done.
 */

/** A connection is read again this long after its last sync. */
const syncEveryMs = 6 * 60 * 60 * 1000;
/** "Sync now" once a minute per connection. */
const syncNowEveryMs = 60 * 1000;
/** One tick syncs connections until this much time has passed, leaving the rest to the next. */
const tickBudgetMs = 20_000;
/** Pages a "Sync now" or webhook writes before the answer, the cron carrying on from there. */
const promptPages = 4;

type ConnectionRef = WorkspaceRef & { connectionId: string };

const connectionNotFound = () => new AppError("NOT_FOUND", "errors:details.bankConnectionNotFound");

/**
 * POST /bank-connections/{id}/sync: the connection is synced now (a step after the answer, the cron
 * carrying on while pages are left). Any member who may write. Once a minute: RATE_LIMITED before.
 */
export async function requestSync({ ctx, input }: ServiceCall<ConnectionRef>) {
  const id = isUuid(input.connectionId) ? input.connectionId : "";
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    connections: ctx.db
      .select()
      .from(bankConnections)
      .where(and(eq(bankConnections.workspaceId, input.workspaceId), eq(bankConnections.id, id))),
  });
  const connection = rows.connections[0];
  if (!connection) throw connectionNotFound();
  if (connection.disconnectedAt) throw new AppError("BANK_CONNECTION_DISCONNECTED");
  const now = ctx.clock.now();
  const requested = await ctx.db
    .update(bankConnections)
    .set({ syncRequestedAt: now.toISOString() })
    .where(
      and(
        eq(bankConnections.id, connection.id),
        or(
          isNull(bankConnections.syncRequestedAt),
          lt(bankConnections.syncRequestedAt, new Date(now.getTime() - syncNowEveryMs).toISOString()),
        ),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    )
    .returning({ id: bankConnections.id });
  if (requested.length === 0) {
    const waited = now.getTime() - Date.parse(connection.syncRequestedAt ?? now.toISOString());
    throw new AppError("RATE_LIMITED", undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil((syncNowEveryMs - waited) / 1000)),
    });
  }
  ctx.defer(syncStep(ctx, connection.id, { pages: promptPages }));
  return { requested_at: now.toISOString() };
}

/** What a Pluggy delivery is read for; anything else in it is ignored. */
type PluggyEvent = { event: string; eventId: string; itemId: string | null };

function pluggyEventOf(body: unknown): PluggyEvent | null {
  if (typeof body !== "object" || body === null) return null;
  const { event, eventId, itemId } = body as Record<string, unknown>;
  if (typeof event !== "string" || typeof eventId !== "string" || eventId.length === 0 || eventId.length > 200)
    return null;
  return { event, eventId, itemId: typeof itemId === "string" ? itemId : null };
}

/** The events that mean the item's data or state changed: the connection is synced (which reads its state). */
const syncingEvents = new Set([
  "item/updated",
  "item/error",
  "item/login_succeeded",
  "item/waiting_user_input",
  "transactions/created",
  "transactions/updated",
  "transactions/deleted",
]);

/**
 * POST /bank-webhooks/pluggy: Pluggy's deliveries, proved by the shared secret in `X-Moneta-Webhook-Secret`
 * (compared in constant time; 401, which Pluggy does not retry, otherwise). Each event is handled once,
 * by its `eventId`. The body is only a hint: it names the item, whose connection is synced, which reads
 * the item and its lines from Pluggy's API itself. An item no connection holds changes nothing.
 */
export async function receivePluggyWebhook(
  ctx: ServiceContext,
  input: { secret: string | undefined; body: unknown },
): Promise<{ handled: boolean }> {
  const expected = ctx.env.PLUGGY_WEBHOOK_SECRET;
  if (!expected || !input.secret || !secretsMatch(input.secret, expected)) throw new AppError("UNAUTHENTICATED");
  const event = pluggyEventOf(input.body);
  if (!event) throw new AppError("BAD_REQUEST");
  const first = await ctx.db
    .insert(bankWebhookEvents)
    .values({ provider: "pluggy", eventId: event.eventId, receivedAt: ctx.clock.now().toISOString() })
    .onConflictDoNothing()
    .returning({ eventId: bankWebhookEvents.eventId });
  if (first.length === 0 || !event.itemId || !syncingEvents.has(event.event)) return { handled: false };
  const [connection] = await ctx.db
    .update(bankConnections)
    .set({ syncRequestedAt: ctx.clock.now().toISOString() })
    .where(
      and(
        eq(bankConnections.provider, "pluggy"),
        eq(bankConnections.externalId, event.itemId),
        isNull(bankConnections.disconnectedAt),
      ),
    )
    .returning({ id: bankConnections.id });
  if (!connection) return { handled: false };
  ctx.defer(syncStep(ctx, connection.id, { pages: promptPages }));
  return { handled: true };
}

/**
 * The connections a tick syncs: connected, not held by a step, whose bank can be read (not waiting for
 * the person to sign in again or renew consent), and either under way, asked for since their last sync,
 * or last synced long enough ago. Runs under way and asked-for ones first.
 */
function dueConnectionsQuery(ctx: ServiceContext, limit: number, providers: BankProvider[]) {
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - syncEveryMs).toISOString();
  return ctx.db
    .select({ id: bankConnections.id })
    .from(bankConnections)
    .where(
      and(
        isNull(bankConnections.disconnectedAt),
        inArray(bankConnections.provider, providers),
        inArray(bankConnections.status, ["active", "failing"]),
        or(isNull(bankConnections.leaseUntil), lt(bankConnections.leaseUntil, now.toISOString())),
        or(
          isNotNull(bankConnections.syncRunId),
          isNull(bankConnections.lastSyncedAt),
          lt(bankConnections.lastSyncedAt, stale),
          gt(bankConnections.syncRequestedAt, bankConnections.lastSyncedAt),
          // An account linked since the last sync, its year still to read.
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(bankRemoteAccounts)
              .where(
                and(eq(bankRemoteAccounts.connectionId, bankConnections.id), isNotNull(bankRemoteAccounts.syncFrom)),
              ),
          ),
        ),
      ),
    )
    .orderBy(
      sql`${bankConnections.syncRunId} is null`,
      sql`${bankConnections.syncRequestedAt} is null`,
      asc(bankConnections.lastSyncedAt),
    )
    .limit(limit);
}

/**
 * The cron's part: due connections synced a step each, within the tick's time budget — only those of the
 * providers this Worker is set up to reach. One connection's unexpected failure is recorded and the others
 * go on.
 */
export const bankSyncExecutor: DueItemExecutor = {
  name: "bank-sync",
  async execute(ctx, outcome) {
    const available = bankConnectionsAvailability(ctx.env);
    const providers: BankProvider[] = [
      ...(available.pluggy ? (["pluggy"] as const) : []),
      ...(available.simplefin ? (["simplefin"] as const) : []),
    ];
    if (providers.length === 0) return;
    const started = Date.now();
    const due = await dueConnectionsQuery(ctx, 50, providers);
    for (const { id } of due) {
      if (Date.now() - started > tickBudgetMs) {
        outcome.finished = false;
        return;
      }
      let step: Awaited<ReturnType<typeof syncStep>>;
      try {
        step = await syncStep(ctx, id);
      } catch (error) {
        ctx.log.error("bank.sync_step_failed", { connection_id: id, error: String(error) });
        outcome.failed += 1;
        outcome.finished = false;
        continue;
      }
      if (step.state === "continuing") outcome.finished = false;
      if (step.state === "continuing" || step.state === "done") outcome.posted += step.summary.created;
      if (step.state === "failed") {
        const [row] = await ctx.db
          .select({ workspaceId: bankConnections.workspaceId })
          .from(bankConnections)
          .where(eq(bankConnections.id, id));
        outcome.failed += 1;
        outcome.failures.push({
          kind: "bank_connection",
          id,
          workspaceId: row?.workspaceId ?? "",
          reason: step.failure,
        });
      }
    }
  },
};
