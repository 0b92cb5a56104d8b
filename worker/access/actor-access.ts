import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchByName, type NamedReads, type RowsByName, type RowsOfEach } from "../../db/named-batch.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { workspaceMembers, workspaces, type WorkspaceRole } from "../../db/schema/index.ts";
import { rolesAllowed, type Permission } from "./permissions.ts";
import { assertWorkspaceId, requirePermission, workspaceNotFound } from "./workspace-access.ts";
import type { ActingContext, Actor, BotActor, PersonActor, SystemActor } from "./actor.ts";
import { activeSessionQuery, keepSessionFresh, sessionEnded } from "./session.ts";
import type { Currency } from "../../db/enums.ts";

/*
 * The one place that decides what each kind of actor must prove, always in the same batch as
 * the data it guards (one round trip):
 *   person  a live session row (401), and in a workspace a membership with the permission (404 / 403);
 *   bot     a membership of its linked user with the permission (404 / 403); there is no session;
 *   system  in a workspace, that the workspace exists (404); a job never reads outside one workspace.
 */

export type LedgerWorkspace = { id: string; currency: Currency; timeZone: string };

/** A system job acts without a role of its own. */
export type RoleOf<A extends Actor> = A extends SystemActor ? null : WorkspaceRole;

const membershipOf = reusableRead<{ workspaceId: string; userId: string }>()((db, value) =>
  db
    .select({ role: workspaceMembers.role, currency: workspaces.currency, timeZone: workspaces.timeZone })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, value("workspaceId")), eq(workspaceMembers.userId, value("userId")))),
);

const workspaceOf = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ role: sql<null>`null`, currency: workspaces.currency, timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, value("workspaceId"))),
);

// A programming error, not a refusal a person could meet: a 500 with this in the log.
const systemReadsOutsideAWorkspace = () =>
  new Error("A scheduled job may only read inside the workspace of the item it was handed.");

/**
 * The actor's checks, then `checks` of the verb's own (their rows come back in order), then the
 * named reads — one batch. A person's ended session is a 401 before anything is returned.
 */
async function batchWithActorChecks<
  const Checks extends readonly BatchItem<"sqlite">[],
  const Reads extends NamedReads,
>(ctx: ActingContext, checks: Checks, reads: Reads): Promise<{ checks: RowsOfEach<Checks>; rows: RowsByName<Reads> }> {
  const { actor } = ctx;
  if (actor.type !== "person") {
    const batched = await batchByName(ctx.db, checks, reads);
    return { checks: batched.before, rows: batched.rows };
  }
  const batched = await batchByName(ctx.db, [activeSessionQuery(ctx, actor), ...checks], reads);
  const [sessionRows, ...checkRows] = batched.before;
  const session = sessionRows[0];
  if (!session) throw sessionEnded();
  keepSessionFresh(ctx, actor, session.lastSeenAt);
  return { checks: checkRows as RowsOfEach<Checks>, rows: batched.rows };
}

/**
 * Reads of the actor's own (profile, their workspaces) with the actor's check in one round trip.
 * A system job has no user of its own, so it is refused here.
 */
export async function batchAsActor<const Reads extends NamedReads>(
  ctx: ActingContext<PersonActor | BotActor>,
  reads: Reads,
): Promise<RowsByName<Reads>> {
  if ((ctx.actor as Actor).type === "system") throw systemReadsOutsideAWorkspace();
  return (await batchWithActorChecks(ctx, [], reads)).rows;
}

/**
 * The one read round trip of every ledger verb: the actor's checks, the workspace's currency and
 * time zone, and the verb's own queries. Every feature query filters by the workspace id, so
 * nothing of another workspace is read, and nothing is returned before access is confirmed
 * (404 for outsiders, 403 for a role without the permission).
 */
export async function readInWorkspace<A extends Actor, const Reads extends NamedReads>(
  ctx: ActingContext<A>,
  workspaceId: string,
  permission: Permission,
  reads: Reads,
): Promise<{ workspace: LedgerWorkspace; role: RoleOf<A>; rows: RowsByName<Reads> }> {
  assertWorkspaceId(workspaceId);
  const { actor } = ctx as ActingContext;
  const access =
    actor.type === "system" ? workspaceOf({ workspaceId }) : membershipOf({ workspaceId, userId: actor.userId });
  const { checks, rows } = await batchWithActorChecks(ctx, [access], reads);
  const [accessRows] = checks;
  if (actor.type === "system" && !accessRows[0]) throw workspaceNotFound();
  const role = actor.type === "system" ? null : requirePermission(accessRows as { role: WorkspaceRole }[], permission);
  const { currency, timeZone } = accessRows[0]!;
  return { workspace: { id: workspaceId, currency, timeZone }, role: role as RoleOf<A>, rows };
}

/**
 * A write's own guard: the actor may still act when the statement runs, so a membership removed
 * between the read and the write cannot slip through (for a job: the workspace still exists).
 */
export function actorStillMay(ctx: ActingContext, workspaceId: string, permission: Permission): SQL {
  const { actor } = ctx;
  if (actor.type === "system") {
    return exists(ctx.db.select({ one: sql`1` }).from(workspaces).where(eq(workspaces.id, workspaceId)));
  }
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.userId, actor.userId),
          inArray(workspaceMembers.role, [...rolesAllowed[permission]]),
        ),
      ),
  );
}
