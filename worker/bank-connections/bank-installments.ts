import { and, asc, eq, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import {
  bankInstallmentPlans,
  bankLines,
  installmentPlans,
  plannedOccurrences,
  transactions,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { daysApart } from "../imports/duplicates.ts";
import { dayOfMonth, shiftMonth } from "../ledger/dates.ts";
import { installmentOfText } from "./installment-text.ts";
import type { RemoteLine } from "./providers/bank-provider.ts";

/**
 * A card's purchases em N vezes as the bank sends them (README: "Bank connections"): one line per bill,
 * "MAGAZINE LUIZA PARCELA 3/10". The first installment the sync sees of a purchase makes an installment
 * plan on the card, which posts the installments still ahead at once — so the card's limit holds them
 * exactly as for a plan typed in Moneta — and each later installment's line joins its installment
 * instead of being written again. A line of a plan the person typed (same count, the installment's
 * amount, on that statement) joins it as a match they can undo.
 *
 * A purchase is known by its words without the installment, its count, one installment's amount (give
 * or take the cents a first installment carries) and the month it was bought: the provider's purchase
 * day when it says, else the line's month less the installments before it, or the line's own month
 * (banks that date every installment on the purchase's day).
 */

type TransactionRow = typeof transactions.$inferSelect;
type PlanRow = typeof installmentPlans.$inferSelect;
type BankPlanRow = typeof bankInstallmentPlans.$inferSelect;

/** How far a typed plan's installment may be dated from the bank's line and still be the same one. */
const typedPlanDays = 20;

/**
 * The card's plans with an installment dated `from` or later, each with its installments (in order) and
 * whether a bank line joined each already; read in the sync's page batch.
 */
export function cardPlanQueries(ctx: ServiceContext, workspaceId: string, cardId: string, from: string) {
  const plansOfCard = ctx.db
    .selectDistinct({ id: plannedOccurrences.sourceId })
    .from(transactions)
    .innerJoin(plannedOccurrences, eq(plannedOccurrences.id, transactions.plannedOccurrenceId))
    .where(
      and(
        eq(transactions.originCardId, cardId),
        gte(transactions.date, from),
        isNotNull(transactions.plannedOccurrenceId),
        eq(plannedOccurrences.sourceKind, "installment"),
      ),
    );
  return {
    planRows: ctx.db
      .select({ plan: installmentPlans, bank: bankInstallmentPlans })
      .from(installmentPlans)
      .leftJoin(bankInstallmentPlans, eq(bankInstallmentPlans.planId, installmentPlans.id))
      .where(
        and(
          eq(installmentPlans.workspaceId, workspaceId),
          eq(installmentPlans.origin, `card:${cardId}`),
          ne(installmentPlans.status, "cancelled"),
          inArray(installmentPlans.id, plansOfCard),
        ),
      ),
    installmentRows: ctx.db
      .select({
        planId: plannedOccurrences.sourceId,
        transaction: transactions,
        joined: sql<number>`exists (select 1 from ${bankLines} where ${bankLines.transactionId} = ${transactions.id})`,
      })
      .from(plannedOccurrences)
      .innerJoin(transactions, eq(transactions.plannedOccurrenceId, plannedOccurrences.id))
      .where(and(eq(plannedOccurrences.sourceKind, "installment"), inArray(plannedOccurrences.sourceId, plansOfCard)))
      .orderBy(asc(plannedOccurrences.sourceId), asc(plannedOccurrences.occurrenceDate)),
  };
}

export type CardInstallment = { transaction: TransactionRow; joined: boolean };

export type KnownPlan = {
  plan: PlanRow;
  purchase: Pick<BankPlanRow, "purchase" | "installmentCount" | "installmentUnits" | "purchaseMonth"> | null;
  /** Installment `settledBeforeCount + 1` first. */
  installments: CardInstallment[];
};

/** A line's installment: the provider's fields, else the bank's words; with the purchase's own words. */
export type LineInstallment = {
  number: number;
  total: number;
  /** The purchase's words without the installment, as the bank writes them. */
  purchase: string;
  /** The whole purchase in minor units (positive), when the provider says. */
  totalUnits: number | null;
  purchaseDate: string | null;
};

export function installmentOfLine(
  line: RemoteLine,
  description: string,
  totalUnitsOf: (amount: string) => number | null,
): LineInstallment | null {
  const text = installmentOfText(description, { onCard: true });
  const given = line.installment;
  if (given && given.total > 1 && given.number >= 1 && given.number <= given.total) {
    const total = given.totalAmount === null ? null : totalUnitsOf(given.totalAmount);
    return {
      number: given.number,
      total: given.total,
      purchase: text?.purchase ?? description,
      totalUnits: total === null ? null : Math.abs(total),
      purchaseDate: given.purchaseDate,
    };
  }
  return text ? { ...text, totalUnits: null, purchaseDate: null } : null;
}

const monthOf = (date: string) => date.slice(0, 7);

function monthsBefore(date: string, months: number): string {
  const shifted = shiftMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)), -months);
  return dayOfMonth(shifted.year, shifted.month, Number(date.slice(8, 10)));
}

