import { and, asc, eq } from "drizzle-orm";
import { newId } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import { tags, users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { sessionEnded } from "../access/session.ts";
import { AppError } from "../http/errors.ts";
import { ownedWorkspacesQueries } from "../tiers/tier-queries.ts";
import { isWithinLimit, resolveTier } from "../tiers/tiers.ts";
import { workspaceNotFound, type WorkspaceRef } from "../access/workspace-access.ts";
import type { Currency } from "../../db/enums.ts";
import type { CreateWorkspaceInput, UpdateWorkspaceInput } from "./workspaces.schemas.ts";
import { toWorkspaceResponse } from "./workspaces.mapper.ts";
import { suggestedCategoriesFor } from "./suggested-categories.presets.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor, readInWorkspace, actorStillMay } from "../access/actor-access.ts";

const betaAccessNeeded = () => new AppError("FORBIDDEN", "errors:details.betaAccessNeeded");

/** The caller's workspaces, oldest first, with the caller's role in each. */
export async function listWorkspaces({ ctx }: PersonCall) {
  const { rows } = await batchAsActor(ctx, {
    rows: ctx.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, ctx.actor.userId))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.id)),
  });
  return rows.map((row) => toWorkspaceResponse(row.workspace, row.role));
}

/**
 * Creates a workspace with the caller as its owner, in one atomic batch. Beta features can
 * only be switched on by someone with beta access; the tier caps how many workspaces a user
 * owns (workspaces joined by invitation do not count). Asked, it starts with the suggested categories
 * (suggested-categories.presets.ts), written in the same batch: new tags have no transactions, so there is
 * nothing to roll up and no reason to go through the tags feature.
 */
export async function createWorkspace({ ctx, input }: PersonCall<CreateWorkspaceInput>) {
  const { people, owned } = await batchAsActor(ctx, ownedWorkspacesQueries(ctx));
  const account = people[0];
  if (!account) throw sessionEnded();
  if (input.beta_features_enabled && !account.hasBetaAccess) throw betaAccessNeeded();
  const tier = resolveTier(account);
  const limit = tier.limits.workspaces_per_user;
  if (!isWithinLimit(owned[0]?.total ?? 0, limit)) {
    throw new AppError("LIMIT_REACHED", {
      key: "errors:details.workspaceLimit",
      values: { plan: tier.label, limit: limit ?? 0 },
    });
  }
  const now = ctx.clock.now().toISOString();
  const id = newId();
  const {
    rows: { created },
  } = await batchByName(ctx.db, [], {
    created: ctx.db
      .insert(workspaces)
      .values({
        id,
        name: input.name,
        description: input.description ?? null,
        currency: input.currency,
        timeZone: input.time_zone,
        ...(input.primary_color ? { primaryColor: input.primary_color } : {}),
        ...(input.secondary_color ? { secondaryColor: input.secondary_color } : {}),
        ...(input.accent_color ? { accentColor: input.accent_color } : {}),
        betaFeaturesEnabled: input.beta_features_enabled,
        createdBy: ctx.actor.userId,
        createdAt: now,
      })
      .returning(),
    ownership: ctx.db
      .insert(workspaceMembers)
      .values({ workspaceId: id, userId: ctx.actor.userId, role: "owner", createdAt: now }),
    suggestedCategories: input.suggested_categories
      ? ctx.db.insert(tags).values(suggestedTagRows(id, input.currency, now))
      : undefined,
  });
  return toWorkspaceResponse(created[0]!, "owner");
}

/** GET /workspaces/{id}: any member may read it; anyone else gets 404. */
export async function getWorkspace({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    role,
    rows: { found },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    found: ctx.db.select().from(workspaces).where(eq(workspaces.id, input.workspaceId)),
  });
  return toWorkspaceResponse(found[0]!, role);
}

/** PUT /workspaces/{id}: admins and owners change the settings sent; beta features need the caller's beta access. */
export async function updateWorkspace({ ctx, input }: PersonCall<WorkspaceRef & UpdateWorkspaceInput>) {
  const {
    role,
    rows: { accounts },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.update", {
    accounts: ctx.db.select({ hasBetaAccess: users.hasBetaAccess }).from(users).where(eq(users.id, ctx.actor.userId)),
  });
  if (input.beta_features_enabled && !accounts[0]?.hasBetaAccess) throw betaAccessNeeded();
  const changes = {
    name: input.name,
    description: input.description,
    currency: input.currency,
    timeZone: input.time_zone,
    primaryColor: input.primary_color,
    secondaryColor: input.secondary_color,
    accentColor: input.accent_color,
    betaFeaturesEnabled: input.beta_features_enabled,
  };
  const [updated] = await ctx.db
    .update(workspaces)
    .set({ ...withoutUndefined(changes), updatedAt: ctx.clock.now().toISOString() })
    .where(and(eq(workspaces.id, input.workspaceId), actorStillMay(ctx, input.workspaceId, "workspace.update")))
    .returning();
  if (!updated) throw workspaceNotFound();
  return toWorkspaceResponse(updated, role);
}

/** DELETE /workspaces/{id}: owners only; members, invitations and (later) all its data go with it. */
export async function deleteWorkspace({ ctx, input }: PersonCall<WorkspaceRef>) {
  await readInWorkspace(ctx, input.workspaceId, "workspace.delete", {});
  const deleted = await ctx.db
    .delete(workspaces)
    .where(and(eq(workspaces.id, input.workspaceId), actorStillMay(ctx, input.workspaceId, "workspace.delete")));
  if (deleted.rowsAffected !== 1) throw workspaceNotFound();
  ctx.log.info("workspace.deleted", { workspace_id: input.workspaceId, user_id: ctx.actor.userId });
  return { message: "Workspace deleted" };
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The tag rows of the currency's suggested set for a new workspace, each subcategory pointing at its category. */
function suggestedTagRows(workspaceId: string, currency: Currency, createdAt: string) {
  return suggestedCategoriesFor(currency).flatMap((category) => {
    const parentId = newId();
    return [
      { id: parentId, workspaceId, name: category.name, color: category.color, parentId: null, createdAt },
      ...category.subcategories.map((name) => ({
        id: newId(),
        workspaceId,
        name,
        color: category.color,
        parentId,
        createdAt,
      })),
    ];
  });
}
