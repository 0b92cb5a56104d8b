import { asc, eq } from "drizzle-orm";
import { newId } from "../../db/ids.ts";
import { users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import { batchAsCaller, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { CreateWorkspaceInput } from "./workspaces.schemas.ts";
import { toWorkspaceResponse } from "./workspaces.mapper.ts";

/** The caller's workspaces, oldest first, with the caller's role in each. */
export async function listWorkspaces(ctx: ServiceContext, caller: Caller) {
  const [rows] = await batchAsCaller(ctx, caller, [
    ctx.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, caller.userId))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.id)),
  ]);
  return rows.map((row) => toWorkspaceResponse(row.workspace, row.role));
}

/**
 * Creates a workspace with the caller as its owner, in one atomic batch. Beta features can
 * only be switched on by someone with beta access.
 */
export async function createWorkspace(ctx: ServiceContext, caller: Caller, input: CreateWorkspaceInput) {
  const [accounts] = await batchAsCaller(ctx, caller, [
    ctx.db.select({ hasBetaAccess: users.hasBetaAccess }).from(users).where(eq(users.id, caller.userId)),
  ]);
  if (input.beta_features_enabled && !accounts[0]?.hasBetaAccess) {
    throw new AppError("FORBIDDEN", "Beta features need beta access.");
  }
  const now = ctx.clock.now().toISOString();
  const id = newId();
  const [created] = await ctx.db.batch([
    ctx.db
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
        createdBy: caller.userId,
        createdAt: now,
      })
      .returning(),
    ctx.db.insert(workspaceMembers).values({ workspaceId: id, userId: caller.userId, role: "owner", createdAt: now }),
  ]);
  return toWorkspaceResponse(created[0]!, "owner");
}
