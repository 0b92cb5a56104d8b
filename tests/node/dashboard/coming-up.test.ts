import { describe, expect, it } from "vitest";
import type { scheduledTransactions } from "../../../db/schema/index.ts";
import { comingUpFrom, type ComingUpInput } from "../../../worker/dashboard/coming-up.ts";
import { converterTo } from "../../../worker/dashboard/converted-figures.ts";

const now = new Date("2026-11-27T12:00:00.000Z");
const nubank = {
  id: "card-1",
  name: "Nubank",
  accountId: "account-1",
  mode: "credit" as const,
  billingCycleDay: 20,
  dueDay: 30,
  debtCents: 50_000,
  currency: "BRL",
  isActive: true,
};
const charge = {
  leg: "card:card-1",
  day: "2026-11-15",
  kind: "expense" as const,
  direction: "out" as const,
  units: 50_000n,
};
const rent = {
  id: "scheduled-1",
  workspaceId: "w",
  kind: "expense",
  description: "Aluguel",
  amountCents: 200_000,
  currency: "BRL",
  origin: "account:account-1",
  destination: null,
  conversionRateMicros: null,
  scheduledDate: "2026-11-28",
  status: "pending",
} as unknown as typeof scheduledTransactions.$inferSelect;

function input(overrides: Partial<ComingUpInput> = {}): ComingUpInput {
  return {
    today: "2026-11-27",
    currency: "BRL",
    converter: converterTo("BRL", [], now),
    totalBalanceCents: 300_000n,
    accounts: [{ id: "account-1", currency: "BRL" }],
    cards: [nubank],
    cardDays: [charge],
    planned: { scheduledRows: [rent], recurringRows: [], planRows: [], loanRows: [] },
    monthTagSpending: [],
    ...overrides,
  };
}

describe("what the dashboard says is coming", () => {
  it("shows each card's statement to pay next: closed and owed, overdue, or the open one so far", () => {
    expect(comingUpFrom(input()).cards).toEqual([
      {
        uuid: "card-1",
        name: "Nubank",
        currency: "BRL",
        closing: "2026-11-20",
        due: "2026-11-30",
        amount: "500.00",
        status: "closed",
      },
    ]);
    expect(comingUpFrom(input({ today: "2026-12-03" })).cards[0]).toMatchObject({
      amount: "500.00",
      status: "overdue",
    });
    // Paid: the open statement, with what it holds so far.
    const paid = comingUpFrom(
      input({
        cards: [{ ...nubank, debtCents: 7_000 }],
        cardDays: [
          charge,
          { ...charge, day: "2026-11-25", units: 7_000n },
          { ...charge, direction: "in", day: "2026-11-26" },
        ],
      }),
    );
    expect(paid.cards[0]).toMatchObject({ closing: "2026-12-20", due: "2026-12-30", amount: "70.00", status: "open" });
  });

  it("lists the next 7 days in date order with the total balance after each", () => {
    const { week, week_end } = comingUpFrom(input());
    expect(week_end).toBe("2026-12-04");
    expect(
      week.map(({ date, description, amount, balance_after }) => ({ date, description, amount, balance_after })),
    ).toEqual([
      { date: "2026-11-28", description: "Aluguel", amount: "2000.00", balance_after: "1000.00" },
      { date: "2026-11-30", description: "Nubank", amount: "500.00", balance_after: "500.00" },
    ]);
    // A flow in a currency no kept rate converts: the balance after it, and after what follows, is not said.
    const dollars = comingUpFrom(input({ accounts: [{ id: "account-1", currency: "USD" }], cards: [], cardDays: [] }));
    expect(dollars.week.map((item) => item.balance_after)).toEqual([null]);
  });

  it("sums this month's spending per category, largest first, at most five", () => {
    const rows = ["Mercado", "Casa", "Lazer", "Saúde", "Transporte", "Educação"].map((name, index) => ({
      month: "2026-11",
      tagId: `t${index}`,
      name,
      color: "#123456",
      currency: "BRL",
      units: BigInt((index + 1) * 1000),
    }));
    const categories = comingUpFrom(
      input({ monthTagSpending: [...rows, { ...rows[0]!, month: "2026-10", units: 999_999n }] }),
    ).categories;
    expect(categories.map((category) => [category.name, category.amount])).toEqual([
      ["Educação", "60.00"],
      ["Transporte", "50.00"],
      ["Saúde", "40.00"],
      ["Lazer", "30.00"],
      ["Casa", "20.00"],
    ]);
  });
});
