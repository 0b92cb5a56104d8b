import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { possibleTodays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";

/*
 * An account's balance as of today (README: "One balance"). The kept balance moves when a
 * transaction is posted, whatever its date; a transaction dated after today is a planned one and
 * counts from its date. So what an account shows is its kept balance less the movement dated
 * after today. The workspace's time zone (and so its today) arrives in the same read batch, so the
 * movement is summed after every date that can be today somewhere, and the service picks.
 */

/** Two or three dates; padded to three so each read has the same columns. */
function candidateDays(now: Date): [string, string, string] {
  const days = possibleTodays(now);
  return [days[0]!, days[1] ?? days.at(-1)!, days[2] ?? days.at(-1)!];
}

function movementAfter(ctx: ServiceContext, workspaceId: string, now: Date, side: "in" | "out", accountId?: string) {
  const days = candidateDays(now);
  const account = side === "in" ? transactions.destinationAccountId : transactions.originAccountId;
  // A leg moves its account in that account's currency: the destination's amount in, the origin's out.
  const amount = side === "in" ? transactions.destinationAmountCents : transactions.amountCents;
  const after = (day: string) => exactSum(sql`case when ${transactions.date} > ${day} then ${amount} end`);
  return ctx.db
    .select({
      accountId: sql<string>`${account}`.as("account_id"),
      after0: after(days[0]).as("after_0"),
      after1: after(days[1]).as("after_1"),
      after2: after(days[2]).as("after_2"),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.workspaceId, workspaceId),
        gt(transactions.date, days[0]),
        isNotNull(account),
        accountId ? eq(account, accountId) : undefined,
      ),
    )
    .groupBy(account);
}

/** The movement into and out of each account dated after each possible today, for a read batch (one account's, when given). */
export function laterMovementQueries(ctx: ServiceContext, workspaceId: string, accountId?: string) {
  const now = ctx.clock.now();
  return {
    laterInflows: movementAfter(ctx, workspaceId, now, "in", accountId),
    laterOutflows: movementAfter(ctx, workspaceId, now, "out", accountId),
  };
}

type MovementRow = { accountId: string; after0: bigint; after1: bigint; after2: bigint };
export type LaterMovement = { laterInflows: MovementRow[]; laterOutflows: MovementRow[] };

/** The accounts with their balance as of `today`: the kept balance less what is dated after it. */
export function asOfToday<Row extends { id: string; balanceCents: number }>(
  rows: readonly Row[],
  later: LaterMovement,
  today: string,
  now: Date,
): Row[] {
  const column = (["after0", "after1", "after2"] as const)[Math.max(0, candidateDays(now).indexOf(today))]!;
  const net = new Map<string, bigint>();
  for (const row of later.laterInflows) net.set(row.accountId, (net.get(row.accountId) ?? 0n) + row[column]);
  for (const row of later.laterOutflows) net.set(row.accountId, (net.get(row.accountId) ?? 0n) - row[column]);
  return rows.map((row) => {
    const movement = net.get(row.id);
    return movement ? { ...row, balanceCents: row.balanceCents - Number(movement) } : row;
  });
}
