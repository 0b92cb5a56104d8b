/**
 * Where committed money moves after today, leg by leg (docs/api.md "Analytics"): the amounts the
 * planned items post (./projection.ts) on the accounts and credit cards they name, and what the
 * credit cards' statements falling due ask to be paid from the cards' accounts. The balance trend
 * draws it per account day by day; the cash-flow projection sums it per horizon. Pure: the caller
 * reads the rows in its one batch.
 */
import type { CardMode, TransactionKind } from "../../db/enums.ts";
import { type CardCycle, closingDateFor, dueDateFor, periodClosingOn } from "../cards/statements.ts";
import { convertUnits } from "../currency/conversion.ts";
import { addDays } from "../ledger/dates.ts";
import type { PlannedFlow } from "./projection.ts";

export type ProjectionAccount = { id: string; currency: string };

/** A card as the projection needs it: where it is paid from, its cycle and what it owes now (every posted entry, dated ahead too). */
export type ProjectionCard = {
  id: string;
  accountId: string;
  mode: CardMode;
  billingCycleDay: number;
  dueDay: number;
  debtCents: number;
};

/** A card leg's day of the rollup (ledger_day_flows, leg `card:{id}`): charges go `out`, payments and refunds come `in`. */
export type CardDay = { leg: string; day: string; kind: TransactionKind; direction: "in" | "out"; units: bigint };

/** A card's day as the statements read it: what its leg moved, whatever the kind (charges are its `out` days). */
export type CardLegDay = Pick<CardDay, "leg" | "day" | "direction" | "units">;

/** An amount that will move an account's balance on `date`: positive in, negative out, in the account's currency. */
export type AccountMovement = { accountId: string; date: string; units: bigint };

/** A planned amount on a credit-mode card, in its currency: a charge raises its debt, a payment lowers it. */
export type CardMovement = { cardId: string; date: string; kind: TransactionKind; units: bigint };

/** What a card's statement due on `due` still asks for (in the card's currency), paid from `accountId`. */
export type StatementDue = { cardId: string; accountId: string; due: string; units: bigint };

/** How far before today the card rollup is read: every statement still due closed after that. */
export const statementLookbackDays = 75;

type Leg = { type: "account"; accountId: string; currency: string } | { type: "card"; card: ProjectionCard };

/**
 * The legs of planned flows as the ledger would move them: an account, or a debit-mode card's
 * account, moves its balance; a credit-mode card moves its debt (a charge now, a payment of it). A
 * leg that no longer exists moves nothing. What arrives across currencies is the flow's amount at its
 * kept rate, as when posted.
 */
export function plannedLegMovements(
  flows: readonly PlannedFlow[],
  accounts: ReadonlyMap<string, ProjectionAccount>,
  cards: ReadonlyMap<string, ProjectionCard>,
) {
  const legOf = (ref: string | null): Leg | null => {
    if (!ref) return null;
    const [type, id] = ref.split(":") as [string, string];
    const card = type === "card" ? cards.get(id) : undefined;
    if (card?.mode === "credit") return { type: "card", card };
    const account = accounts.get(card ? card.accountId : type === "account" ? id : "");
    return account ? { type: "account", accountId: account.id, currency: account.currency } : null;
  };
  const accountMovements: AccountMovement[] = [];
  const cardMovements: CardMovement[] = [];
  for (const flow of flows) {
    const origin = legOf(flow.legs.origin);
    const destination = legOf(flow.legs.destination);
    const leaving = BigInt(flow.amountCents);
    const { date, kind } = flow;
    if (origin?.type === "account") accountMovements.push({ accountId: origin.accountId, date, units: -leaving });
    if (origin?.type === "card") cardMovements.push({ cardId: origin.card.id, date, kind, units: leaving });
    if (!destination) continue;
    const currency =
      destination.type === "account" ? destination.currency : accounts.get(destination.card.accountId)?.currency;
    const rate = flow.legs.conversionRateMicros;
    const arriving = rate && currency ? convertUnits(leaving, flow.currency, currency, rate) : leaving;
    if (destination.type === "account")
      accountMovements.push({ accountId: destination.accountId, date, units: arriving });
    else cardMovements.push({ cardId: destination.card.id, date, kind, units: -arriving });
  }
  return { accountMovements, cardMovements };
}