/** The purchase's day: the provider's, else the line's day as many months back as installments before it. */
export const purchaseDateOf = (installment: LineInstallment, lineDate: string) =>
  installment.purchaseDate ?? monthsBefore(lineDate, installment.number - 1);

export const purchaseWords = (purchase: string) => purchase.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();

export type Placement =
  /** The line is this installment of a plan: joined to its transaction (`created` for the sync's own plans). */
  | { type: "installment"; installment: CardInstallment; joined: "created" | "matched" }
  /**
   * An installment before the first one the sync's plan holds (a bank that pages its newest lines first):
   * the plan is extended back to it.
   */
  | { type: "earlier"; plan: KnownPlan }
  /** One the person's plan says was paid before it was recorded: the line is written as its own transaction. */
  | { type: "paid before" }
  /** A purchase not seen before: a plan is made of it. */
  | { type: "new plan" };

/** The card's plans as read, and those the page makes, to place each installment line. */
export function cardPlans(
  planRows: readonly { plan: PlanRow; bank: BankPlanRow | null }[],
  installmentRows: readonly { planId: string; transaction: TransactionRow; joined: number | boolean }[],
) {
  const plans: KnownPlan[] = planRows.map(({ plan, bank }) => ({
    plan,
    purchase: bank,
    installments: installmentRows
      .filter((row) => row.planId === plan.id)
      .map((row) => ({ transaction: row.transaction, joined: Boolean(row.joined) })),
  }));
  /** The transaction ids of the sync's own plans: never offered to the look-alike matching. */
  const bankMade = () =>
    new Set(plans.flatMap((known) => (known.purchase ? known.installments.map((entry) => entry.transaction.id) : [])));

  function place(installment: LineInstallment, units: number, lineDate: string): Placement {
    const amount = Math.abs(units);
    const words = purchaseWords(installment.purchase);
    const months = new Set(
      installment.purchaseDate
        ? [monthOf(installment.purchaseDate)]
        : [monthOf(purchaseDateOf(installment, lineDate)), monthOf(lineDate)],
    );
    for (const known of plans) {
      const { purchase, plan } = known;
      if (
        !purchase ||
        purchase.purchase !== words ||
        purchase.installmentCount !== installment.total ||
        Math.abs(purchase.installmentUnits - amount) > installment.total ||
        !months.has(purchase.purchaseMonth)
      )
        continue;
      const index = installment.number - plan.settledBeforeCount - 1;
      if (index < 0) return { type: "earlier", plan: known };
      const entry = known.installments[index];
      if (entry && !entry.joined) {
        entry.joined = true;
        return { type: "installment", installment: entry, joined: "created" };
      }
    }
    for (const known of plans) {
      const { purchase, plan } = known;
      if (purchase || plan.installmentCount !== installment.total) continue;
      const index = installment.number - plan.settledBeforeCount - 1;
      if (index < 0) {
        const bought = purchaseDateOf(installment, lineDate);
        if (
          Math.abs(plan.amountCents - amount) <= installment.total &&
          (daysApart(plan.purchaseDate, bought) <= typedPlanDays || daysApart(plan.purchaseDate, lineDate) <= 3)
        )
          return { type: "paid before" };
        continue;
      }
      const entry = known.installments[index];
      if (
        entry &&
        !entry.joined &&
        entry.transaction.amountCents === amount &&
        (daysApart(entry.transaction.date, lineDate) <= typedPlanDays || daysApart(plan.purchaseDate, lineDate) <= 3)
      ) {
        entry.joined = true;
        return { type: "installment", installment: entry, joined: "matched" };
      }
    }
    return { type: "new plan" };
  }

  /** A plan the page made: its first installment is the line's, the rest wait for theirs. */
  function added(plan: PlanRow, purchase: KnownPlan["purchase"], rows: readonly TransactionRow[]): CardInstallment {
    const installments = rows.map((transaction, index) => ({ transaction, joined: index === 0 }));
    plans.push({ plan, purchase, installments });
    return installments[0]!;
  }

  /** The sync's plan extended back to an earlier installment: `rows` are the installments it posts, the line's first. */
  function extended(known: KnownPlan, plan: PlanRow, rows: readonly TransactionRow[]): CardInstallment {
    const installments = rows.map((transaction, index) => ({ transaction, joined: index === 0 }));
    known.plan = plan;
    known.installments = [...installments, ...known.installments];
    return installments[0]!;
  }

  return { place, added, extended, bankMade };
}
