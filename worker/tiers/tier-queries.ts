import { and, asc, desc, eq, sql } from "drizzle-orm";
import { users, workspaceMembers, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";

/**
 * Tier facts that live in the database, as queries for the caller's read batch (reads stay
 * at one round trip). The rules themselves are in tiers.ts.
 */

/**
 * How many accounts a workspace uses. Accounts do not exist yet: until the accounts issue
 * adds their table this answers 0 for an existing workspace; that issue replaces the body
 * with a count over the accounts table, and tier info, usage stats and the account-creation
 * check all follow, since they read the number only through here.
 */
export function accountsUsedQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db.select({ used: sql<number>`0` }).from(workspaces).where(eq(workspaces.id, workspaceId));
}

/**
 * A workspace's tier is its owner's. With several owners the most generous one counts
 * (unlimited before free, beta access before none), so adding an owner never downgrades it.
 */
export function workspaceOwnerTierQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({ tier: users.tier, hasBetaAccess: users.hasBetaAccess })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .orderBy(desc(sql`${users.tier} = 'unlimited'`), desc(users.hasBetaAccess), asc(workspaceMembers.createdAt))
    .limit(1);
}
