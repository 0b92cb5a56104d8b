import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { accounts, users, workspaceMembers } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";

/**
 * Tier facts that live in the database, as queries for the caller's read batch (reads stay
 * at one round trip). The rules themselves are in tiers.ts.
 */

/** How many accounts a workspace uses, archived ones included (they still hold history). */
const accountsUsed = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ used: count() })
    .from(accounts)
    .where(eq(accounts.workspaceId, value("workspaceId"))),
);

export function accountsUsedQuery(_ctx: ServiceContext, workspaceId: string) {
  return accountsUsed({ workspaceId });
}

/**
 * A workspace's tier is its owner's. With several owners the most generous one counts
 * (unlimited before free, beta access before none), so adding an owner never downgrades it.
 */
const workspaceOwnerTier = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ tier: users.tier, hasBetaAccess: users.hasBetaAccess })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, value("workspaceId")), eq(workspaceMembers.role, "owner")))
    .orderBy(desc(sql`${users.tier} = 'unlimited'`), desc(users.hasBetaAccess), asc(workspaceMembers.createdAt))
    .limit(1),
);

export function workspaceOwnerTierQuery(_ctx: ServiceContext, workspaceId: string) {
  return workspaceOwnerTier({ workspaceId });
}

/** The caller's plan and how many workspaces they own (workspaces joined by invitation do not count). */
export function ownedWorkspacesQueries(ctx: PersonCall<unknown>["ctx"]) {
  return {
    people: ctx.db
      .select({ tier: users.tier, hasBetaAccess: users.hasBetaAccess })
      .from(users)
      .where(eq(users.id, ctx.actor.userId)),
    owned: ctx.db
      .select({ total: count() })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, ctx.actor.userId), eq(workspaceMembers.role, "owner"))),
  };
}
