import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import { todayIn } from "../ledger/dates.ts";
import { recurringListFrom, recurringListQueries } from "../planning/recurring/recurring.service.ts";
import type { RecurringFilters } from "../planning/recurring/recurring.schemas.ts";
import { scheduledListFrom, scheduledListQueries } from "../planning/scheduled/scheduled.service.ts";
import type { ScheduledFilters } from "../planning/scheduled/scheduled.schemas.ts";
import { ledgerOptionsFrom, ledgerOptionsQueries } from "./transactions-page.service.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";

/** The accounts, cards and tags the item dialog offers, under names that do not meet the list's own reads. */
export function optionQueries(ctx: ServiceContext, workspaceId: string) {
  const { accountRows, cardRows, tagRows, ...later } = ledgerOptionsQueries(ctx, workspaceId);
  return { optionAccountRows: accountRows, optionCardRows: cardRows, optionTagRows: tagRows, ...later };
}

type OptionRows = Parameters<typeof ledgerOptionsFrom>[0];

export function optionsFrom(
  rows: {
    optionAccountRows: OptionRows["accountRows"];
    optionCardRows: OptionRows["cardRows"];
    optionTagRows: OptionRows["tagRows"];
  } & Pick<OptionRows, "rateRows" | "laterInflows" | "laterOutflows" | "laterCharges" | "laterCardPayments">,
  clock: { today: string; now: Date },
) {
  return ledgerOptionsFrom(
    {
      accountRows: rows.optionAccountRows,
      cardRows: rows.optionCardRows,
      tagRows: rows.optionTagRows,
      rateRows: rows.rateRows,
      laterInflows: rows.laterInflows,
      laterOutflows: rows.laterOutflows,
      laterCharges: rows.laterCharges,
      laterCardPayments: rows.laterCardPayments,
    },
    clock,
  );
}

/** The scheduled-transactions page: one page of items and what the dialog offers, in one read round trip. */
export async function loadScheduledPage({ ctx, input }: PersonCall<WorkspaceRef & { filters: ScheduledFilters }>) {
  const { workspaceId, filters } = input;
  const { workspace, role, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    ...scheduledListQueries(ctx, workspaceId, filters),
    ...optionQueries(ctx, workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return {
    ...scheduledListFrom(workspaceId, rows, filters),
    ...optionsFrom(rows, { today, now: ctx.clock.now() }),
    role,
    currency: workspace.currency,
    today,
  };
}

/** The recurring-transactions page: one page of rules, beta access and what the dialog offers, in one read round trip. */
export async function loadRecurringPage({ ctx, input }: PersonCall<WorkspaceRef & { filters: RecurringFilters }>) {
  const { workspaceId, filters } = input;
  const { workspace, role, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    ...recurringListQueries(ctx, workspaceId, filters),
    ...optionQueries(ctx, workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return {
    ...recurringListFrom(workspaceId, rows, filters),
    ...optionsFrom(rows, { today, now: ctx.clock.now() }),
    role,
    currency: workspace.currency,
    today,
  };
}
