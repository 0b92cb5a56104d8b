import { and, eq, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { possibleTodays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";

/*
 * An account's balance as of today (README: "One balance"). The kept balance moves when a
 * transaction is posted, whatever its date; a transaction dated after today is a planned one and
 * counts from its date. So what an account shows is its kept balance less the movement dated
 * after today. The workspace's time zone (and so its today) arrives in the same read batch, so the
 * movement is summed after every date that can be today somewhere, and the service picks. A
 * card's debt is read the same way: what it owes today.
 */

/** Two or three dates; padded to three so each read has the same columns. */
function candidateDays(now: Date): [string, string, string] {
  const days = possibleTodays(now);
  return [days[0]!, days[1] ?? days.at(-1)!, days[2] ?? days.at(-1)!];
}

/** One kind of leg's amounts dated after each candidate day, grouped by the account or card it moves. */
function movementAfter(
  ctx: ServiceContext,
  workspaceId: string,
  now: Date,
  leg: { owner: SQLiteColumn; amount: SQLiteColumn; when?: SQL; only?: string },
) {
  const days = candidateDays(now);
  const after = (day: string) => exactSum(sql`case when ${transactions.date} > ${day} then ${leg.amount} end`);
  return ctx.db
    .select({
      ownerId: sql<string>`${leg.owner}`.as("owner_id"),
      after0: after(days[0]).as("after_0"),
      after1: after(days[1]).as("after_1"),
      after2: after(days[2]).as("after_2"),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.workspaceId, workspaceId),
        gt(transactions.date, days[0]),
        isNotNull(leg.owner),
        leg.when,
        leg.only !== undefined ? eq(leg.owner, leg.only) : undefined,
      ),
    )
    .groupBy(leg.owner);
}

/**
 * The movement dated after each possible today, for a read batch: into and out of each account (a
 * leg moves its account in that account's currency: the destination's amount in, the origin's out),
 * and on each credit-mode card (a purchase adds debt, a payment or refund takes it off). `accountId`
 * keeps it to one account.
 */
export function laterMovementQueries(ctx: ServiceContext, workspaceId: string, accountId?: string) {
  const now = ctx.clock.now();
  const t = transactions;
  const credit = (mode: SQLiteColumn) => eq(mode, "credit");
  return {
    laterInflows: movementAfter(ctx, workspaceId, now, {
      owner: t.destinationAccountId,
      amount: t.destinationAmountCents,
      only: accountId,
    }),
    laterOutflows: movementAfter(ctx, workspaceId, now, {
      owner: t.originAccountId,
      amount: t.amountCents,
      only: accountId,
    }),
    laterCharges: movementAfter(ctx, workspaceId, now, {
      owner: t.originCardId,
      amount: t.amountCents,
      when: credit(t.originCardMode),
      only: accountId === undefined ? undefined : "",
    }),
    laterCardPayments: movementAfter(ctx, workspaceId, now, {
      owner: t.destinationCardId,
      amount: t.destinationAmountCents,
      when: credit(t.destinationCardMode),
      only: accountId === undefined ? undefined : "",
    }),
  };
}

type MovementRow = { ownerId: string; after0: bigint; after1: bigint; after2: bigint };
export type LaterMovement = {
  laterInflows: MovementRow[];
  laterOutflows: MovementRow[];
  laterCharges: MovementRow[];
  laterCardPayments: MovementRow[];
};

/** Each account's and card's net movement dated after `today`: money in less money out, debt added less debt paid. */
function netAfter(later: LaterMovement, today: string, now: Date) {
  const column = (["after0", "after1", "after2"] as const)[Math.max(0, candidateDays(now).indexOf(today))]!;
  const sum = (into: Map<string, bigint>, rows: MovementRow[], sign: 1n | -1n) => {
    for (const row of rows) into.set(row.ownerId, (into.get(row.ownerId) ?? 0n) + sign * row[column]);
    return into;
  };
  return {
    accounts: sum(sum(new Map(), later.laterInflows, 1n), later.laterOutflows, -1n),
    cards: sum(sum(new Map(), later.laterCharges, 1n), later.laterCardPayments, -1n),
  };
}

type AccountRow = { id: string; balanceCents: number };
type CardRow = { id: string; debtCents: number };

/** The accounts, and the cards with their accounts, as of `today`: kept balances and debts less what is dated later. */
export function asOfToday<Account extends AccountRow, Card extends CardRow, CardAccount extends AccountRow>(
  rows: { accounts: readonly Account[]; cards?: readonly { card: Card; account: CardAccount }[] },
  later: LaterMovement,
  today: string,
  now: Date,
): { accounts: Account[]; cards: { card: Card & { committedDebtCents: number }; account: CardAccount }[] } {
  const net = netAfter(later, today, now);
  const account = <Row extends AccountRow>(row: Row): Row => {
    const movement = net.accounts.get(row.id);
    return movement ? { ...row, balanceCents: row.balanceCents - Number(movement) } : row;
  };
  // The kept debt stays alongside: later charges (a plan's installments) already hold the limit.
  const card = <Row extends CardRow>(row: Row): Row & { committedDebtCents: number } => {
    const movement = net.cards.get(row.id);
    const committedDebtCents = row.debtCents;
    return movement
      ? { ...row, debtCents: row.debtCents - Number(movement), committedDebtCents }
      : { ...row, committedDebtCents };
  };
  return {
    accounts: rows.accounts.map(account),
    cards: (rows.cards ?? []).map((row) => ({ card: card(row.card), account: account(row.account) })),
  };
}