/** A card's open statement (the one holding `today`) and the one that closed before it. */
export function statementsAround(card: Pick<ProjectionCard, "billingCycleDay" | "dueDay">, today: string) {
  const cycle: CardCycle = { billingDay: card.billingCycleDay, dueDay: card.dueDay };
  const open = periodClosingOn(closingDateFor(today, cycle.billingDay), cycle);
  const previous = periodClosingOn(closingDateFor(addDays(open.start, -1), cycle.billingDay), cycle);
  return { open, previous };
}

/** What was charged on a card (its leg's `out` days) from `from` to `to`, both included. */
export function chargedBetween(cardDays: readonly CardLegDay[], cardId: string, from: string, to: string): bigint {
  const leg = `card:${cardId}`;
  return cardDays.reduce(
    (sum, row) =>
      row.leg === leg && row.direction === "out" && row.day >= from && row.day <= to ? sum + row.units : sum,
    0n,
  );
}

/** The closing before `closing` in the card's cycle. */
const previousClosing = (closing: string, cycle: CardCycle) =>
  closingDateFor(addDays(periodClosingOn(closing, cycle).start, -1), cycle.billingDay);

/**
 * Each card's statements due after today up to `until`, with what each still asks for: the card's
 * debt (every posted charge and payment, dated ahead too) with the planned charges dated in the
 * statement's period or before, less the planned payments; payments settle the oldest charges first,
 * so a statement asks for what is owed through its closing less what the statements before it ask
 * for. What statements already due still owe comes first, due `today`. Statements asking for nothing
 * are left out; each amount is in the card's currency.
 */
export function statementsDue({
  cards,
  cardDays,
  cardMovements,
  today,
  until,
}: {
  cards: readonly ProjectionCard[];
  cardDays: readonly CardLegDay[];
  cardMovements: readonly CardMovement[];
  today: string;
  until: string;
}): StatementDue[] {
  const dues: StatementDue[] = [];
  for (const card of cards) {
    const cycle: CardCycle = { billingDay: card.billingCycleDay, dueDay: card.dueDay };
    const leg = `card:${card.id}`;
    const postedCharges = cardDays.filter((row) => row.leg === leg && row.direction === "out");
    const planned = cardMovements.filter((movement) => movement.cardId === card.id);
    const plannedPayments = planned.reduce((sum, movement) => (movement.units < 0n ? sum - movement.units : sum), 0n);
    const owedThrough = (closing: string) => {
      let owed = BigInt(card.debtCents) - plannedPayments;
      for (const row of postedCharges) if (row.day > closing) owed -= row.units;
      for (const movement of planned) if (movement.units > 0n && movement.date <= closing) owed += movement.units;
      return owed > 0n ? owed : 0n;
    };
    let closing = closingDateFor(today, cycle.billingDay);
    while (dueDateFor(closing, cycle) > today) closing = previousClosing(closing, cycle);
    let owedBefore = owedThrough(closing);
    if (owedBefore > 0n) dues.push({ cardId: card.id, accountId: card.accountId, due: today, units: owedBefore });
    for (;;) {
      closing = closingDateFor(addDays(closing, 1), cycle.billingDay);
      const due = dueDateFor(closing, cycle);
      if (due > until) break;
      const owed = owedThrough(closing);
      if (owed <= owedBefore) continue;
      dues.push({ cardId: card.id, accountId: card.accountId, due, units: owed - owedBefore });
      owedBefore = owed;
    }
  }
  return dues.sort((a, b) => a.due.localeCompare(b.due));
}

/**
 * The movements of every account after today up to `until`: the planned flows' account legs, and
 * each credit card's statements paid from its account on their due dates. A movement dated today or
 * earlier (an item due and not posted yet, a statement overdue) has not happened: it counts from the
 * first day after today.
 */
export function projectedAccountMovements(input: {
  planned: readonly PlannedFlow[];
  accounts: ReadonlyMap<string, ProjectionAccount>;
  cards: readonly ProjectionCard[];
  cardDays: readonly CardDay[];
  today: string;
  until: string;
}): AccountMovement[] {
  const { planned, accounts, cards, cardDays, today, until } = input;
  const { accountMovements, cardMovements } = plannedLegMovements(
    planned,
    accounts,
    new Map(cards.map((card) => [card.id, card])),
  );
  const statementPayments = statementsDue({ cards, cardDays, cardMovements, today, until }).map((due) => ({
    accountId: due.accountId,
    date: due.due,
    units: -due.units,
  }));
  const tomorrow = addDays(today, 1);
  return [...accountMovements, ...statementPayments].map((movement) =>
    movement.date <= today ? { ...movement, date: tomorrow } : movement,
  );
}
