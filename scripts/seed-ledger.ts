/**
 * A believable ledger for a workspace: accounts, cards, tags and months of transactions,
 * written in bulk with balances and card debts that match the rows. Used by the demo seed
 * (a few hundred entries) and the ledger benchmark (100k and 1M). Deterministic: the same
 * seed number writes the same history.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { batchOfStatements } from "../db/named-batch.ts";
import {
  accounts,
  budgets,
  cards,
  exchangeRates,
  tags,
  transactions,
  transactionTags,
  workspaces,
} from "../db/schema/index.ts";
import { addDays } from "../worker/ledger/dates.ts";
import { effectsOf, noEffects } from "../worker/ledger/effects.ts";
import { tagLinkRows } from "../worker/ledger/tag-links.ts";
import type { Currency } from "../db/enums.ts";

type Options = {
  workspaceId: string;
  createdBy: string;
  count: number;
  lastDate: string;
  seed?: number;
  chunkSize?: number;
};

/** mulberry32: a tiny seeded generator, so runs are repeatable. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const expenses = [
  "Mercado",
  "Padaria",
  "Farmácia",
  "Uber",
  "iFood",
  "Conta de luz",
  "Internet",
  "Academia",
  "Cinema",
  "Posto de gasolina",
  "Restaurante",
  "Livraria",
];
const incomes = ["Salário", "Freelance", "Reembolso", "Pix recebido"];

/**
 * Runs one batch, sending it again while it is refused with SQLITE_BUSY: sqld's timed checkpoint holds the
 * write lock now and then, and a refused batch wrote nothing.
 */
async function sentAgainWhileBusy(batch: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await batch();
    } catch (error) {
      if (attempt === 5 || !String((error as Error)?.message).includes("SQLITE_BUSY")) throw error;
      await new Promise((wait) => setTimeout(wait, 1_000));
    }
  }
}

