import { and, eq, gt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { isUuid } from "../../db/ids.ts";
import { transactions } from "../../db/schema/index.ts";
import { queryWholeNumberSchema } from "../http/whole-numbers.schemas.ts";
import { addDays, todayIn } from "../ledger/dates.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { centsNumber, exactCents } from "../ledger/sums.ts";
import { accountNotFound, accountQuery, type AccountRef } from "./accounts.service.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { balanceHistoryResponseSchema } from "./accounts.responses.ts";

export const balanceHistorySchema = z.object({
  days: queryWholeNumberSchema("errors:fields.invalid", 2, 366).default(30),
});

/**
 * GET /accounts/{id}/balance/history?days=30: the balance at the end of each of the last
 * `days` days. Walks back from the kept balance by each later day's net movement, so it
 * reads only the days in view (and any future-dated entries), never the whole history,
 * in one round trip.
 */
export async function getBalanceHistory({
  ctx,
  input,
}: ServiceCall<AccountRef & { days: number }>): Promise<z.infer<typeof balanceHistoryResponseSchema>> {
  const accountId = isUuid(input.accountId) ? input.accountId : "";
  // The workspace's "today" is known only after the read; a day's margin covers every time zone.
  const earliest = addDays(todayIn("UTC", ctx.clock.now()), -input.days);
  // Exact at any size (ledger/sums.ts): a day may hold more movement than a number can.
  const net =
    exactCents(sql`sum(case when ${transactions.destinationAccountId} = ${accountId} then ${transactions.destinationAmountCents} else 0 end)
    - sum(case when ${transactions.originAccountId} = ${accountId} then ${transactions.amountCents} else 0 end)`);
  const {
    workspace,
    rows: { found, movements },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    found: accountQuery(ctx, input.workspaceId, input.accountId),
    movements: ctx.db
      .select({ date: transactions.date, net })
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, input.workspaceId),
          or(eq(transactions.originAccountId, accountId), eq(transactions.destinationAccountId, accountId)),
          gt(transactions.date, earliest),
        ),
      )
      .groupBy(transactions.date),
  });
  const account = found[0];
  if (!account) throw accountNotFound();
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const first = addDays(today, -(input.days - 1));
  const netByDate = new Map(movements.map((row) => [row.date, row.net]));
  let laterMovement = [...netByDate].filter(([date]) => date > today).reduce((sum, [, cents]) => sum + cents, 0n);
  const points: z.infer<typeof balanceHistoryResponseSchema>["points"] = [];
  for (let date = today; date >= first; date = addDays(date, -1)) {
    const cents = BigInt(account.balanceCents) - laterMovement;
    points.push({ date, balance: unitsToDecimal(cents, account.currency), balance_cents: centsNumber(cents) });
    laterMovement += netByDate.get(date) ?? 0n;
  }
  return { currency: account.currency, points: points.reverse() };
}
