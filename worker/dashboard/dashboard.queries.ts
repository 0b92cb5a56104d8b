import { and, eq, gt, gte, inArray, sql, type SQL } from "drizzle-orm";
import { reusableRead } from "../../db/reusable-read.ts";
import { accounts, cards, loans, transactions, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { keptRateMicrosOnDay } from "../currency/rate-queries.ts";
import { exactCents, exactSum } from "../ledger/sums.ts";
import { workspaceCurrency } from "../ledger/workspace-currency.ts";

/**
 * The dashboard's aggregates, built to ride in the caller's one read batch. The workspace's
 * currency and time zone arrive in that same batch, so nothing here may depend on them in
 * JavaScript: the currency is read by a scalar subquery inside each statement, and the dates
 * are grouped around every boundary the time zone could put "today" on (see the service).
 */

/** Every total is an exact bigint read as text (ledger/sums.ts): past 2^53 cents a number read would throw. */
const total = exactSum;

/** Income counts what arrived, in the currency it arrived in. */
const incomeIn = (currency: SQL) =>
  sql`case when ${transactions.kind} = 'income' and ${transactions.destinationCurrency} = ${currency} then ${transactions.destinationAmountCents} end`;

/** An expense counts what left, in the currency it left in; optionally only what credit cards paid. */
const expensesIn = (currency: SQL, onlyCreditCards = false) => {
  const byCreditCard = onlyCreditCards ? sql` and ${transactions.originCardMode} = 'credit'` : sql``;
  return sql`case when ${transactions.kind} = 'expense' and ${transactions.currency} = ${currency}${byCreditCard} then ${transactions.amountCents} end`;
};

const accountTotals = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({
      currency: accounts.currency,
      balanceCents: total(sql`${accounts.balanceCents}`).as("balance_cents"),
      activeCount: sql<number>`count(case when ${accounts.isActive} then 1 end)`.as("active_count"),
    })
    .from(accounts)
    .where(eq(accounts.workspaceId, value("workspaceId")))
    .groupBy(accounts.currency),
);

/** Balance and account count per currency; archived accounts keep their money in the total. */
export function accountTotalsQuery(_ctx: ServiceContext, workspaceId: string) {
  return accountTotals({ workspaceId });
}

const cardTotals = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({
      currency: accounts.currency,
      debtCents: total(sql`${cards.debtCents}`).as("debt_cents"),
      creditLimitCents: total(sql`case when ${cards.mode} = 'credit' then ${cards.creditLimitCents} end`).as(
        "credit_limit_cents",
      ),
    })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(eq(cards.workspaceId, value("workspaceId")))
    .groupBy(accounts.currency),
);

/** What is owed on the cards and the limits they have, per currency (a card's is its account's). */
export function cardTotalsQuery(_ctx: ServiceContext, workspaceId: string) {
  return cardTotals({ workspaceId });
}

const loanTotals = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ currency: loans.currency, balanceCents: exactSum(sql`${loans.currentBalanceCents}`) })
    .from(loans)
    .where(and(eq(loans.workspaceId, value("workspaceId")), inArray(loans.status, ["active", "defaulted"])))
    .groupBy(loans.currency),
);

/** What active and defaulted loans still owe, per currency: the liability the net figure takes off. */
export function loanTotalsQuery(_ctx: ServiceContext, workspaceId: string) {
  return loanTotals({ workspaceId });
}

/**
 * A row with a side in another currency than the workspace's, as JSON for monthlyTotals: what
 * converted-figures.ts needs to count it (foreignDays), and for income and expenses the kept rate
 * on its day (micros; null when none is kept) of the currency it counts in — what arrived for
 * income, what left for an expense — into the workspace's. Other kinds are in no figure converted
 * at a day's rate, so they read none. One row's amount is bounded (ledger/amounts.ts), so a JSON
 * number holds it exactly. Kept short: sqld compiles a statement's text on every request, so each
 * expression here costs even when no row needs it.
 */
function foreignRowJson(currency: SQL) {
  const countedIn = sql`case when ${transactions.kind} = 'income' then ${transactions.destinationCurrency} else ${transactions.currency} end`;
  return sql`json_array(${transactions.date}, ${transactions.currency}, ${transactions.destinationCurrency},
    ${transactions.kind}, ${transactions.amountCents}, ${transactions.destinationAmountCents},
    ${transactions.originCardMode}, ${transactions.destinationCardMode},
    ${transactions.originAccountId} is not null, ${transactions.destinationAccountId} is not null,
    case when ${transactions.kind} in ('income', 'expense') then ${keptRateMicrosOnDay(countedIn, currency, transactions.date)} end)`;
}

