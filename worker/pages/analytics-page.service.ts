import { and, asc, eq } from "drizzle-orm";
import { accounts, tags } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { todayIn } from "../ledger/dates.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";

/**
 * What the analytics page needs besides the reports, in ONE read round trip: the workspace's today
 * (the range presets count from it) and currency, the tags a budget may limit and the active
 * accounts a goal may count.
 */
export async function loadAnalyticsOptions({ ctx, input }: PersonCall<WorkspaceRef>) {
  const { workspace, role, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    tagRows: ctx.db
      .select({ uuid: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(eq(tags.workspaceId, input.workspaceId))
      .orderBy(asc(tags.name)),
    accountRows: ctx.db
      .select({ uuid: accounts.id, name: accounts.name, currency: accounts.currency, type: accounts.type })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, input.workspaceId), eq(accounts.isActive, true)))
      .orderBy(asc(accounts.name)),
  });
  return {
    today: todayIn(workspace.timeZone, ctx.clock.now()),
    currency: workspace.currency,
    role,
    tags: rows.tagRows,
    accounts: rows.accountRows,
  };
}
