import { and, eq, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { possibleTodays } from "../ledger/dates.ts";
import { exactSum } from "../ledger/sums.ts";
import { reusableRead } from "../../db/reusable-read.ts";

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

type Leg = { owner: SQLiteColumn; amount: SQLiteColumn; when?: SQL };
type MovementValues = { workspaceId: string; day0: string; day1: string; day2: string; only?: string };

/**
 * One kind of leg's amounts dated after each candidate day, grouped by the account or card it moves; with
 * `isOne`, only the one whose id is the `only` value.
 */
function movementAfter(leg: Leg, isOne: boolean) {
  return reusableRead<MovementValues>()((db, value) => {
    const after = (day: "day0" | "day1" | "day2") =>
      exactSum(sql`case when ${transactions.date} > ${value(day)} then ${leg.amount} end`);
    return db
      .select({
        ownerId: sql<string>`${leg.owner}`.as("owner_id"),
        after0: after("day0").as("after_0"),
        after1: after("day1").as("after_1"),
        after2: after("day2").as("after_2"),
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, value("workspaceId")),
          gt(transactions.date, value("day0")),
          isNotNull(leg.owner),
          leg.when,
          isOne ? eq(leg.owner, value("only")) : undefined,
        ),
      )
      .groupBy(leg.owner);
  });
}

const t = transactions;
const legs = {
  laterInflows: { owner: t.destinationAccountId, amount: t.destinationAmountCents },
  laterOutflows: { owner: t.originAccountId, amount: t.amountCents },
  laterCharges: { owner: t.originCardId, amount: t.amountCents, when: eq(t.originCardMode, "credit") },
  laterCardPayments: {
    owner: t.destinationCardId,
    amount: t.destinationAmountCents,
    when: eq(t.destinationCardMode, "credit"),
  },
} satisfies Record<string, Leg>;
const movementReads = {
  all: {
    laterInflows: movementAfter(legs.laterInflows, false),
    laterOutflows: movementAfter(legs.laterOutflows, false),
    laterCharges: movementAfter(legs.laterCharges, false),
    laterCardPayments: movementAfter(legs.laterCardPayments, false),
  },
  one: {
    laterInflows: movementAfter(legs.laterInflows, true),
    laterOutflows: movementAfter(legs.laterOutflows, true),
    laterCharges: movementAfter(legs.laterCharges, true),
    laterCardPayments: movementAfter(legs.laterCardPayments, true),
  },
};

/**
 * The movement dated after each possible today, for a read batch: into and out of each account (a
 * leg moves its account in that account's currency: the destination's amount in, the origin's out),
 * and on each credit-mode card (a purchase adds debt, a payment or refund takes it off). `accountId`
 * keeps it to one account (and so to no card).
 */
export function laterMovementQueries(ctx: ServiceContext, workspaceId: string, accountId?: string) {
  const [day0, day1, day2] = candidateDays(ctx.clock.now());
  const days = { workspaceId, day0, day1, day2 };
  if (accountId === undefined) {
    const { all } = movementReads;
    return {
      laterInflows: all.laterInflows(days),
      laterOutflows: all.laterOutflows(days),
      laterCharges: all.laterCharges(days),
      laterCardPayments: all.laterCardPayments(days),
    };
  }
  const { one } = movementReads;
  return {
    laterInflows: one.laterInflows({ ...days, only: accountId }),
    laterOutflows: one.laterOutflows({ ...days, only: accountId }),
    laterCharges: one.laterCharges({ ...days, only: "" }),
    laterCardPayments: one.laterCardPayments({ ...days, only: "" }),
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