const monthlyTotals = reusableRead<{ workspaceId: string; from: string }>()((db, value) => {
  // The workspace's row is joined once: its currency is a column here, not a subquery at each use.
  const currency = sql`${workspaces.currency}`;
  const month = sql<string>`substr(${transactions.date}, 1, 7)`;
  const isForeign = sql`${transactions.currency} <> ${currency} or ${transactions.destinationCurrency} <> ${currency}`;
  return db
    .select({
      month,
      incomeCents: total(incomeIn(currency)).as("income_cents"),
      expensesCents: total(expensesIn(currency)).as("expenses_cents"),
      creditCardSpendingCents: total(expensesIn(currency, true)).as("credit_card_spending_cents"),
      // Only the rows the filter lets through are built (and their rates read): none in a one-currency workspace.
      foreignRows: sql<string>`json_group_array(${foreignRowJson(currency)}) filter (where ${isForeign})`.as(
        "foreign_rows",
      ),
    })
    .from(transactions)
    .innerJoin(workspaces, eq(workspaces.id, transactions.workspaceId))
    .where(and(eq(transactions.workspaceId, value("workspaceId")), gte(transactions.date, value("from"))))
    .groupBy(month);
});

/**
 * Per calendar month (YYYY-MM) from `from` on, future-dated rows included: the income, expenses and
 * credit-card spending in the workspace's currency, and the rows with a side in another currency
 * (foreignRowJson), which the dashboard converts at each day's rate (README: "Exchange rates"). One
 * pass over the (workspace_id, date) index gives both.
 */
export function monthlyTotalsQuery(_ctx: ServiceContext, workspaceId: string, from: string) {
  return monthlyTotals({ workspaceId, from });
}

/** The read of datedBucketsQuery for `count` boundaries, each value a placeholder `boundary<k>`. */
function datedBucketsRead(count: number) {
  return reusableRead<Record<string, string>>()((db, value) => {
    const currency = workspaceCurrency(value("workspaceId"));
    const boundary = (index: number) => value(`boundary${index}`);
    const bucket = sql<number>`(${sql.join(
      Array.from({ length: count }, (_, index) => sql`(${transactions.date} > ${boundary(index)})`),
      sql` + `,
    )})`;
    // A leg's currency is its account's: the destination's for what arrives, the origin's for what leaves.
    const inflow = sql`case when ${transactions.destinationAccountId} is not null and ${transactions.destinationCurrency} = ${currency} then ${transactions.destinationAmountCents} end`;
    const outflow = sql`case when ${transactions.originAccountId} is not null and ${transactions.currency} = ${currency} then ${transactions.amountCents} end`;
    // A credit-mode card takes on debt at the origin and sheds it at the destination, in its account's currency.
    const charged = sql`case when ${transactions.originCardMode} = 'credit' and ${transactions.currency} = ${currency} then ${transactions.amountCents} end`;
    const paid = sql`case when ${transactions.destinationCardMode} = 'credit' and ${transactions.destinationCurrency} = ${currency} then ${transactions.destinationAmountCents} end`;
    return db
      .select({
        bucket,
        accountNetCents: exactCents(sql`coalesce(sum(${inflow}), 0) - coalesce(sum(${outflow}), 0)`).as(
          "account_net_cents",
        ),
        incomeCents: total(incomeIn(currency)).as("income_cents"),
        expensesCents: total(expensesIn(currency)).as("expenses_cents"),
        creditCardSpendingCents: total(expensesIn(currency, true)).as("credit_card_spending_cents"),
        cardDebtNetCents: exactCents(sql`coalesce(sum(${charged}), 0) - coalesce(sum(${paid}), 0)`).as(
          "card_debt_net_cents",
        ),
      })
      .from(transactions)
      .where(and(eq(transactions.workspaceId, value("workspaceId")), gt(transactions.date, boundary(0))))
      .groupBy(bucket);
  });
}

/** One read per number of boundaries: a handful exist (the possible todays, their month ends, a horizon). */
const datedBucketsReads = new Map<number, ReturnType<typeof datedBucketsRead>>();

/**
 * Transactions dated after `boundaries[0]`, summed per interval between consecutive boundaries
 * (sorted ascending): `bucket` k holds the dates in (boundaries[k-1], boundaries[k]], and the
 * last bucket everything after the last boundary. Per bucket: the net movement of the
 * workspace-currency accounts and credit-card debt, and the income, expenses and credit-card spending
 * in that currency.
 */
export function datedBucketsQuery(_ctx: ServiceContext, workspaceId: string, boundaries: readonly string[]) {
  let read = datedBucketsReads.get(boundaries.length);
  if (!read) {
    read = datedBucketsRead(boundaries.length);
    datedBucketsReads.set(boundaries.length, read);
  }
  return read({ workspaceId, ...Object.fromEntries(boundaries.map((day, index) => [`boundary${index}`, day])) });
}