export async function seedLedger(db: Database, options: Options) {
  const random = generator(options.seed ?? 42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const { workspaceId, createdBy } = options;
  const now = new Date().toISOString();
  const account = (
    name: string,
    type: "checking" | "savings" | "credit",
    currency: Currency,
    cents: number,
    color: string,
    icon: string,
  ) => ({
    id: newId(),
    workspaceId,
    name,
    type,
    currency,
    initialBalanceCents: cents,
    balanceCents: cents,
    color,
    icon,
    createdAt: now,
  });
  const checking = account("Nubank", "checking", "BRL", 850_000, "#8B5CF6", "building-library");
  const savings = account("Poupança Caixa", "savings", "BRL", 2_400_000, "#22C55E", "banknotes");
  const dollars = account("Wise USD", "checking", "USD", 120_000, "#06B6D4", "wallet");
  const euros = account("Nomad EUR", "checking", "EUR", 80_000, "#F59E0B", "wallet");
  const credit = {
    id: newId(),
    workspaceId,
    accountId: checking.id,
    name: "Nubank Ultravioleta",
    lastFourDigits: "4821",
    issuer: "Mastercard",
    expiryDate: "2031-08",
    type: "credit" as const,
    mode: "credit" as const,
    creditLimitCents: 1_200_000,
    billingCycleDay: 28,
    dueDay: 8,
    color: "#673AB7",
    icon: "credit-card",
    debtCents: 0,
    createdAt: now,
  };
  const debit = {
    ...credit,
    id: newId(),
    name: "Débito Nubank",
    lastFourDigits: "1093",
    type: "debit" as const,
    mode: "debit" as const,
    creditLimitCents: null,
    color: "#3F51B5",
  };
  const tagRows = [
    ["Mercado", "#4CAF50"],
    ["Casa", "#2196F3"],
    ["Lazer", "#FF9800"],
    ["Transporte", "#795548"],
    ["Saúde", "#F44336"],
  ].map(([name, color]) => ({ id: newId(), workspaceId, name: name!, color: color!, createdAt: now }));
  await db.batch([
    db.insert(accounts).values([checking, savings, dollars, euros]),
    db.insert(cards).values([credit, debit]),
    db.insert(tags).values(tagRows),
  ]);

  const foreignSide = (roll: number) => ({
    account: roll < 0.58 ? dollars : euros,
    cents: Math.round(300 + random() * 4_000),
  });
  const effects = noEffects();
  const days = Math.max(1, Math.ceil(options.count / 8));
  let pending: (typeof transactions.$inferInsert)[] = [];
  let pendingTags: (typeof transactionTags.$inferInsert)[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const statements = [
      db.insert(transactions).values(pending),
      ...(pendingTags.length ? [db.insert(transactionTags).values(pendingTags)] : []),
    ];
    await sentAgainWhileBusy(() => batchOfStatements(db, statements));
    pending = [];
    pendingTags = [];
  };
  for (let index = 0; index < options.count; index++) {
    // Oldest first, so a card payment can settle most of the debt run up so far.
    const date = addDays(options.lastDate, Math.floor((index / options.count) * days) - days + 1);
    const roll = random();
    const debt = effects.cards.get(credit.id) ?? 0;
    const cents =
      roll >= 0.92
        ? Math.max(500, Math.round(debt * 0.9))
        : Math.round(500 + random() * (roll < 0.1 ? 600_000 : 30_000));
    const base = {
      id: newId(),
      workspaceId,
      description: "",
      date,
      amountCents: cents,
      currency: "BRL" as const,
      destinationAmountCents: cents,
      destinationCurrency: "BRL" as const,
      createdBy,
      createdAt: `${date}T12:00:00.000Z`,
    };
    // The last 120 days also spend dollars and euros abroad (a trip, a subscription), a few a day.
    const foreign = date > addDays(options.lastDate, -120) && roll >= 0.55 && roll < 0.6 ? foreignSide(roll) : null;
    const row = foreign
      ? {
          ...base,
          kind: "expense" as const,
          description: pick(expenses),
          originAccountId: foreign.account.id,
          currency: foreign.account.currency,
          destinationCurrency: foreign.account.currency,
          amountCents: foreign.cents,
          destinationAmountCents: foreign.cents,
        }
      : roll < 0.1
        ? { ...base, kind: "income" as const, description: pick(incomes), destinationAccountId: checking.id }
        : roll < 0.55
          ? {
              ...base,
              kind: "expense" as const,
              description: pick(expenses),
              originCardId: credit.id,
              originCardMode: "credit" as const,
            }
          : roll < 0.75
            ? {
                ...base,
                kind: "expense" as const,
                description: pick(expenses),
                originCardId: debit.id,
                originCardMode: "debit" as const,
                originAccountId: checking.id,
              }
            : roll < 0.92
              ? { ...base, kind: "expense" as const, description: pick(expenses), originAccountId: checking.id }
              : {
                  ...base,
                  kind: "pay_credit_card" as const,
                  description: "Pagamento da fatura",
                  originAccountId: checking.id,
                  destinationCardId: credit.id,
                  destinationCardMode: "credit" as const,
                };
    const complete = {
      originAccountId: null,
      originCardId: null,
      originCardMode: null,
      destinationAccountId: null,
      destinationCardId: null,
      destinationCardMode: null,
      ...row,
    };
    effectsOf(complete, 1, effects);
    pending.push(complete);
    if (row.kind === "expense" && random() < 0.6)
      pendingTags.push(...tagLinkRows(row.id, [{ id: pick(tagRows).id, parentId: null }]));
    if (pending.length >= (options.chunkSize ?? 500)) await flush();
  }
  await flush();
  // The balances the rows imply, written once at the end instead of per row.
  await sentAgainWhileBusy(() =>
    batchOfStatements(db, [
      ...[...effects.accounts].map(([id, delta]) =>
        db
          .update(accounts)
          .set({ balanceCents: sql`${accounts.balanceCents} + ${delta}` })
          .where(sql`${accounts.id} = ${id}`),
      ),
      ...[...effects.cards].map(([id, delta]) =>
        db
          .update(cards)
          .set({ debtCents: sql`${cards.debtCents} + ${delta}` })
          .where(sql`${cards.id} = ${id}`),
      ),
      db
        .update(workspaces)
        .set({ transactionCount: sql`${workspaces.transactionCount} + ${options.count}` })
        .where(sql`${workspaces.id} = ${workspaceId}`),
    ]),
  );
  // Daily rates for those 120 days (and a little before), as the providers would have given them.
  const rateRows = Array.from({ length: 130 }, (_, back) => addDays(options.lastDate, -back)).flatMap(
    (rateDate, back) => [
      {
        base: "USD",
        quote: "BRL",
        rateDate,
        rateMicros: 5_300_000 + (back % 7) * 10_000,
        source: "frankfurter",
        fetchedAt: now,
      },
      {
        base: "EUR",
        quote: "BRL",
        rateDate,
        rateMicros: 6_150_000 + (back % 5) * 10_000,
        source: "frankfurter",
        fetchedAt: now,
      },
    ],
  );
  await sentAgainWhileBusy(() => db.insert(exchangeRates).values(rateRows).onConflictDoNothing());
  return { accounts: { checking, savings, dollars, euros }, cards: { credit, debit }, tags: tagRows };
}

/**
 * Budgets as a workspace that keeps them has, for the dashboard's alerts and the budget analysis to
 * read: one on each tag from this month, and one on all spending that rolls over from 11 months back
 * (so what it carries is worked out from every month since).
 */
export async function seedBudgets(
  db: Database,
  options: { workspaceId: string; createdBy: string; tags: ReadonlyArray<{ id: string }>; now: Date },
) {
  const { now } = options;
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const budget = (
    tagId: string | null,
    amountCents: number,
    rollover: boolean,
    startMonth: string,
  ): typeof budgets.$inferInsert => ({
    id: newId(),
    workspaceId: options.workspaceId,
    tagId,
    amountCents,
    currency: "BRL",
    rollover,
    startMonth,
    createdBy: options.createdBy,
    createdAt: now.toISOString(),
  });
  await db
    .insert(budgets)
    .values([
      budget(null, 5_000_000, true, yearAgo.toISOString().slice(0, 7)),
      ...options.tags.map((tag) => budget(tag.id, 500_000, false, now.toISOString().slice(0, 7))),
    ]);
}
